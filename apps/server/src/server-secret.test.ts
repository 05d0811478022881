import { chmod, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  deriveKey,
  legacyPathKey,
  loadOrCreateSecretFile,
  parseSecret,
  secretFilePath,
} from './server-secret';

let parent: string;
let dataDir: string;

beforeEach(async () => {
  parent = await mkdtemp(path.join(os.tmpdir(), 'mirante-secret-'));
  dataDir = path.join(parent, 'data');
});
afterEach(() => rm(parent, { recursive: true, force: true }));

describe("the server's secret in the data folder", () => {
  it('is made of random bytes on the first start, readable by the server’s user only, and kept', async () => {
    const key = await loadOrCreateSecretFile(dataDir);
    expect(key).toHaveLength(32);
    expect((await stat(secretFilePath(dataDir))).mode & 0o777).toBe(0o600);
    expect(parseSecret(await readFile(secretFilePath(dataDir), 'utf8'))).toEqual(key);
    expect(await loadOrCreateSecretFile(dataDir)).toEqual(key);
  });

  it('leaves a data folder it creates reachable by other users (the embedded PostgreSQL runs as its own)', async () => {
    await loadOrCreateSecretFile(dataDir);
    expect((await stat(dataDir)).mode & 0o011).toBe(0o011);
  });

  it('differs between two installs on the same path, and never is the path-derived key', async () => {
    const first = await loadOrCreateSecretFile(dataDir);
    await rm(dataDir, { recursive: true });
    const second = await loadOrCreateSecretFile(dataDir);
    expect(second).not.toEqual(first);
    expect(second).not.toEqual(legacyPathKey(dataDir));
  });

  it('is the same for processes starting together on one data folder', async () => {
    const keys = await Promise.all(Array.from({ length: 8 }, () => loadOrCreateSecretFile(dataDir)));
    for (const key of keys) expect(key).toEqual(keys[0]);
  });

  it('takes back its private mode when a copy left it readable by others', async () => {
    const key = await loadOrCreateSecretFile(dataDir);
    await chmod(secretFilePath(dataDir), 0o644);
    expect(await loadOrCreateSecretFile(dataDir)).toEqual(key);
    expect((await stat(secretFilePath(dataDir))).mode & 0o777).toBe(0o600);
  });

  it('stops on a damaged file, saying what to do, and does not replace it', async () => {
    await loadOrCreateSecretFile(dataDir);
    await writeFile(secretFilePath(dataDir), 'não é uma chave\n');
    await expect(loadOrCreateSecretFile(dataDir)).rejects.toThrow(
      /Chave do servidor ilegível .*Restaure-o do backup/,
    );
    expect(await readFile(secretFilePath(dataDir), 'utf8')).toBe('não é uma chave\n');
  });
});

describe('keys for one purpose', () => {
  it('differ per purpose and per secret', () => {
    const secret = Buffer.alloc(32, 3);
    expect(deriveKey(secret, 'tiles')).toHaveLength(32);
    expect(deriveKey(secret, 'tiles')).toEqual(deriveKey(secret, 'tiles'));
    expect(deriveKey(secret, 'tiles')).not.toEqual(deriveKey(secret, 'links'));
    expect(deriveKey(secret, 'tiles')).not.toEqual(deriveKey(Buffer.alloc(32, 4), 'tiles'));
  });
});

describe('parseSecret', () => {
  it('reads 32 bytes as base64 or 64 hex digits and nothing else', () => {
    const key = Buffer.alloc(32, 9);
    expect(parseSecret(key.toString('base64'))).toEqual(key);
    expect(parseSecret(` ${key.toString('hex')}\n`)).toEqual(key);
    expect(parseSecret(Buffer.alloc(16).toString('base64'))).toBeNull();
    expect(parseSecret('')).toBeNull();
    expect(parseSecret('a b c')).toBeNull();
  });
});
