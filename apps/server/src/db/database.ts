import { CamelCasePlugin, Kysely, PostgresDialect, type KyselyPlugin } from 'kysely';
import pg from 'pg';
import type { Database } from './schema';

// Dates stay 'YYYY-MM-DD' strings and numerics become numbers: what the API returns anyway.
pg.types.setTypeParser(pg.types.builtins.DATE, (value) => value);
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => Number(value));

export type Db = Kysely<Database>;

/** The plugins of every database handle (the SQL query snapshots compile with the same). */
export const dbPlugins = (): KyselyPlugin[] => [new CamelCasePlugin()];

export function createDb(connectionString: string, maxConnections = 10): Db {
  // A request waiting for a connection gives up after 5 s (503) instead of hanging while the database is away.
  const pool = new pg.Pool({ connectionString, max: maxConnections, connectionTimeoutMillis: 5_000 });
  pool.on('error', () => {
    // An idle client lost its connection (e.g. the database restarted); the pool replaces it.
  });
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins: dbPlugins() });
}
