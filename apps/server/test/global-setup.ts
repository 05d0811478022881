import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { createDb } from '../src/db/database';
import { startEmbeddedPostgres } from '../src/db/embedded-postgres';
import { migrate } from '../src/db/migrate';
import { seedDemoData } from '../src/features/demo/demo.seed';
import { freePort } from './server-process';

export const TEMPLATE_DATABASE = 'mirante_template';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Server URL without a database name, e.g. postgres://u:p@127.0.0.1:5555 */
    postgresServerUrl: string;
  }
}

/**
 * `embedded-postgres` registers `async-exit-hook`, whose 'beforeExit' handler calls `process.exit(0)`: that
 * would replace the exit code 1 that Vitest sets for failed tests, and CI would pass a failing run. An explicit
 * 0 therefore keeps an exit code already set.
 */
function keepFailureExitCode(): void {
  const exit = process.exit.bind(process);
  process.exit = ((code?: number | string | null) =>
    exit(code === 0 && process.exitCode ? process.exitCode : code)) as typeof process.exit;
}

/**
 * One PostgreSQL server for the whole API test run (embedded, or TEST_DATABASE_URL's server), with a
 * migrated and demo-seeded template database that every test file clones in milliseconds.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  keepFailureExitCode();
  let serverUrl: string;
  let teardown: () => Promise<void>;
  if (process.env.TEST_DATABASE_URL) {
    const url = new URL(process.env.TEST_DATABASE_URL);
    url.pathname = '';
    serverUrl = url.toString().replace(/\/$/, '');
    teardown = async () => undefined;
  } else {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'mirante-api-tests-'));
    await chmod(dir, 0o755); // the embedded server runs as the 'postgres' user when we are root
    const embedded = await startEmbeddedPostgres({
      dataDir: path.join(dir, 'postgres'),
      port: await freePort(),
      database: 'postgres',
    });
    serverUrl = embedded.connectionString.replace(/\/postgres$/, '');
    teardown = async () => {
      await embedded.stop();
      await rm(dir, { recursive: true, force: true });
    };
  }

  const admin = new pg.Client({ connectionString: `${serverUrl}/postgres` });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${TEMPLATE_DATABASE} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${TEMPLATE_DATABASE}`);
  const templateUrl = `${serverUrl}/${TEMPLATE_DATABASE}`;
  await migrate(templateUrl);
  const db = createDb(templateUrl, 2);
  await seedDemoData(db);
  await db.destroy();
  await admin.end();

  project.provide('postgresServerUrl', serverUrl);
  return teardown;
}
