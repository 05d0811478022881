import type { ColumnType, Generated } from 'kysely';

/** jsonb: written as a JSON string, read back as a parsed value. */
type Json<T> = ColumnType<T, string, string>;

/** Migration 030: the vegetation changes of environment analyses (detector proposals and manual detections). */
export interface EnvironmentFeaturesTable {
  id: Generated<number>;
  detectionId: number;
  source: 'ai' | 'manual';
  category: 'REFO' | 'DEFO' | 'GAMBIRA';
  geoJson: Json<unknown>;
  areaM2: number;
  description: Generated<string>;
  confidence: number | null;
  reviewStatus: Generated<'pending' | 'approved' | 'rejected'>;
  rejectReason: string | null;
  beforePreviewKey: string | null;
  afterPreviewKey: string | null;
  layerId: number | null;
  createdBy: number | null;
  reviewedBy: number | null;
  reviewedAt: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  createdAt: Generated<Date>;
  updatedAt: ColumnType<Date, Date | string | undefined, Date | string>;
}

/** Migration 032: the report PDF uploaded for an environment analysis. */
export interface EnvironmentReportFilesTable {
  detectionId: number;
  storageKey: string;
  fileName: string;
  sizeBytes: number;
  uploadedBy: number | null;
  uploadedAt: ColumnType<Date, Date | string | undefined, Date | string>;
}
