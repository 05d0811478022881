import { existsSync } from 'node:fs';
import { chmod, mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  freePort,
  SERVER_START_LIMIT_MS,
  serverPids,
  spawnNodeProcess,
  startServerProcess,
  stopServerProcess,
  type ServerProcess,
} from '../server-process';

/*
 * A second instance that cannot start (its embedded PostgreSQL port, its HTTP port or its data folder taken by a
 * running instance) says why in pt-BR and what to do, exits 78 without being restarted by `npm start`'s
 * supervisor, and leaves the running instance and its data as they were.
 */

const REFUSED = 78;
const cleanups: (() => Promise<void>)[] = [];
let first: ServerProcess;
let firstDataDir: string;
let firstPgPort: number;
let firstHttpPort: number;

async function tempDir(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'mirante-startup-'));
  await chmod(dir, 0o755);
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

/** Runs `entry` until it exits, with the HTTP server on 127.0.0.1 and no demo imagery. */
async function runToExit(
  entry: string,
  env: Record<string, string>,
): Promise<{ code: number | null; output: string }> {
  const started = spawnNodeProcess(entry, {
    HOST: '127.0.0.1',
    DEMO_IMAGERY: '0',
    MIRANTE_WEB_BUILD: '0',
    SUPERVISOR_RESTART_DELAY_MS: '50',
    ...env,
  });
  cleanups.push(() => stopServerProcess(started, 'SIGKILL'));
  const code = await new Promise<number | null>((resolve) => started.child.once('exit', resolve));
  return { code, output: started.output() };
}

/** What the running instance holds: its rows, and its postmaster's pid. */
async function firstState(): Promise<{ users: number; projects: number; postmaster: string }> {
  const client = new pg.Client({
    connectionString: `postgres://mirante:mirante@127.0.0.1:${firstPgPort}/mirante`,
  });
  await client.connect();
  try {
    const count = async (table: string) =>
      Number((await client.query<{ n: string }>(`SELECT count(*) AS n FROM ${table}`)).rows[0]!.n);
    const pidFile = path.join(firstDataDir, 'postgres', 'postmaster.pid');
    return {
      users: await count('users'),
      projects: await count('projects'),
      postmaster: (await readFile(pidFile, 'utf8')).split('\n')[0]!,
    };
  } finally {
    await client.end();
  }
}

let before: Awaited<ReturnType<typeof firstState>>;

beforeAll(async () => {
  firstDataDir = await tempDir();
  firstPgPort = await freePort();
  firstHttpPort = await freePort();
  first = await startServerProcess(
    { DATA_DIR: firstDataDir, EMBEDDED_PG_PORT: String(firstPgPort) },
    firstHttpPort,
  );
  cleanups.push(() => stopServerProcess(first, 'SIGTERM'));
  before = await firstState();
}, SERVER_START_LIMIT_MS + 60_000);

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
}, 60_000);

describe('a second instance that cannot start', () => {
  it('says the embedded PostgreSQL port is in use, naming EMBEDDED_PG_PORT and PORT', async () => {
    const dataDir = await tempDir();
    const { code, output } = await runToExit('apps/server/src/main.ts', {
      DATA_DIR: dataDir,
      EMBEDDED_PG_PORT: String(firstPgPort),
      PORT: String(await freePort()),
    });
    expect(code).toBe(REFUSED);
    expect(output).toContain(
      `[mirante] Falha ao iniciar: A porta ${firstPgPort} do PostgreSQL embutido já está em uso (outra instância ` +
        'do Mirante ou outro programa). Defina EMBEDDED_PG_PORT (e PORT) com portas livres, ou encerre a outra ' +
        'instância.',
    );
    expect(output).not.toContain('undefined');
    // It let go of its own data folder on the way out.
    expect(existsSync(path.join(dataDir, 'mirante.pid'))).toBe(false);
  }, 90_000);

  it('says the HTTP port is in use, naming PORT, before starting a database', async () => {
    const dataDir = await tempDir();
    const { code, output } = await runToExit('apps/server/src/main.ts', {
      DATA_DIR: dataDir,
      EMBEDDED_PG_PORT: String(await freePort()),
      PORT: String(firstHttpPort),
    });
    expect(code).toBe(REFUSED);
    expect(output).toContain(
      `[mirante] Falha ao iniciar: A porta ${firstHttpPort} do servidor web (PORT) já está em uso (outra ` +
        'instância do Mirante ou outro programa). Defina PORT com uma porta livre (e EMBEDDED_PG_PORT, se for ' +
        'outra instância do Mirante), ou encerre a outra instância.',
    );
    expect(existsSync(path.join(dataDir, 'postgres'))).toBe(false);
  }, 90_000);

  it('refuses the data folder of the running instance, whatever its ports', async () => {
    const { code, output } = await runToExit('apps/server/src/main.ts', {
      DATA_DIR: firstDataDir,
      EMBEDDED_PG_PORT: String(await freePort()),
      PORT: String(await freePort()),
    });
    expect(code).toBe(REFUSED);
    expect(output).toContain(
      `[mirante] Falha ao iniciar: A pasta de dados ${firstDataDir} está em uso por outra instância do Mirante ` +
        `em execução (processo ${first.child.pid}). Encerre essa instância ou use outra pasta (DATA_DIR).`,
    );
  }, 90_000);

  it('under npm start, is not restarted: the supervisor stops with the message and code 78', async () => {
    const { code, output } = await runToExit('scripts/start.mjs', {
      DATA_DIR: await tempDir(),
      EMBEDDED_PG_PORT: String(firstPgPort),
      PORT: String(await freePort()),
    });
    expect(code).toBe(REFUSED);
    expect(serverPids(output)).toHaveLength(1);
    expect(output).toContain(`A porta ${firstPgPort} do PostgreSQL embutido já está em uso`);
    expect(output).toContain(
      'O servidor não pôde iniciar (veja o motivo acima); reiniciá-lo não resolveria, então o supervisor também ' +
        'encerra. Corrija a causa e rode `npm start` de novo.',
    );
    expect(output).not.toContain('reiniciando');
  }, 90_000);

  it('left the running instance answering, with its data and its PostgreSQL as they were', async () => {
    expect((await fetch(`${first.baseUrl}/api/v1/health`)).status).toBe(200);
    expect(await firstState()).toEqual(before);
    expect(before.users).toBeGreaterThan(0);
    expect(await readFile(path.join(firstDataDir, 'mirante.pid'), 'utf8')).toBe(String(first.child.pid));
  });
});
