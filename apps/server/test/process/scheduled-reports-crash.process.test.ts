import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { PgBoss } from 'pg-boss';
import { QUEUE_SCHEMA } from '../../src/jobs/queue-schema';
import { afterAll, expect, it, inject } from 'vitest';
import {
  freePort,
  SERVER_START_LIMIT_MS,
  startServerProcess,
  startWorkerProcess,
  stopServerProcess,
  waitFor,
  type NodeProcess,
} from '../server-process';
import { startTestSmtp } from '../test-smtp';

// One API process and two workers on one database; a scheduled report falls due, its run is recorded and taken,
// and the workers are killed with SIGKILL while it is being sent (held on a lock this test takes on the
// deliveries), then two new workers take the run again: each recipient receives the report once.
const database = `reports_${randomBytes(4).toString('hex')}`;
const serverUrl = inject('postgresServerUrl');
const url = `${serverUrl}/${database}`;
const dataDir = (name: string) => path.join(os.tmpdir(), `mirante-${database}-${name}`);
const processes: NodeProcess[] = [];
const TICK_QUEUE = 'report-schedules-tick';

async function onDatabase<T>(connectionString: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

afterAll(async () => {
  for (const child of processes) await stopServerProcess(child, 'SIGKILL');
  await onDatabase(`${serverUrl}/postgres`, (client) =>
    client.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`),
  ).catch(() => undefined);
  for (const name of ['api', 'w1', 'w2', 'w3', 'w4'])
    await rm(dataDir(name), { recursive: true, force: true });
}, 60_000);

/** A customer, an allotment, three members with the detections module (one inactive) on a report already due. */
async function seed(client: pg.Client): Promise<{ active: string[]; inactive: string }> {
  const customer = await client.query<{ id: number }>(
    `INSERT INTO customers (name) VALUES ('Cliente') RETURNING id`,
  );
  const customerId = customer.rows[0]!.id;
  const group = await client.query<{ id: number }>(
    `INSERT INTO groups (name, customer_id) VALUES ('Equipe', $1) RETURNING id`,
    [customerId],
  );
  await client.query(
    `INSERT INTO group_modules (group_id, module_id)
     SELECT $1, id FROM modules WHERE code IN ('allotment.map', 'allotment.detections')`,
    [group.rows[0]!.id],
  );
  const project = await client.query<{ id: number }>(
    `INSERT INTO projects (customer_id, name, space, project_type, area_m2, perimeter_m)
     VALUES ($1, 'Jardim Teste', 'jardim-teste', 'ALLOTMENT', 1000, 100) RETURNING id`,
    [customerId],
  );
  const projectId = project.rows[0]!.id;
  // Milliseconds, as the app writes it: the tick claims a due time by comparing it with what it read.
  const schedule = await client.query<{ id: number }>(
    `INSERT INTO report_schedules (project_id, frequency, day, next_run_at)
     VALUES ($1, 'weekly', 1, date_trunc('milliseconds', now()) - interval '1 minute') RETURNING id`,
    [projectId],
  );
  const emails = ['ana@teste.com.br', 'bruno@teste.com.br', 'inativo@teste.com.br'];
  for (const [index, email] of emails.entries()) {
    const user = await client.query<{ id: number }>(
      `INSERT INTO users (customer_id, group_id, name, email, role, status) VALUES ($1, $2, $3, $4, 'MANAGER', $5) RETURNING id`,
      [customerId, group.rows[0]!.id, email.split('@')[0], email, index < 2],
    );
    const userId = user.rows[0]!.id;
    await client.query(`INSERT INTO user_projects (user_id, project_id) VALUES ($1, $2)`, [
      userId,
      projectId,
    ]);
    await client.query(`INSERT INTO report_schedule_recipients (schedule_id, user_id) VALUES ($1, $2)`, [
      schedule.rows[0]!.id,
      userId,
    ]);
  }
  return { active: emails.slice(0, 2), inactive: emails[2]! };
}

const count = (client: pg.Client, query: string) =>
  client.query<{ n: number }>(query).then((result) => result.rows[0]!.n);

/** A tick of the schedules now (it also runs every ten minutes), woken in every working process. */
async function tickNow(): Promise<void> {
  const boss = new PgBoss({ connectionString: url, schema: QUEUE_SCHEMA, supervise: false, schedule: false });
  boss.on('error', () => undefined);
  await boss.start();
  await boss.send(TICK_QUEUE, {});
  await boss.stop({ graceful: false });
  await onDatabase(url, (client) =>
    client.query(`SELECT pg_notify('mirante_job_wakeups', $1)`, [TICK_QUEUE]),
  );
}

it(
  'sends a due report once to each recipient after its workers are killed with SIGKILL mid-send',
  async () => {
    await onDatabase(`${serverUrl}/postgres`, (client) => client.query(`CREATE DATABASE ${database}`));
    const smtp = await startTestSmtp();
    let holder: pg.Client | undefined;
    const env = (name: string) => ({ DATABASE_URL: url, DATA_DIR: dataDir(name), SMTP_URL: smtp.url });
    try {
      processes.push(await startServerProcess({ ...env('api'), ROLE: 'api' }, await freePort()));
      // The test holds the deliveries table before the report falls due: a run records nothing and queues no
      // e-mail until it lets go.
      const observer = new pg.Client({ connectionString: url });
      await observer.connect();
      const lock = new pg.Client({ connectionString: url });
      holder = lock;
      lock.on('error', () => undefined);
      await lock.connect();
      await lock.query('BEGIN');
      await lock.query('LOCK TABLE report_deliveries IN EXCLUSIVE MODE');
      const people = await onDatabase(url, seed);

      const first = [
        await startWorkerProcess(env('w1'), { limitMs: SERVER_START_LIMIT_MS }),
        await startWorkerProcess(env('w2'), { limitMs: SERVER_START_LIMIT_MS }),
      ];
      processes.push(...first);
      await tickNow();
      const blocked = await waitFor(
        () =>
          // Not on the lock's connection: inside a transaction, pg_stat_activity is read once and kept.
          count(
            observer,
            `SELECT count(*)::int AS n FROM pg_stat_activity
             WHERE wait_event_type = 'Lock' AND query ILIKE '%report_deliveries%' AND pid <> pg_backend_pid()`,
          ),
        (n) => n > 0,
        240_000,
      );
      expect(blocked).toBeGreaterThan(0);
      expect(
        await count(observer, `SELECT count(*)::int AS n FROM report_runs WHERE state = 'sending'`),
      ).toBe(1);
      await observer.end();

      // Recorded, taken, being sent, nothing sent: kill -9 every worker.
      for (const worker of first) await stopServerProcess(worker, 'SIGKILL');
      await lock.query('COMMIT');
      await lock.end();
      holder = undefined;
      await onDatabase(url, async (client) => {
        expect(await count(client, 'SELECT count(*)::int AS n FROM report_runs')).toBe(1);
        expect(await count(client, 'SELECT count(*)::int AS n FROM report_deliveries')).toBe(0);
        expect(
          await count(client, `SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'mail-send'`),
        ).toBe(0);
      });
      expect(smtp.messages).toHaveLength(0);

      // Two new workers take over, side by side; the next tick finds the run its dead sender left.
      processes.push(
        ...(await Promise.all([
          startWorkerProcess(env('w3'), { limitMs: SERVER_START_LIMIT_MS }),
          startWorkerProcess(env('w4'), { limitMs: SERVER_START_LIMIT_MS }),
        ])),
      );
      await tickNow();
      await waitFor(
        () => Promise.resolve(smtp.messages.length),
        (n) => n >= people.active.length,
        180_000,
      );
      // Anything doubled would arrive within the next seconds.
      await new Promise((resolve) => setTimeout(resolve, 8_000));

      const received = smtp.messages.map((mail) => mail.to.join(','));
      expect(received.sort()).toEqual([...people.active].sort());
      await onDatabase(url, async (client) => {
        expect(await count(client, 'SELECT count(*)::int AS n FROM report_runs')).toBe(1);
        expect(await count(client, `SELECT count(*)::int AS n FROM report_runs WHERE state = 'sent'`)).toBe(
          1,
        );
        expect(await count(client, 'SELECT count(*)::int AS n FROM report_deliveries')).toBe(2);
      });
    } finally {
      await holder?.end().catch(() => undefined);
      await smtp.close();
    }
  },
  4 * SERVER_START_LIMIT_MS,
);
