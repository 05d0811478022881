import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createLocalStorage } from './local-storage';
import type { Storage } from './storage';
import { withLocalFile } from './local-file';

const root = await mkdtemp(path.join(os.tmpdir(), 'mirante-scene-file-'));
afterAll(() => rm(root, { recursive: true, force: true }));

describe('withLocalFile', () => {
  it('opens a local-storage file in place', async () => {
    const storage = createLocalStorage(root);
    await storage.put('scenes/1/original.tif', Buffer.from('pixels'));
    const seen = await withLocalFile(storage, 'scenes/1/original.tif', async (file) => file);
    expect(seen).toBe(path.join(root, 'scenes/1/original.tif'));
  });

  it('streams to a temporary file, removed afterwards, when storage has no local path (S3)', async () => {
    const local = createLocalStorage(root);
    await local.put('scenes/2/original.tif', Buffer.from('remote pixels'));
    const remote: Storage = { ...local, localPath: undefined };
    let temp = '';
    const content = await withLocalFile(remote, 'scenes/2/original.tif', async (file) => {
      temp = file;
      return readFileSync(file, 'utf8');
    });
    expect(content).toBe('remote pixels');
    expect(temp.startsWith(root)).toBe(false);
    expect(existsSync(temp)).toBe(false);
  });
});
