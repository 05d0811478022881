import type { ColumnType, Generated } from 'kysely';

type Moment = ColumnType<Date, Date | string | undefined, Date | string>;

/** Migration 202612071300: personal GIS keys (only the key's hash is stored). */
export interface GisKeysTable {
  id: Generated<number>;
  userId: number;
  name: string;
  keyHash: string;
  keyPrefix: string;
  createdAt: ColumnType<Date, Date | string | undefined, never>;
  expiresAt: Moment;
  lastUsedAt: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  revokedAt: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}
