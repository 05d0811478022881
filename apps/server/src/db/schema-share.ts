import type { ColumnType, Generated } from 'kysely';

type Moment = ColumnType<Date, Date | string | undefined, Date | string>;
type MaybeMoment = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

/** Migration 202612071620: read-only share links (only the secret's hash is stored). */
export interface ShareLinksTable {
  id: Generated<number>;
  projectId: number;
  createdBy: number | null;
  kind: 'map' | 'compare' | 'lot';
  /** YYYY-MM-DD */
  date: string | null;
  beforeDate: string | null;
  compareMode: 'lado-a-lado' | 'cortina' | null;
  layerId: number | null;
  showObservations: Generated<boolean>;
  tokenHash: string;
  passwordHash: string | null;
  createdAt: ColumnType<Date, Date | string | undefined, never>;
  expiresAt: Moment;
  revokedAt: MaybeMoment;
  views: Generated<number>;
  lastViewedAt: MaybeMoment;
}
