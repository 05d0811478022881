import { randomBytes } from 'node:crypto';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../../src/db/embedded-postgres';
import { freePort, startServerProcess, stopServerProcess, type ServerProcess } from '../server-process';

/**
 * The "external" PostgreSQL: EXTERNAL_PG_URL's server when given, otherwise one this file starts from the
 * npm-shipped binaries (a PostgreSQL server of its own, which the Mirante server under test does not own).
 */
let adminUrl = process.env.EXTERNAL_PG_URL;
let external: EmbeddedDatabase | undefined;
let externalDir: string | undefined;
let unavailable = '';
const database = `mirante_ext_${randomBytes(4).toString('hex')}`;
const dataDir = path.join(os.tmpdir(), database);
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

beforeAll(async () => {
  if (adminUrl) return;
  externalDir = await mkdtemp(path.join(os.tmpdir(), 'mirante-external-pg-'));
  await chmod(externalDir, 0o755); // the embedded server runs as the 'postgres' user when we are root
  try {
    external = await startEmbeddedPostgres({
      dataDir: path.join(externalDir, 'postgres'),
      port: await freePort(),
      database: 'postgres',
    });
    adminUrl = external.connectionString;
  } catch (error) {
    unavailable = error instanceof Error ? error.message : String(error);
  }
}, 120_000);

afterAll(async () => {
  if (server) await stopServerProcess(server, 'SIGTERM');
  if (adminUrl) {
    await admin((c) => c.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`)).catch(() => undefined);
  }
  await external?.stop();
  if (externalDir) await rm(externalDir, { recursive: true, force: true });
  await rm(dataDir, { recursive: true, force: true });
}, 60_000);

it('runs against an external PostgreSQL given by DATABASE_URL (migrates, seeds, signs in)', async (context) => {
  const serverUrl =
    adminUrl ??
    context.skip(
      `nenhum PostgreSQL externo: EXTERNAL_PG_URL não definida e o PostgreSQL embutido não iniciou (${unavailable})`,
    );
  await admin((c) => c.query(`CREATE DATABASE ${database}`));
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  server = await startServerProcess(
    // An external database gets the demo only when asked (DEMO_DATA=1).
    { DATABASE_URL: url.toString(), DATA_DIR: dataDir, DEMO_DATA: '1' },
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
