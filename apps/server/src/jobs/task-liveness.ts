import { AsyncLocalStorage } from 'node:async_hooks';
import { sql } from 'kysely';
import pg from 'pg';
import type { Db } from '../db/database';
import { AppError } from '../http/app-error';
import type { JobQueue } from './queue';

/**
 * A dead worker, seen from the API within seconds instead of at the job's 15-min expiry. While a worker runs a
 * request/response job it holds a session-level PostgreSQL advisory lock keyed by the job's id, on a connection
 * of its own, until it has stored the job's outcome itself; a process killed with `kill -9` loses the
 * connection and so the lock. The waiting API checks the lock of an `active` job every second; free three times
 * in a row, the job is failed and the request answered 503. An import marks the job, inside its own
 * transaction, as applied (`markTaskApplied`): so the API knows whether the interrupted work had committed, and a
 * job the API already gave up on can no longer commit.
 */

/** Seconds between two checks of a running job's lock by the waiting API. */
const CHECK_MS = 1_000;
/** Consecutive checks that must find the lock free before the worker is held dead. */
const FREE_CHECKS = 3;

export const TASK_INTERRUPTED_MESSAGE =
  'O processador de tarefas foi interrompido durante a operação; nada foi alterado. Tente novamente.';
export const TASK_INTERRUPTED_APPLIED_MESSAGE =
  'O processador de tarefas foi interrompido depois de gravar a importação, que foi aplicada; confira os dados antes de repeti-la.';

const lockKey = 'hashtextextended($1, 0)';

/** The job a worker is running in this async context (set by `holdWhileRunning`). */
const running = new AsyncLocalStorage<{ name: string; id: string }>();

/**
 * Inside an import's transaction, just before it commits: records on the running job that its work is applied.
 * Throws (rolling the import back) when the job is no longer active: the waiting API held its worker dead.
 * Outside a job (an import run in the request, in tests) it does nothing.
 */
async function markTaskApplied(trx: Db): Promise<void> {
  const task = running.getStore();
  if (!task) return;
  const marked = await sql`UPDATE pgboss.job SET output = '{"applied": true}'::jsonb
      WHERE name = ${task.name} AND id = ${task.id}::uuid AND state = 'active' RETURNING id`.execute(trx);
  if (marked.rows.length === 0) throw new Error(`tarefa ${task.name} ${task.id} abandonada antes de gravar`);
}

/**
 * Runs `work` in one transaction of `db` and, in that same transaction, marks the running job applied
 * (`markTaskApplied`): what an import's writes go through, so they and the mark commit together or not at all.
 */
export function inTaskTransaction<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  return db.transaction().execute(async (trx) => {
    const result = await work(trx);
    await markTaskApplied(trx);
    return result;
  });
}

/** Frees a connection's advisory locks; a connection that cannot unlock is closed instead (which frees them). */
async function releaseAll(client: pg.PoolClient): Promise<void> {
  const unlocked = await client.query('SELECT pg_advisory_unlock_all()').then(
    () => true,
    () => false,
  );
  client.release(!unlocked);
}

/** The worker's side: the advisory locks of the jobs it runs, on connections of their own. */
export function taskLocks(connectionString: string, connections: number) {
  const pool = new pg.Pool({ connectionString, max: connections });
  pool.on('error', () => undefined);
  return {
    /**
     * Runs `work` holding the job's lock and, when the job has an `exclusiveKey`, the lock of `name:key`
     * (waiting for it while another job of that key runs); `store` (the outcome's completion) runs before the
     * locks are released.
     */
    async holdWhileRunning<T>(
      job: { name: string; id: string; exclusiveKey?: string },
      work: () => Promise<T>,
      store: (result: T) => Promise<void>,
    ): Promise<T> {
      const { name, id, exclusiveKey } = job;
      const client = await pool.connect();
      try {
        await client.query(`SELECT pg_advisory_lock(${lockKey})`, [id]);
        // Taken after the job's lock: the API sees a live worker while this one waits for the key's holder.
        if (exclusiveKey)
          await client.query(`SELECT pg_advisory_lock(${lockKey})`, [`${name}:${exclusiveKey}`]);
        const result = await running.run({ name, id }, work);
        await store(result);
        return result;
      } finally {
        await releaseAll(client);
      }
    },
    /**
     * Runs `work` holding the lock of `name:key`, the one a worker takes for a job of that `exclusiveKey`: work run
     * in the requesting process waits for the key's job running anywhere, and the other way round.
     */
    async holdKey<T>(name: string, key: string, work: () => Promise<T>): Promise<T> {
      const client = await pool.connect();
      try {
        await client.query(`SELECT pg_advisory_lock(${lockKey})`, [`${name}:${key}`]);
        return await work();
      } finally {
        await releaseAll(client);
      }
    },
    stop: () => pool.end(),
  };
}

export type TaskLocks = ReturnType<typeof taskLocks>;

/** The API's side: watches a job it waits for while a worker runs it. */
export function taskWatch(queue: JobQueue, name: string, id: string) {
  let nextCheck = Date.now() + CHECK_MS;
  let free = 0;
  return {
    /** Called at each poll of an `active` job: the 503 to answer once its worker is held dead, else nothing. */
    async check(): Promise<AppError | undefined> {
      if (Date.now() < nextCheck) return undefined;
      nextCheck = Date.now() + CHECK_MS;
      // One statement, so the probe's lock is taken and released on the same session.
      const { rows } = await queue
        .getDb()
        .executeSql(
          `SELECT CASE WHEN pg_try_advisory_lock(${lockKey}) THEN pg_advisory_unlock(${lockKey}) ELSE false END AS free`,
          [id],
        );
      free = (rows as { free: boolean }[])[0]?.free ? free + 1 : 0;
      if (free < FREE_CHECKS) return undefined;
      const failed = await queue.getDb().executeSql(
        `UPDATE pgboss.job SET state = 'failed', completed_on = now(),
            output = COALESCE(output, '{}'::jsonb) || '{"interrupted": true}'::jsonb
          WHERE name = $1 AND id = $2 AND state = 'active' RETURNING output`,
        [name, id],
      );
      const row = (failed.rows as { output: { applied?: boolean } }[])[0];
      if (!row) return undefined; // finished meanwhile: the next poll reads its outcome
      const message = row.output.applied ? TASK_INTERRUPTED_APPLIED_MESSAGE : TASK_INTERRUPTED_MESSAGE;
      return new AppError(503, 'WORKERS_UNAVAILABLE', message);
    },
  };
}
