import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { makeScratchDir } from './scratch';
import type { Storage } from './storage';

/**
 * Runs `work` with a local path of a stored file: the file itself when storage is a local folder, else a
 * temporary copy streamed from storage (S3), removed afterwards.
 */
export async function withLocalFile<T>(
  storage: Storage,
  key: string,
  work: (filePath: string) => Promise<T>,
): Promise<T> {
  const local = storage.localPath?.(key);
  if (local) return work(local);
  const dir = await makeScratchDir('local-file');
  try {
    const file = path.join(dir, 'original');
    await pipeline(await storage.getStream(key), createWriteStream(file));
    return await work(file);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
