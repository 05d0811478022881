import PgBoss from 'pg-boss';

export type JobQueue = PgBoss;

/** pg-boss on the application's PostgreSQL; features create their queues and workers on it. */
export async function startQueue(connectionString: string): Promise<JobQueue> {
  const boss = new PgBoss({ connectionString, schema: 'pgboss', max: 4 });
  // pg-boss keeps polling through a database outage and resumes by itself; one line per error is enough.
  boss.on('error', (error) => console.error(`[fila] ${error.message}`));
  await boss.start();
  return boss;
}
