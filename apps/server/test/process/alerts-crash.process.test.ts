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
import { decodeQuotedPrintable, startTestSmtp } from '../test-smtp';

// One API process and two workers on one database; the workers are killed with SIGKILL while their dispatch of
// recorded alert events is under way (held on a lock this test takes), then two new workers deliver them:
// every event recorded once, and one e-mail per event and recipient — none lost, none doubled.
const database = `alerts_${randomBytes(4).toString('hex')}`;
const serverUrl = inject('postgresServerUrl');
const url = `${serverUrl}/${database}`;
const dataDir = (name: string) => path.join(os.tmpdir(), `mirante-${database}-${name}`);
const processes: NodeProcess[] = [];
const SCENES = 6;

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

/** A customer, a project, two active members who want e-mails at once, one inactive. */
async function seed(client: pg.Client): Promise<{ projectId: number; active: string[]; inactive: string }> {
  const customer = await client.query<{ id: number }>(
    `INSERT INTO customers (name) VALUES ('Cliente') RETURNING id`,
  );
  const customerId = customer.rows[0]!.id;
  const group = await client.query<{ id: number }>(
    `INSERT INTO groups (name, customer_id) VALUES ('Equipe', $1) RETURNING id`,
    [customerId],
  );
  await client.query(
    `INSERT INTO group_modules (group_id, module_id) SELECT $1, id FROM modules WHERE code = 'allotment.map'`,
    [group.rows[0]!.id],
  );
  const project = await client.query<{ id: number }>(
    `INSERT INTO projects (customer_id, name, space, project_type, area_m2, perimeter_m)
     VALUES ($1, 'Jardim Teste', 'jardim-teste', 'ALLOTMENT', 1000, 100) RETURNING id`,
    [customerId],
  );
  const projectId = project.rows[0]!.id;
  const emails = ['ana@teste.com.br', 'bruno@teste.com.br', 'inativo@teste.com.br'];
  for (const [index, email] of emails.entries()) {
    const user = await client.query<{ id: number }>(
      `INSERT INTO users (customer_id, group_id, name, email, role, status) VALUES ($1, $2, $3, $4, 'USER', $5) RETURNING id`,
      [customerId, group.rows[0]!.id, email.split('@')[0], email, index < 2],
    );
    const userId = user.rows[0]!.id;
    await client.query(`INSERT INTO user_projects (user_id, project_id) VALUES ($1, $2)`, [
      userId,
      projectId,
    ]);
    await client.query(
      `INSERT INTO alert_preferences (user_id, project_id, kinds, delivery) VALUES ($1, $2, '{scene_published}', 'immediate')`,
      [userId, projectId],
    );
  }
  return { projectId, active: emails.slice(0, 2), inactive: emails[2]! };
}

/** SCENES scenes published on the project: what the workers' next scan records as events. */
async function publishScenes(client: pg.Client, projectId: number): Promise<void> {
  for (let day = 1; day <= SCENES; day++) {
    await client.query(
      `INSERT INTO scenes (project_id, date, published, status, source_kind, original_key, original_name)
       VALUES ($1, $2, true, 'ready', 'geotiff', $3, 'cena.tif')`,
      [projectId, `2026-11-${String(day).padStart(2, '0')}`, `scenes/p${projectId}/${day}/original.tif`],
    );
  }
}

const count = (client: pg.Client, query: string) =>
  client.query<{ n: number }>(query).then((result) => result.rows[0]!.n);

it(
  'delivers each recorded event once per user after its workers are killed with SIGKILL mid-dispatch',
  async () => {
    await onDatabase(`${serverUrl}/postgres`, (client) => client.query(`CREATE DATABASE ${database}`));
    const smtp = await startTestSmtp();
    let holder: pg.Client | undefined;
    const env = (name: string) => ({ DATABASE_URL: url, DATA_DIR: dataDir(name), SMTP_URL: smtp.url });
    try {
      processes.push(await startServerProcess({ ...env('api'), ROLE: 'api' }, await freePort()));
      const people = await onDatabase(url, seed);

      const first = [
        await startWorkerProcess(env('w1'), { limitMs: SERVER_START_LIMIT_MS }),
        await startWorkerProcess(env('w2'), { limitMs: SERVER_START_LIMIT_MS }),
      ];
      processes.push(...first);
      // The test holds the deliveries table: a dispatch records nothing and queues no e-mail until it lets go.
      const observer = new pg.Client({ connectionString: url });
      await observer.connect();
      const lock = new pg.Client({ connectionString: url });
      holder = lock;
      lock.on('error', () => undefined);
      await lock.connect();
      await lock.query('BEGIN');
      await lock.query('LOCK TABLE alert_deliveries IN EXCLUSIVE MODE');
      await onDatabase(url, (client) => publishScenes(client, people.projectId));
      // A scan now (it also runs every minute): it records the events, then the dispatch waits on the lock.
      const boss = new PgBoss({
        connectionString: url,
        schema: QUEUE_SCHEMA,
        supervise: false,
        schedule: false,
      });
      boss.on('error', () => undefined);
      await boss.start();
      await boss.send('alert-scan', {});
      await boss.stop({ graceful: false });
      await onDatabase(url, (client) =>
        client.query(`SELECT pg_notify('mirante_job_wakeups', 'alert-scan')`),
      );
      const blocked = await waitFor(
        () =>
          // Not on the lock's connection: inside a transaction, pg_stat_activity is read once and kept.
          count(
            observer,
            `SELECT count(*)::int AS n FROM pg_stat_activity
             WHERE wait_event_type = 'Lock' AND query ILIKE '%alert_deliveries%' AND pid <> pg_backend_pid()`,
          ),
        (n) => n > 0,
        240_000,
      );
      expect(blocked).toBeGreaterThan(0);
      expect(await count(observer, 'SELECT count(*)::int AS n FROM alert_events')).toBe(SCENES);
      await observer.end();

      // Recorded, being dispatched, nothing sent: kill -9 every worker.
      for (const worker of first) await stopServerProcess(worker, 'SIGKILL');
      await lock.query('COMMIT');
      await lock.end();
      holder = undefined;
      await onDatabase(url, async (client) => {
        expect(
          await count(client, 'SELECT count(*)::int AS n FROM alert_events WHERE dispatched_at IS NULL'),
        ).toBe(SCENES);
        expect(await count(client, 'SELECT count(*)::int AS n FROM alert_deliveries')).toBe(0);
        expect(
          await count(client, `SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'mail-send'`),
        ).toBe(0);
      });
      expect(smtp.messages).toHaveLength(0);

      // Two new workers take over, side by side.
      processes.push(
        ...(await Promise.all([
          startWorkerProcess(env('w3'), { limitMs: SERVER_START_LIMIT_MS }),
          startWorkerProcess(env('w4'), { limitMs: SERVER_START_LIMIT_MS }),
        ])),
      );
      const expected = SCENES * people.active.length;
      await waitFor(
        () => Promise.resolve(smtp.messages.length),
        (n) => n >= expected,
        180_000,
      );
      // Anything doubled would arrive within the next seconds.
      await new Promise((resolve) => setTimeout(resolve, 8_000));

      const received = smtp.messages.map((mail) => {
        const body = decodeQuotedPrintable(mail.raw);
        return `${mail.to.join(',')} ${/Imagem de (\d\d\/\d\d\/\d{4}) publicada/.exec(body)?.[1]}`;
      });
      expect(received).toHaveLength(expected);
      expect(new Set(received).size).toBe(expected);
      expect(received.some((line) => line.includes(people.inactive))).toBe(false);
      await onDatabase(url, async (client) => {
        expect(await count(client, 'SELECT count(*)::int AS n FROM alert_events')).toBe(SCENES);
        expect(
          await count(client, 'SELECT count(*)::int AS n FROM alert_events WHERE dispatched_at IS NULL'),
        ).toBe(0);
        expect(await count(client, 'SELECT count(*)::int AS n FROM alert_deliveries')).toBe(expected);
      });
    } finally {
      await holder?.end().catch(() => undefined);
      await smtp.close();
    }
  },
  4 * SERVER_START_LIMIT_MS,
);
