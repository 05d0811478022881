import { randomBytes } from 'node:crypto';
import { readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, expect, it, inject } from 'vitest';
import { freePort, startServerProcess, stopServerProcess, type ServerProcess } from '../server-process';
import { decodeQuotedPrintable } from '../test-smtp';
import { DEMO_ACCESS_TOKEN, DEMO_PASSWORD } from '../../src/features/demo/demo-accounts';

// A server given DATABASE_URL (as in production) on an empty database: no demo, a first ADMIN by e-mail.
const database = `initial_${randomBytes(4).toString('hex')}`;
const dataDir = path.join(os.tmpdir(), `mirante-${database}`);
const serverUrl = inject('postgresServerUrl');
let server: ServerProcess | undefined;

async function sql<Row>(connection: string, query: string): Promise<Row[]> {
  const client = new pg.Client({ connectionString: connection });
  await client.connect();
  try {
    return (await client.query(query)).rows as Row[];
  } finally {
    await client.end();
  }
}

const admin = (query: string) => sql(`${serverUrl}/postgres`, query);

afterAll(async () => {
  if (server) await stopServerProcess(server, 'SIGTERM');
  await admin(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`).catch(() => undefined);
  await admin(`DROP DATABASE IF EXISTS ${database}_c WITH (FORCE)`).catch(() => undefined);
  await rm(dataDir, { recursive: true, force: true });
  await rm(`${dataDir}_c`, { recursive: true, force: true });
});

/** The password link of the e-mail to `address` in the outbox, once a process that works the mail queue wrote it. */
async function definitionLinkToken(outbox: string, address: string): Promise<string | undefined> {
  for (let waited = 0; waited < 30_000; waited += 250) {
    const names = await readdir(outbox).catch(() => [] as string[]);
    const mails = await Promise.all(
      names.map(async (name) => decodeQuotedPrintable(await readFile(path.join(outbox, name), 'utf8'))),
    );
    const definition = mails.find((mail) => mail.includes(address));
    if (definition) return /\/auth\/pass\?t=([A-Za-z0-9_-]+)/.exec(definition)?.[1];
    await sleep(250);
  }
  return undefined;
}

const post = (url: string, body: object) =>
  fetch(`${server?.baseUrl}/api/v1${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

it('with DATABASE_URL an empty database gets no demo data but a first ADMIN from ADMIN_EMAIL, who defines his password by e-mail', async () => {
  await admin(`CREATE DATABASE ${database}`);
  server = await startServerProcess(
    {
      DATABASE_URL: `${serverUrl}/${database}`,
      DATA_DIR: dataDir,
      SMTP_URL: '',
      ADMIN_EMAIL: 'dono@empresa.com.br',
    },
    await freePort(),
  );
  expect((await post('/user', { email: 'admin@mirante.app.br', password: DEMO_PASSWORD })).status).toBe(401);
  expect((await post('/user', { token: DEMO_ACCESS_TOKEN })).status).toBe(401);

  const passwordToken = await definitionLinkToken(path.join(dataDir, 'outbox'), 'dono@empresa.com.br');
  expect(passwordToken).toBeDefined();
  const defined = await post('/user/set-password', {
    password_token: passwordToken,
    password: 'segredo-forte-1',
    password_confirmation: 'segredo-forte-1',
  });
  expect(defined.status).toBe(200);
  expect(((await defined.json()) as { role: string }).role).toBe('ADMIN');
}, 360_000); // 1 × SERVER_START_LIMIT_MS (server-process.ts) + 120 s

it("with CLUSTER_WORKERS=2 the primary queues the first ADMIN's definition e-mail as a mail-send job, which an HTTP process delivers", async () => {
  const clustered = `${database}_c`;
  await admin(`CREATE DATABASE ${clustered}`);
  const cluster = await startServerProcess(
    {
      DATABASE_URL: `${serverUrl}/${clustered}`,
      DATA_DIR: `${dataDir}_c`,
      SMTP_URL: '',
      ADMIN_EMAIL: 'socia@empresa.com.br',
      CLUSTER_WORKERS: '2',
    },
    await freePort(),
  );
  try {
    const token = await definitionLinkToken(path.join(`${dataDir}_c`, 'outbox'), 'socia@empresa.com.br');
    expect(token).toBeDefined();
    const jobs = await sql<{ state: string; to: string }>(
      `${serverUrl}/${clustered}`,
      `SELECT state, data->>'to' AS to FROM pgboss.job WHERE name = 'mail-send'`,
    );
    expect(jobs).toEqual([{ state: 'completed', to: 'socia@empresa.com.br' }]);
  } finally {
    await stopServerProcess(cluster, 'SIGTERM');
  }
}, 360_000); // 1 × SERVER_START_LIMIT_MS (server-process.ts) + 120 s
