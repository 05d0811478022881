import { sql, type SqlBool } from 'kysely';
import type { Db } from '../../db/database';

/**
 * Read-only queries of what the OGC API – Features service publishes. What a GIS key reads is the published
 * view of the project: the AI's lot statuses of approved analyses only, approved environment polygons of
 * approved analyses only.
 */

export interface LayerFeatureRow {
  id: number;
  type: string;
  name: string;
  block: string | null;
  stage: string | null;
  customerCode: string | null;
  categoryName: string | null;
  obs: string | null;
  areaM2: number;
  perimeterM: number;
  geoJson: unknown;
}

export interface LotFeatureRow extends LayerFeatureRow {
  status: string | null;
  statusDate: string | null;
  precision: number | null;
  statusSource: string | null;
}

export interface NoteFeatureRow {
  id: number;
  name: string;
  date: string;
  description: string;
  noteType: string;
  categoryName: string | null;
  area: number | null;
  volume: number;
  geometry: unknown;
}

export interface EnvironmentFeatureRow {
  id: number;
  category: string;
  description: string;
  areaM2: number;
  confidence: number | null;
  source: string;
  afterDate: string;
  beforeDate: string | null;
  geoJson: unknown;
}

/** An 'ai' status row counts only once its analysis is approved (as for every user who is not an ADMIN). */
const publishedStatus = sql<SqlBool>`(h.source <> 'ai' OR EXISTS (
  SELECT 1 FROM detections d WHERE d.id = h.detection_id AND d.approved))`;

const layerColumns = [
  'l.id',
  'l.type',
  'l.name',
  'l.block',
  'l.stage',
  'l.customerCode',
  'l.categoryName',
  'l.obs',
  'l.areaM2',
  'l.perimeterM',
  'l.geoJson',
] as const;

export function createGisRepo(db: Db) {
  return {
    /** The project's layers of `types` (or of every other type with `exclude`), in id order. */
    layers(projectId: number, types: readonly string[], exclude = false): Promise<LayerFeatureRow[]> {
      return db
        .selectFrom('layers as l')
        .select(layerColumns)
        .where('l.projectId', '=', projectId)
        .where('l.type', exclude ? 'not in' : 'in', [...types])
        .orderBy('l.id')
        .execute();
    },

    /** The project's lots with each one's latest published status (one index probe per lot). */
    async lots(projectId: number): Promise<LotFeatureRow[]> {
      const rows = await db
        .selectFrom('layers as l')
        .leftJoinLateral(
          (eb) =>
            eb
              .selectFrom('lotStatusHistory as h')
              .select(['h.status', 'h.date as statusDate', 'h.precision', 'h.source as statusSource'])
              .whereRef('h.layerId', '=', 'l.id')
              .where(publishedStatus)
              .orderBy('h.date', 'desc')
              .orderBy('h.id', 'desc')
              .limit(1)
              .as('latest'),
          (join) => join.onTrue(),
        )
        .select(layerColumns)
        .select(['latest.status', 'latest.statusDate', 'latest.precision', 'latest.statusSource'])
        .where('l.projectId', '=', projectId)
        .where('l.type', '=', 'LOT')
        .orderBy('l.id')
        .execute();
      return rows;
    },

    notes(projectId: number): Promise<NoteFeatureRow[]> {
      return db
        .selectFrom('notes as n')
        .leftJoin('noteCategories as c', 'c.id', 'n.categoryId')
        .select([
          'n.id',
          'n.name',
          'n.date',
          'n.description',
          'n.noteType',
          'c.name as categoryName',
          'n.area',
          'n.volume',
          'n.geometry',
        ])
        .where('n.projectId', '=', projectId)
        .orderBy('n.id')
        .execute();
    },

    environmentFeatures(projectId: number): Promise<EnvironmentFeatureRow[]> {
      return db
        .selectFrom('environmentFeatures as f')
        .innerJoin('detections as d', 'd.id', 'f.detectionId')
        .innerJoin('scenes as after', 'after.id', 'd.sceneId')
        .leftJoin('scenes as before', 'before.id', 'd.beforeSceneId')
        .select([
          'f.id',
          'f.category',
          'f.description',
          'f.areaM2',
          'f.confidence',
          'f.source',
          'after.date as afterDate',
          'before.date as beforeDate',
          'f.geoJson',
        ])
        .where('d.projectId', '=', projectId)
        .where('d.approved', '=', true)
        .where('f.reviewStatus', '=', 'approved')
        .orderBy('f.id')
        .execute();
    },
  };
}

export type GisRepo = ReturnType<typeof createGisRepo>;
