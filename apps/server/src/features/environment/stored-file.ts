import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { makeScratchDir } from '../../storage/scratch';
import type { Storage } from '../../storage/storage';

/** Runs `work` with a local path of a stored file (the file itself on local storage, else a temporary copy). */
export async function withStoredFile<T>(
  storage: Storage,
  key: string,
  work: (filePath: string) => Promise<T>,
) {
  const local = storage.localPath?.(key);
  if (local) return work(local);
  const dir = await makeScratchDir('environment');
  try {
    const file = path.join(dir, 'original');
    await pipeline(await storage.getStream(key), createWriteStream(file));
    return await work(file);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
