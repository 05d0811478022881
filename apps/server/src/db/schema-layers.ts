import type { ColumnType, Generated } from 'kysely';

type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
/** jsonb: written as a JSON string, read back as a parsed value. */
type Json<T> = ColumnType<T, string, string>;
type Numeric = ColumnType<number, number | string, number | string>;

/** Tables of migration 003_layers.sql (map layers, lot status history, observations). */
export interface LayersTable {
  id: Generated<number>;
  projectId: number;
  type: string;
  name: Generated<string>;
  block: string | null;
  stage: string | null;
  customerCode: string | null;
  tagValue: string | null;
  obs: string | null;
  sourceKey: string | null;
  geoJson: Json<unknown>;
  areaM2: Generated<number>;
  perimeterM: Generated<number>;
  bbox: number[];
  categoryName: string | null;
  categoryColor: string | null;
  rect: string | null;
  price: Numeric | null;
  startVisible: Generated<boolean>;
  /** Migration 006: the compared scenes' dates of an analysis-type layer (YYYY-MM-DD), else null. */
  detectBeforeDate: ColumnType<string | null, string | null | undefined, string | null>;
  detectAfterDate: ColumnType<string | null, string | null | undefined, string | null>;
  createdAt: CreatedAt;
  updatedAt: ColumnType<Date, Date | string | undefined, Date | string>;
}

/** Who wrote a status: the AI, an ADMIN by hand, an import, or the demo generator's ground truth. */
export type LotStatusSource = 'ai' | 'manual' | 'import' | 'demo-ground-truth';

export interface LotStatusHistoryTable {
  id: Generated<number>;
  layerId: number;
  /** YYYY-MM-DD */
  date: string;
  status: string;
  /** The AI's calibrated confidence (0–1); null for every other source (migration 017). */
  precision: number | null;
  sceneId: number | null;
  source: LotStatusSource;
  /** The ADMIN who set a 'manual' row (migration 017); null otherwise or when unknown. */
  editedBy: ColumnType<number | null, number | null | undefined, number | null>;
  /** The analysis that wrote an 'ai' row (migration 005). */
  detectionId: ColumnType<number | null, number | null | undefined, number | null>;
  createdAt: CreatedAt;
}

/** Migration 005: the classifier's reading of each lot per analysis. */
export interface DetectionResultsTable {
  detectionId: number;
  layerId: number;
  status: string;
  confidence: number;
  features: ColumnType<unknown, string | null, string | null>;
}

/** One per allotment project: its texture words (detections/ai/texture-words.ts), learnt on `sceneId`. */
export interface ProjectTextureDictionariesTable {
  projectId: number;
  sceneId: number | null;
  dictionary: ColumnType<unknown, string, never>;
  createdAt: ColumnType<Date, Date | string | undefined, never>;
}

export interface LayerObservationsTable {
  id: Generated<number>;
  layerId: number;
  /** YYYY-MM-DD */
  date: string;
  description: string;
  createdBy: number | null;
  createdAt: CreatedAt;
}

export interface LayerObservationPhotosTable {
  id: Generated<number>;
  observationId: number;
  position: number;
  storageKey: string;
  contentType: string;
  sizeBytes: ColumnType<number, number, number>;
}
