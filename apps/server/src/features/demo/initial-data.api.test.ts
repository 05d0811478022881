import { randomBytes } from 'node:crypto';
import { readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, expect, it, inject } from 'vitest';
import {
  freePort,
  startServerProcess,
  stopServerProcess,
  type ServerProcess,
} from '../../../test/server-process';
import { decodeQuotedPrintable } from '../../../test/test-smtp';
import { DEMO_ACCESS_TOKEN, DEMO_PASSWORD } from './demo-accounts';

// A server given DATABASE_URL (as in production) on an empty database: no demo, a first ADMIN by e-mail.
const database = `initial_${randomBytes(4).toString('hex')}`;
const dataDir = path.join(os.tmpdir(), `mirante-${database}`);
const serverUrl = inject('postgresServerUrl');
let server: ServerProcess | undefined;

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
  if (server) await stopServerProcess(server, 'SIGTERM');
  await admin(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`).catch(() => undefined);
  await rm(dataDir, { recursive: true, force: true });
});

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

  const outbox = path.join(dataDir, 'outbox');
  const mails = await Promise.all(
    (await readdir(outbox)).map(async (name) =>
      decodeQuotedPrintable(await readFile(path.join(outbox, name), 'utf8')),
    ),
  );
  const definition = mails.find((mail) => mail.includes('dono@empresa.com.br'));
  const passwordToken = /\/auth\/pass\?t=([A-Za-z0-9_-]+)/.exec(definition ?? '')?.[1];
  expect(passwordToken).toBeDefined();
  const defined = await post('/user/set-password', {
    password_token: passwordToken,
    password: 'segredo-forte-1',
    password_confirmation: 'segredo-forte-1',
  });
  expect(defined.status).toBe(200);
  expect(((await defined.json()) as { role: string }).role).toBe('ADMIN');
}, 120_000);
