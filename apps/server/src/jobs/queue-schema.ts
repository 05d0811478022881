/** The PostgreSQL schema of pg-boss's tables (read directly by the few queries pg-boss has no call for). */
export const QUEUE_SCHEMA = 'pgboss';
