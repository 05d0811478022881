import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { loadConfig, withServerSecret, type AppConfig } from '../src/config';
import { createDb, type Db } from '../src/db/database';
import { DEMO_PASSWORD } from '../src/features/demo/demo-accounts';
import { buildApp } from '../src/app';
import { createMailer } from '../src/mail/mailer';
import { createServices, type ServiceOptions, type Services } from '../src/services';
import { createLocalStorage } from '../src/storage/local-storage';
import { startTestSmtp, type CapturedMail } from './test-smtp';

export interface TestContext {
  app: FastifyInstance;
  db: Db;
  services: Services;
  config: AppConfig;
  connectionString: string;
  mail: CapturedMail[];
  /** Signs in through the API and returns the api_token. */
  login(email: string, password?: string): Promise<string>;
  close(): Promise<void>;
}

async function createDatabaseFromTemplate(serverUrl: string): Promise<string> {
  const name = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: `${serverUrl}/postgres` });
  await admin.connect();
  try {
    // Clones are fast; retry while another file is cloning the same template (it must be unused to copy).
    for (let attempt = 0; ; attempt++) {
      try {
        await admin.query(`CREATE DATABASE ${name} TEMPLATE mirante_template`);
        break;
      } catch (error) {
        if (attempt > 50) throw error;
        await new Promise((r) => setTimeout(r, 100));
      }
    }
  } finally {
    await admin.end();
  }
  return `${serverUrl}/${name}`;
}

/**
 * A fresh database (demo data included), a real SMTP capture and the whole HTTP app, per test file. Scene
 * ingests and AI jobs run in the test's process; there is no AI processor unless `services.processor` names one.
 * `services.clock` replaces `Date.now` for the caches that expire by time (a test moves it past their TTL);
 * `services.cpu` replaces the process's CPU pool (a test that holds a task back).
 * The server's secret is made in the data folder as on a real start, unless `overrides.integrationKey` gives
 * one; `overrides.dataDir` names a data folder the test owns (it is then left in place on close).
 */
export async function createTestContext(
  overrides: Partial<AppConfig> = {},
  services: Pick<ServiceOptions, 'processor' | 'clock' | 'cpu'> = {},
): Promise<TestContext> {
  const connectionString = await createDatabaseFromTemplate(inject('postgresServerUrl'));
  const smtp = await startTestSmtp();
  const ownDataDir = overrides.dataDir === undefined;
  const dataDir = overrides.dataDir ?? (await mkdtemp(path.join(os.tmpdir(), 'mirante-api-data-')));
  const config: AppConfig = await withServerSecret(
    {
      ...loadConfig({}),
      dataDir,
      storageDir: path.join(dataDir, 'storage'),
      databaseUrl: connectionString,
      smtpUrl: smtp.url,
      appUrl: 'http://mirante.test',
      loginRateLimitPerMinute: 1000,
      ...overrides,
    },
    {},
  );
  const db = createDb(connectionString, 4);
  const infra = {
    config,
    db,
    mailer: createMailer({
      smtpUrl: config.smtpUrl,
      outboxDir: path.join(dataDir, 'outbox'),
      from: config.mailFrom,
    }),
    storage: createLocalStorage(config.storageDir),
  };
  const graph = createServices(infra, {
    processor: services.processor ?? null,
    clock: services.clock,
    cpu: services.cpu,
  });
  const app = await buildApp(infra, graph, { serveWeb: false });
  await app.ready();

  return {
    app,
    db,
    services: graph,
    config,
    connectionString,
    mail: smtp.messages,
    async login(email, password = DEMO_PASSWORD) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/v1/user',
        payload: { email, password },
      });
      if (response.statusCode !== 200)
        throw new Error(`login ${email}: ${response.statusCode} ${response.body}`);
      return (response.json() as { api_token: string }).api_token;
    },
    async close() {
      await app.close();
      await db.destroy();
      await smtp.close();
      if (ownDataDir) await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A second API process's app in this process: its own pool, services and app over `ctx`'s database. */
export async function createSiblingApp(
  ctx: TestContext,
  overrides: Partial<AppConfig> = {},
  services: Pick<ServiceOptions, 'clock'> = {},
): Promise<{ app: FastifyInstance; close(): Promise<void> }> {
  const config: AppConfig = { ...ctx.config, ...overrides };
  const db = createDb(ctx.connectionString, 4);
  const infra = {
    config,
    db,
    mailer: createMailer({
      smtpUrl: config.smtpUrl,
      outboxDir: path.join(config.dataDir, 'outbox'),
      from: config.mailFrom,
    }),
    storage: createLocalStorage(config.storageDir),
  };
  const app = await buildApp(infra, createServices(infra, { processor: null, clock: services.clock }), {
    serveWeb: false,
  });
  await app.ready();
  return {
    app,
    async close() {
      await app.close();
      await db.destroy();
    },
  };
}
