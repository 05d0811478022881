import type { ColumnType, Generated } from 'kysely';

/** Migration 039: hosts outbound calls may reach although they resolve to internal addresses. */
export interface OutboundAllowedHostsTable {
  id: Generated<number>;
  host: string;
  /** null: any port. */
  port: number | null;
  source: 'admin' | 'demo';
  createdBy: number | null;
  createdAt: ColumnType<Date, Date | string | undefined, never>;
}
