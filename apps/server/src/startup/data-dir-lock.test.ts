import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { LOCK_FILE, lockDataDir } from './data-dir-lock';
import { StartupRefusal } from './refusal';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

async function scratch(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'mirante-lock-'));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

it('takes a free data folder, writing this process id', async () => {
  const dir = path.join(await scratch(), 'data');
  await lockDataDir(dir);
  expect(await readFile(path.join(dir, LOCK_FILE), 'utf8')).toBe(String(process.pid));
});

it('refuses a folder held by a running Node process, and leaves its lock alone', async () => {
  const dir = await scratch();
  const holder = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60_000)'], { stdio: 'ignore' });
  cleanups.push(async () => void holder.kill('SIGKILL'));
  await writeFile(path.join(dir, LOCK_FILE), String(holder.pid));
  const locked = lockDataDir(dir);
  await expect(locked).rejects.toBeInstanceOf(StartupRefusal);
  await expect(locked).rejects.toThrow(
    `A pasta de dados ${dir} está em uso por outra instância do Mirante em execução (processo ${holder.pid}). ` +
      'Encerre essa instância ou use outra pasta (DATA_DIR).',
  );
  expect(await readFile(path.join(dir, LOCK_FILE), 'utf8')).toBe(String(holder.pid));
});

it('takes over the lock of a server that is gone, or of a pid now running another program', async () => {
  const dir = await scratch();
  const gone = spawn(process.execPath, ['-e', ''], { stdio: 'ignore' });
  await new Promise((resolve) => gone.once('exit', resolve));
  await writeFile(path.join(dir, LOCK_FILE), String(gone.pid));
  await lockDataDir(dir);
  expect(await readFile(path.join(dir, LOCK_FILE), 'utf8')).toBe(String(process.pid));

  const other = spawn('sleep', ['60'], { stdio: 'ignore' });
  cleanups.push(async () => void other.kill('SIGKILL'));
  await writeFile(path.join(dir, LOCK_FILE), String(other.pid));
  await lockDataDir(dir);
  expect(await readFile(path.join(dir, LOCK_FILE), 'utf8')).toBe(String(process.pid));
});
