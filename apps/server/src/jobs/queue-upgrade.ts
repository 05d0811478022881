import pg from 'pg';
import type { JobQueue } from './queue';
import { QUEUE_SCHEMA } from './queue-schema';

/**
 * pg-boss 12 migrates its tables from schema version 25 (pg-boss 11) on; a database of pg-boss 10 (version 24)
 * would stop every start with an assertion. Its tables are set aside under `RETIRED_SCHEMA` before pg-boss
 * starts (`retireQueueTablesOfPgBoss10`, in `startQueue`), pg-boss 12 installs afresh, and once the queues
 * exist the jobs still to run are sent again and the old tables dropped (`moveJobsOfPgBoss10`, in `startJobs`).
 */
export const RETIRED_SCHEMA = 'pgboss_v10';
const FIRST_MIGRATABLE_VERSION = 25;
/** Serialises the check and the rename between processes starting at once. */
const UPGRADE_LOCK = `hashtext('mirante:pgboss-10-upgrade')`;

async function inLockedTransaction<T>(connectionString: string, work: (client: pg.Client) => Promise<T>) {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    await client.query('BEGIN');
    await client.query(`SELECT pg_advisory_xact_lock(${UPGRADE_LOCK})`);
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    await client.end();
  }
}

const exists = async (client: pg.Client, relation: string): Promise<boolean> =>
  (await client.query<{ found: boolean }>('SELECT to_regclass($1) IS NOT NULL AS found', [relation])).rows[0]!
    .found;

/** Renames pg-boss 10's schema out of pg-boss 12's way; true when it did. Before `startQueue`. */
export function retireQueueTablesOfPgBoss10(connectionString: string): Promise<boolean> {
  return inLockedTransaction(connectionString, async (client) => {
    if (!(await exists(client, `${QUEUE_SCHEMA}.version`))) return false;
    const { rows } = await client.query<{ version: number }>(`SELECT version FROM ${QUEUE_SCHEMA}.version`);
    const version = rows[0]?.version;
    if (version === undefined || version >= FIRST_MIGRATABLE_VERSION) return false;
    if (await exists(client, `${RETIRED_SCHEMA}.version`))
      throw new Error(`o esquema ${RETIRED_SCHEMA} já existe: remova-o ou renomeie-o antes de iniciar`);
    await client.query(`ALTER SCHEMA ${QUEUE_SCHEMA} RENAME TO ${RETIRED_SCHEMA}`);
    return true;
  });
}

interface RetiredJob {
  id: string;
  name: string;
  data: object | null;
  priority: number;
  retryLimit: number;
  retryDelay: number;
  retryBackoff: boolean;
  startAfter: Date;
  singletonKey: string | null;
  expireInSeconds: number;
}

/**
 * Sends again, on the queues of pg-boss 12 (created before this runs), the jobs of pg-boss 10's tables that had
 * not ended: waiting, waiting for a retry, or active when their process stopped (they run again; the workers'
 * claims make that harmless), except those of `requestQueues`, whose requests ended with the processes that
 * waited for them. Their ids are kept, so a start that dies half-way and repeats it adds nothing twice. Then
 * drops the old tables. Returns how many jobs were sent.
 */
export async function moveJobsOfPgBoss10(
  queue: JobQueue,
  connectionString: string,
  requestQueues: string[],
): Promise<number> {
  return inLockedTransaction(connectionString, async (client) => {
    if (!(await exists(client, `${RETIRED_SCHEMA}.job`))) return 0;
    const { rows } = await client.query<RetiredJob>(
      `SELECT id, name, data, priority, retry_limit AS "retryLimit", retry_delay AS "retryDelay",
              retry_backoff AS "retryBackoff", start_after AS "startAfter", singleton_key AS "singletonKey",
              GREATEST(1, extract(epoch FROM expire_in))::int AS "expireInSeconds"
         FROM ${RETIRED_SCHEMA}.job
        WHERE state IN ('created', 'retry', 'active') AND name <> ALL($1::text[]) AND name NOT LIKE '\\_\\_%'
        ORDER BY created_on`,
      [requestQueues],
    );
    const byQueue = new Map<string, RetiredJob[]>();
    for (const job of rows) byQueue.set(job.name, [...(byQueue.get(job.name) ?? []), job]);
    let moved = 0;
    for (const [name, jobs] of byQueue) {
      if (!(await queue.getQueue(name))) continue; // a queue this version no longer has
      await queue.insert(
        name,
        jobs.map(({ name: _name, singletonKey, data, ...job }) => ({
          ...job,
          data: data ?? {},
          ...(singletonKey === null ? {} : { singletonKey }),
        })),
      );
      moved += jobs.length;
    }
    await client.query(`DROP SCHEMA ${RETIRED_SCHEMA} CASCADE`);
    return moved;
  });
}
