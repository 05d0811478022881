import { createReadStream, createWriteStream } from 'node:fs';
import { copyFile, mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createFileHandleCache } from './file-handle-cache';
import type { Storage } from './storage';

/** Storage in a local folder; keys are relative paths and may not escape the root. */
export function createLocalStorage(root: string): Storage {
  const resolve = (key: string) => {
    const full = path.resolve(root, key);
    if (!full.startsWith(path.resolve(root) + path.sep))
      throw new Error(`Chave de armazenamento inválida: ${key}`);
    return full;
  };
  const ensureDir = (file: string) => mkdir(path.dirname(file), { recursive: true });
  const handles = createFileHandleCache();

  return {
    pageCached: true,
    localPath: (key) => resolve(key),
    async put(key, body) {
      const file = resolve(key);
      await ensureDir(file);
      const temp = `${file}.${process.pid}.tmp`;
      if (Buffer.isBuffer(body)) {
        const handle = await open(temp, 'w');
        try {
          await handle.writeFile(body);
          await handle.sync();
        } finally {
          await handle.close();
        }
      } else {
        await pipeline(body, createWriteStream(temp));
      }
      handles.drop(file);
      await rename(temp, file);
    },
    async putFile(key, localPath) {
      const file = resolve(key);
      await ensureDir(file);
      handles.drop(file);
      await copyFile(localPath, file);
    },
    async getStream(key): Promise<Readable> {
      const file = resolve(key);
      await stat(file);
      return createReadStream(file);
    },
    async readRange(key, offset, length, pool) {
      return handles.read(resolve(key), offset, length, pool);
    },
    async size(key) {
      try {
        return (await stat(resolve(key))).size;
      } catch {
        return null;
      }
    },
    async exists(key) {
      return (await this.size(key)) !== null;
    },
    async delete(key) {
      const file = resolve(key);
      handles.drop(file);
      await rm(file, { force: true });
    },
    async deletePrefix(prefix) {
      const folder = resolve(prefix);
      handles.dropUnder(folder + path.sep);
      await rm(folder, { recursive: true, force: true });
    },
    async *list(prefix) {
      const folder = resolve(prefix);
      const entries = await readdir(folder, { recursive: true, withFileTypes: true }).catch(() => []);
      for (const entry of entries) {
        if (!entry.isFile()) continue;
        const file = path.join(entry.parentPath, entry.name);
        const modified = await stat(file).then(
          (info) => info.mtime,
          () => null,
        );
        if (modified) yield { key: path.relative(root, file).split(path.sep).join('/'), modified };
      }
    },
  };
}
