import PgBoss from 'pg-boss';

export type JobQueue = PgBoss;

/** pg-boss on the application's PostgreSQL; features create their queues and workers on it. */
export async function startQueue(connectionString: string): Promise<JobQueue> {
  const boss = new PgBoss({ connectionString, schema: 'pgboss', max: 4 });
  boss.on('error', (error) => console.error('[fila]', error));
  await boss.start();
  return boss;
}
