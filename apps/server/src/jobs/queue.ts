import PgBoss from 'pg-boss';

export type JobQueue = PgBoss;

/**
 * pg-boss on the application's PostgreSQL; features create their queues and workers on it. A process that only
 * sends jobs (`working: false`, `ROLE=api`) leaves maintenance and the schedules to the workers: pg-boss keeps
 * the schedules in its tables and one working process at a time sends each due job.
 */
export async function startQueue(connectionString: string, working = true): Promise<JobQueue> {
  const boss = new PgBoss({
    connectionString,
    schema: 'pgboss',
    max: 4,
    supervise: working,
    schedule: working,
  });
  // pg-boss keeps polling through a database outage and resumes by itself; one line per error is enough.
  boss.on('error', (error) => console.error(`[fila] ${error.message}`));
  await boss.start();
  return boss;
}
