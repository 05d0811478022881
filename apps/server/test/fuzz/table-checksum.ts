import { sql } from 'kysely';
import type { Db } from '../../src/db/database';

/**
 * Tables a refused request may still touch: the caller's session (last use), the migration log and the
 * credential throttle's counters (a refused credential call is counted: that is the throttle).
 */
const VOLATILE_TABLES = new Set(['sessions', 'schema_migrations', 'credential_attempts']);

/**
 * A fingerprint of every application table (row count and a hash of each row's text), to show that a
 * refused request changed nothing.
 */
export async function tableChecksums(db: Db): Promise<Record<string, string>> {
  const tables = await sql<{ name: string }>`
    SELECT table_name AS name FROM information_schema.tables
    WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`.execute(db);
  const out: Record<string, string> = {};
  for (const { name } of tables.rows) {
    if (VOLATILE_TABLES.has(name)) continue;
    const result = await sql<{ fingerprint: string }>`
      SELECT count(*) || ':' || coalesce(sum(hashtext(t::text)::bigint), 0) AS fingerprint
      FROM ${sql.table(name)} t`.execute(db);
    out[name] = result.rows[0]?.fingerprint ?? '';
  }
  return out;
}
