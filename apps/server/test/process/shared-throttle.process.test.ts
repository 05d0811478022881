import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, expect, it, inject } from 'vitest';
import {
  freePort,
  SERVER_START_LIMIT_MS,
  startServerProcess,
  stopServerProcess,
  type ServerProcess,
} from '../server-process';

// Two real API processes (`ROLE=api`, `LOGIN_RATE_LIMIT=3`) on one database count credential tries together.
const database = `throttle_${randomBytes(4).toString('hex')}`;
const serverUrl = inject('postgresServerUrl');
const dataDirs = [1, 2].map((n) => path.join(os.tmpdir(), `mirante-${database}-${n}`));
let servers: ServerProcess[] = [];

async function admin(query: string): Promise<void> {
  const client = new pg.Client({ connectionString: `${serverUrl}/postgres` });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}

afterAll(async () => {
  for (const server of servers) await stopServerProcess(server, 'SIGTERM');
  servers = [];
  await admin(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`).catch(() => undefined);
  for (const dir of dataDirs) await rm(dir, { recursive: true, force: true });
}, 60_000);

const signIn = (server: ServerProcess, email: string) =>
  fetch(`${server.baseUrl}/api/v1/user`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'errada' }),
  });

it(
  'two API processes on one database refuse the 4th wrong password at the configured limit, together',
  async () => {
    await admin(`CREATE DATABASE ${database}`);
    // One after the other: two processes starting at once on a fresh database can deadlock in pg-boss's
    // queue creation, which is not what this test is about.
    for (const dataDir of dataDirs) {
      const env = {
        DATABASE_URL: `${serverUrl}/${database}`,
        DATA_DIR: dataDir,
        ROLE: 'api',
        LOGIN_RATE_LIMIT: '3',
        SMTP_URL: '',
      };
      servers.push(await startServerProcess(env, await freePort()));
    }

    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await signIn(servers[i % 2]!, 'alguem@exemplo.com')).status);
    expect(statuses).toEqual([401, 401, 401, 429, 429, 429]);

    const together = await Promise.all(
      Array.from({ length: 12 }, (_, i) => signIn(servers[i % 2]!, 'outra@exemplo.com')),
    );
    const answered = together.filter((response) => response.status === 401).length;
    expect(answered).toBe(3);
    expect(together.filter((response) => response.status === 429)).toHaveLength(9);
  },
  2 * SERVER_START_LIMIT_MS,
);
