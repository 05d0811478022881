import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, expect, it } from 'vitest';
import { freePort, startServerProcess, stopServerProcess, type ServerProcess } from './server-process';

// Debian's PostgreSQL on the development and CI machines (trust auth); override with EXTERNAL_PG_URL.
const adminUrl = process.env.EXTERNAL_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const database = `mirante_ext_${randomBytes(4).toString('hex')}`;
let server: ServerProcess | undefined;

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

afterAll(async () => {
  if (server) await stopServerProcess(server, 'SIGTERM');
  await admin((c) => c.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`)).catch(() => undefined);
});

it('runs against an external PostgreSQL given by DATABASE_URL (migrates, seeds, signs in)', async () => {
  await admin((c) => c.query(`CREATE DATABASE ${database}`));
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  server = await startServerProcess(
    // An external database gets the demo only when asked (DEMO_DATA=1).
    { DATABASE_URL: url.toString(), DATA_DIR: `/tmp/${database}`, DEMO_DATA: '1' },
    await freePort(),
  );
  expect(server.output()).toContain('externo (DATABASE_URL)');
  const response = await fetch(`${server.baseUrl}/api/v1/user`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@mirante.app.br', password: 'mirante2026' }),
  });
  expect(response.status).toBe(200);
  const migrated = new pg.Client({ connectionString: url.toString() });
  await migrated.connect();
  const tables = (await migrated.query<{ name: string }>('SELECT name FROM schema_migrations')).rows.map(
    (r) => r.name,
  );
  await migrated.end();
  expect(tables).toContain('001_foundation.sql');
}, 360_000); // 1 × SERVER_START_LIMIT_MS (server-process.ts) + 120 s
