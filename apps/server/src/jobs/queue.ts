import { PgBoss } from 'pg-boss';
import { QUEUE_SCHEMA } from './queue-schema';
import { retireQueueTablesOfPgBoss10 } from './queue-upgrade';

export type JobQueue = PgBoss;

/**
 * pg-boss on the application's PostgreSQL; features create their queues and workers on it. A process that only
 * sends jobs (`working: false`, `ROLE=api`) leaves maintenance and the schedules to the workers: pg-boss keeps
 * the schedules in its tables and one working process at a time sends each due job. A database of pg-boss 10
 * has its queue tables set aside first (see queue-upgrade.ts).
 */
export async function startQueue(connectionString: string, working = true): Promise<JobQueue> {
  await retireQueueTablesOfPgBoss10(connectionString);
  const boss = new PgBoss({
    connectionString,
    schema: QUEUE_SCHEMA,
    max: 4,
    supervise: working,
    schedule: working,
  });
  // pg-boss keeps polling through a database outage and resumes by itself; one line per error is enough.
  boss.on('error', (error: Error) => console.error(`[fila] ${error.message}`));
  await boss.start();
  return boss;
}
