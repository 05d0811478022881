import type { ColumnType, Generated } from 'kysely';
import type { TimelapseFormat } from '@mirante/shared';

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

/** Migration 202612071640: timelapse exports (an animated WebP/GIF built by a worker). */
export interface TimelapseExportsTable {
  id: Generated<number>;
  projectId: number;
  userId: number;
  lotId: number | null;
  format: TimelapseFormat;
  /** jsonb: the asked view and filters, written as a JSON string. */
  request: ColumnType<unknown, string, string>;
  sceneIds: number[];
  status: Generated<'queued' | 'processing' | 'ready' | 'failed'>;
  progress: Generated<number>;
  fileName: string;
  fileKey: string | null;
  error: string | null;
  createdAt: ColumnType<Date, Date | string | undefined, never>;
  updatedAt: Moment;
}
