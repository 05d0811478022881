import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { StartupRefusal } from '../startup/refusal';
import { startEmbeddedPostgres } from './embedded-postgres';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

async function scratch(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'mirante-embedded-'));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

describe('embedded PostgreSQL start-up refusals', () => {
  it('says the port is in use and what to set, starting nothing', async () => {
    const busy: Server = createServer();
    await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve));
    cleanups.push(() => new Promise((resolve) => busy.close(() => resolve())));
    const port = (busy.address() as { port: number }).port;
    const dataDir = path.join(await scratch(), 'postgres');
    const started = startEmbeddedPostgres({ dataDir, port, database: 'x' });
    await expect(started).rejects.toBeInstanceOf(StartupRefusal);
    await expect(started).rejects.toThrow(
      `A porta ${port} do PostgreSQL embutido já está em uso (outra instância do Mirante ou outro programa). ` +
        'Defina EMBEDDED_PG_PORT (e PORT) com portas livres, ou encerre a outra instância.',
    );
  });

  it('refuses a data folder whose postmaster belongs to a running server, and leaves that process alone', async () => {
    const dataDir = path.join(await scratch(), 'postgres');
    // A live process whose parent is a Node process (this one), standing for a running server's postmaster.
    const postmaster = spawn('sleep', ['60'], { stdio: 'ignore' });
    cleanups.push(async () => void postmaster.kill('SIGKILL'));
    await mkdir(dataDir, { recursive: true });
    await writeFile(path.join(dataDir, 'PG_VERSION'), '18\n');
    await writeFile(path.join(dataDir, 'postmaster.pid'), `${postmaster.pid}\n${dataDir}\n`);
    const started = startEmbeddedPostgres({ dataDir, port: 1, database: 'x' });
    await expect(started).rejects.toBeInstanceOf(StartupRefusal);
    await expect(started).rejects.toThrow(
      `A pasta de dados ${dataDir} está em uso por outra instância do Mirante em execução (processo ` +
        `${process.pid}). Encerre essa instância ou use outra pasta (DATA_DIR).`,
    );
    expect(postmaster.exitCode).toBeNull();
    expect(postmaster.signalCode).toBeNull();
  });
});
