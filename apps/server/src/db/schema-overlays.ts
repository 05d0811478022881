import type { ColumnType, Generated } from 'kysely';

type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
/** jsonb: written as a JSON string, read back as a parsed value. */
type Json<T> = ColumnType<T, string, string>;

/** Migration 028_overlays.sql: converted plan uploads. */
export interface OverlayFilesTable {
  hash: string;
  projectId: number;
  imageKey: string;
  smallKey: string;
  width: number;
  height: number;
  originalName: string | null;
  createdBy: number | null;
  createdAt: CreatedAt;
}

/** Migration 028_overlays.sql: plans laid over a construction project's imagery. */
export interface OverlaysTable {
  id: Generated<number>;
  projectId: number;
  name: string;
  hash: string;
  bounds: Json<[[number, number], [number, number]]>;
  corners: Json<[[number, number], [number, number], [number, number], [number, number]]>;
  points: Json<{ lat: number; lng: number; x: number; y: number }[]>;
  transform: 'similarity' | 'affine';
  residuals: Json<number[]>;
  rmse: number;
  opacity: Generated<number>;
  createdBy: number | null;
  createdAt: CreatedAt;
}
