import type { ColumnType, Generated } from 'kysely';

export type AlignmentStatus = 'running' | 'match' | 'aligned' | 'weak' | 'little_overlap' | 'failed';
export type AlignmentDecision = 'accepted' | 'rejected';

/** Migration 202612071650: the alignment estimate of a scene against the previous published scene. */
export interface SceneAlignmentsTable {
  sceneId: number;
  referenceSceneId: number | null;
  /** YYYY-MM-DD */
  referenceDate: string;
  status: AlignmentStatus;
  offsetX: Generated<number>;
  offsetY: Generated<number>;
  shiftX: Generated<number>;
  shiftY: Generated<number>;
  confidence: Generated<number>;
  overlap: Generated<number>;
  pixelSize: Generated<number>;
  previewReference: Buffer | null;
  previewBefore: Buffer | null;
  previewAfter: Buffer | null;
  decision: AlignmentDecision | null;
  decidedBy: number | null;
  decidedAt: Date | null;
  createdAt: ColumnType<Date, Date | string | undefined, never>;
  updatedAt: ColumnType<Date, Date | string | undefined, Date | string>;
}
