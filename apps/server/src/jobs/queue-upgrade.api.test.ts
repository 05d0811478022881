import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { SCENE_INGEST_QUEUE } from '../features/scenes/scenes.jobs';
import { MAIL_SEND_QUEUE } from '../mail/mail.jobs';
import { roleProcesses, type RoleProcesses } from '../../test/role-processes';
import { createTestContext, type TestContext } from '../../test/test-app';
import { LAYER_IMPORT_QUEUE } from '../import-jobs';
import { RETIRED_SCHEMA } from './queue-upgrade';

const PGBOSS_10_SCHEMA = new URL('../../test/pgboss10-schema.sql', import.meta.url);

let context: TestContext;
let processes: RoleProcesses | undefined;
let client: pg.Client;

beforeAll(async () => {
  context = await createTestContext();
  client = new pg.Client({ connectionString: context.connectionString });
  await client.connect();
});

afterEach(async () => {
  await processes?.stop();
  processes = undefined;
  await client.query('DROP SCHEMA IF EXISTS pgboss CASCADE');
});

afterAll(async () => {
  await client.end();
  await context.close();
});

interface QueuedJob {
  id: string;
  name: string;
  state: string;
  data: Record<string, unknown>;
  singletonKey: string | null;
}

async function jobs(): Promise<QueuedJob[]> {
  const { rows } = await client.query<QueuedJob>(
    `SELECT id::text, name, state::text, data, singleton_key AS "singletonKey" FROM pgboss.job
      WHERE name NOT LIKE '\\_\\_%' ORDER BY name, created_on`,
  );
  return rows;
}

/** Installs pg-boss 10's tables and its jobs in every state that matters to the upgrade. */
async function databaseOfPgBoss10(): Promise<Record<string, string>> {
  await client.query(await readFile(PGBOSS_10_SCHEMA, 'utf8'));
  for (const queue of [MAIL_SEND_QUEUE, SCENE_INGEST_QUEUE, LAYER_IMPORT_QUEUE, 'a-queue-now-gone'])
    await client.query(`SELECT pgboss.create_queue($1, '{"policy":"standard"}')`, [queue]);
  const job = async (name: string, state: string, data: object, singletonKey?: string) => {
    const { rows } = await client.query<{ id: string }>(
      `INSERT INTO pgboss.job (name, state, data, singleton_key, retry_limit, expire_in)
         VALUES ($1, $2, $3, $4, 8, interval '5 minutes') RETURNING id::text`,
      [name, state, data, singletonKey ?? null],
    );
    return rows[0]!.id;
  };
  return {
    waitingMail: await job(MAIL_SEND_QUEUE, 'created', { to: 'a@mirante.test', subject: 'Convite' }),
    retriedMail: await job(MAIL_SEND_QUEUE, 'retry', { to: 'b@mirante.test', subject: 'Senha' }),
    sentMail: await job(MAIL_SEND_QUEUE, 'completed', { to: 'c@mirante.test', subject: 'Enviado' }),
    interruptedIngest: await job(SCENE_INGEST_QUEUE, 'active', { sceneId: 7 }, 'scene-7'),
    abandonedImport: await job(LAYER_IMPORT_QUEUE, 'created', { projectId: 1 }, 'project-1'),
    goneQueue: await job('a-queue-now-gone', 'created', {}),
  };
}

it("a database of pg-boss 10: two processes start at once on it, and its unfinished jobs move to pg-boss 12's tables", async () => {
  const old = await databaseOfPgBoss10();
  processes = roleProcesses(context);
  await Promise.all([processes.startApi(), processes.startWorker()]);

  const { rows: retired } = await client.query(`SELECT 1 FROM pg_namespace WHERE nspname = $1`, [
    RETIRED_SCHEMA,
  ]);
  expect(retired).toEqual([]);
  const { rows: version } = await client.query<{ version: number }>('SELECT version FROM pgboss.version');
  expect(version[0]!.version).toBeGreaterThanOrEqual(25);

  const moved = (await jobs()).filter((job) => Object.values(old).includes(job.id));
  // The mails wait (or have just been taken by the worker); the ingest interrupted by the old process runs again.
  const movedJobs = moved.map(({ id, name, singletonKey }) => ({ id, name, singletonKey }));
  expect(movedJobs).toHaveLength(3);
  expect(movedJobs).toEqual(
    expect.arrayContaining([
      { id: old.waitingMail, name: MAIL_SEND_QUEUE, singletonKey: null },
      { id: old.retriedMail, name: MAIL_SEND_QUEUE, singletonKey: null },
      { id: old.interruptedIngest, name: SCENE_INGEST_QUEUE, singletonKey: 'scene-7' },
    ]),
  );
  expect(moved.find((job) => job.id === old.waitingMail)?.data).toEqual({
    to: 'a@mirante.test',
    subject: 'Convite',
  });
  // A request/response job's request ended with its process: it is not run, nor is a finished job again.
  expect(moved.map((job) => job.id)).not.toContain(old.abandonedImport);
  expect(moved.map((job) => job.id)).not.toContain(old.sentMail);
});

it('two processes starting at once on a database without queue tables both start, each queue created once', async () => {
  processes = roleProcesses(context);
  await Promise.all([processes.startWorker(), processes.startWorker()]);
  const { rows } = await client.query<{ name: string; count: number }>(
    `SELECT name, count(*)::int AS count FROM pgboss.queue WHERE name IN ($1, $2) GROUP BY name ORDER BY name`,
    [MAIL_SEND_QUEUE, SCENE_INGEST_QUEUE],
  );
  expect(rows).toEqual([
    { name: MAIL_SEND_QUEUE, count: 1 },
    { name: SCENE_INGEST_QUEUE, count: 1 },
  ]);
});
