import type { ColumnType, Generated } from 'kysely';

type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type UpdatedAt = ColumnType<Date, Date | string | undefined, Date | string>;
/** date: read as YYYY-MM-DD text (our pg type parser). */
type DateText = ColumnType<string, string, string>;

/** Migration 025: an inspection of a construction project (one scene, one phase). */
export interface InspectionsTable {
  id: Generated<number>;
  projectId: number;
  sceneId: number;
  phase: number;
  createdAt: CreatedAt;
  updatedAt: UpdatedAt;
}

/** Migration 026: a note category of a customer. */
export interface NoteCategoriesTable {
  id: Generated<number>;
  customerId: number;
  name: string;
  color: string;
  createdAt: CreatedAt;
}

export type NoteType = 'line' | 'marker' | 'polygon';

/** Migration 026: a note drawn over an inspection. */
export interface NotesTable {
  id: Generated<number>;
  projectId: number;
  inspectionId: number;
  categoryId: number;
  name: string;
  date: DateText;
  description: string;
  noteType: NoteType;
  geometry: ColumnType<unknown, string, string>;
  area: number | null;
  volume: Generated<number>;
  createdBy: number | null;
  createdAt: CreatedAt;
  updatedAt: UpdatedAt;
}

/** Migration 027: the elevation model (DSM) of a scene. */
export interface SceneElevationModelsTable {
  sceneId: number;
  storageKey: string;
  originalName: string;
  width: number;
  height: number;
  createdAt: CreatedAt;
}
