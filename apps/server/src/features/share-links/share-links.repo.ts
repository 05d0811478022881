import { sql, type SqlBool } from 'kysely';
import type { Db } from '../../db/database';

export interface ShareLinkRow {
  id: number;
  projectId: number;
  kind: 'map' | 'compare' | 'lot';
  date: string | null;
  beforeDate: string | null;
  compareMode: 'lado-a-lado' | 'cortina' | null;
  layerId: number | null;
  lotName: string | null;
  showObservations: boolean;
  hasPassword: boolean;
  createdByName: string | null;
  createdAt: Date;
  expiresAt: Date;
  revokedAt: Date | null;
  views: number;
  lastViewedAt: Date | null;
}

/** A live link as the public view reads it: its rules, its password hash and its project's public facts. */
export interface LiveShareLink {
  id: number;
  projectId: number;
  kind: 'map' | 'compare' | 'lot';
  date: string | null;
  beforeDate: string | null;
  compareMode: 'lado-a-lado' | 'cortina' | null;
  layerId: number | null;
  showObservations: boolean;
  passwordHash: string | null;
  expiresAt: Date;
  projectName: string;
  projectSpace: string;
  projectBbox: number[] | null;
}

export interface PublishedSceneRow {
  date: string;
  bounds: number[] | null;
  minZoom: number | null;
  maxZoom: number | null;
}

export interface SharedLayerRow {
  id: number;
  type: string;
  name: string;
  block: string | null;
  stage: string | null;
  areaM2: number;
  perimeterM: number;
  startVisible: boolean;
  geoJson: unknown;
}

/** An 'ai' status counts only once its analysis is approved: the published view, as every non-ADMIN sees it. */
const publishedStatus = sql<SqlBool>`(h.source <> 'ai' OR EXISTS (
  SELECT 1 FROM detections d WHERE d.id = h.detection_id AND d.approved))`;

/** Layer types a shared view draws besides lots: the allotment's outline, never the finance or notes. */
const CONTEXT_TYPES = ['BLOCK', 'STAGE', 'CALCADA', 'PPA', 'AREA_VERDE', 'SISTEMA_LAZER', 'RESERVA_LEGAL'];

export function createShareLinksRepo(db: Db) {
  const listed = () =>
    db
      .selectFrom('shareLinks as s')
      .leftJoin('users as u', 'u.id', 's.createdBy')
      .leftJoin('layers as l', 'l.id', 's.layerId')
      .select([
        's.id',
        's.projectId',
        's.kind',
        's.date',
        's.beforeDate',
        's.compareMode',
        's.layerId',
        'l.name as lotName',
        's.showObservations',
        sql<boolean>`s.password_hash IS NOT NULL`.as('hasPassword'),
        'u.name as createdByName',
        's.createdAt',
        's.expiresAt',
        's.revokedAt',
        's.views',
        's.lastViewedAt',
      ]);

  return {
    listOf(projectId: number): Promise<ShareLinkRow[]> {
      return listed()
        .where('s.projectId', '=', projectId)
        .orderBy('s.createdAt', 'desc')
        .orderBy('s.id', 'desc')
        .execute();
    },

    find(id: number): Promise<ShareLinkRow | undefined> {
      return listed().where('s.id', '=', id).executeTakeFirst();
    },

    async insert(input: {
      projectId: number;
      createdBy: number;
      kind: 'map' | 'compare' | 'lot';
      date: string | null;
      beforeDate: string | null;
      compareMode: 'lado-a-lado' | 'cortina' | null;
      layerId: number | null;
      showObservations: boolean;
      tokenHash: string;
      passwordHash: string | null;
      expiresAt: Date;
    }): Promise<number> {
      const row = await db.insertInto('shareLinks').values(input).returning('id').executeTakeFirstOrThrow();
      return row.id;
    },

    /** Revokes the link (once: a revoked link keeps its first revocation time). */
    async revoke(id: number): Promise<void> {
      await db
        .updateTable('shareLinks')
        .set({ revokedAt: sql<Date>`coalesce(revoked_at, now())` })
        .where('id', '=', id)
        .execute();
    },

    /** The link of this hash while it lives (not revoked, not expired, its project not archived). */
    findLive(tokenHash: string): Promise<LiveShareLink | undefined> {
      return db
        .selectFrom('shareLinks as s')
        .innerJoin('projects as p', 'p.id', 's.projectId')
        .select([
          's.id',
          's.projectId',
          's.kind',
          's.date',
          's.beforeDate',
          's.compareMode',
          's.layerId',
          's.showObservations',
          's.passwordHash',
          's.expiresAt',
          'p.name as projectName',
          'p.space as projectSpace',
          'p.bbox as projectBbox',
        ])
        .where('s.tokenHash', '=', tokenHash)
        .where('s.revokedAt', 'is', null)
        .where('s.expiresAt', '>', new Date())
        .where('p.archivedAt', 'is', null)
        .executeTakeFirst();
    },

    async countView(id: number): Promise<void> {
      await db
        .updateTable('shareLinks')
        .set({ views: sql<number>`views + 1`, lastViewedAt: new Date() })
        .where('id', '=', id)
        .execute();
    },

    /** The lot of this project (undefined: no such lot there). */
    lotOf(projectId: number, layerId: number): Promise<{ id: number; name: string } | undefined> {
      return db
        .selectFrom('layers')
        .select(['id', 'name'])
        .where('id', '=', layerId)
        .where('projectId', '=', projectId)
        .where('type', '=', 'LOT')
        .executeTakeFirst();
    },

    /** The project's published, tiled scenes, oldest first. */
    publishedScenes(projectId: number): Promise<PublishedSceneRow[]> {
      return db
        .selectFrom('scenes')
        .select(['date', 'bounds', 'minZoom', 'maxZoom'])
        .where('projectId', '=', projectId)
        .where('published', '=', true)
        .where('status', '=', 'ready')
        .orderBy('date')
        .execute();
    },

    /** The project's lots (or only `layerId`) and its outline layers, with nothing but their shape and name. */
    layers(projectId: number, layerId: number | null): Promise<SharedLayerRow[]> {
      return db
        .selectFrom('layers')
        .select(['id', 'type', 'name', 'block', 'stage', 'areaM2', 'perimeterM', 'startVisible', 'geoJson'])
        .where('projectId', '=', projectId)
        .where((eb) =>
          layerId === null
            ? eb.or([eb('type', '=', 'LOT'), eb('type', 'in', CONTEXT_TYPES)])
            : eb.or([eb('id', '=', layerId), eb('type', 'in', CONTEXT_TYPES)]),
        )
        .orderBy('id')
        .execute() as Promise<SharedLayerRow[]>;
    },

    /** Every published status of the project's lots (or of `layerId`) on or before `until`, oldest first. */
    statuses(
      projectId: number,
      layerId: number | null,
      until: string,
    ): Promise<{ layerId: number; date: string; status: string }[]> {
      let query = db
        .selectFrom('lotStatusHistory as h')
        .innerJoin('layers as l', 'l.id', 'h.layerId')
        .select(['h.layerId', 'h.date', 'h.status'])
        .where('l.projectId', '=', projectId)
        .where('l.type', '=', 'LOT')
        .where('h.date', '<=', until)
        .where(publishedStatus);
      if (layerId !== null) query = query.where('h.layerId', '=', layerId);
      return query.orderBy('h.layerId').orderBy('h.date').orderBy('h.id').execute();
    },

    /** The observations (date and text only: no photo, no author) of the project's lots, or of `layerId`. */
    observations(
      projectId: number,
      layerId: number | null,
    ): Promise<{ layerId: number; date: string; description: string }[]> {
      let query = db
        .selectFrom('layerObservations as o')
        .innerJoin('layers as l', 'l.id', 'o.layerId')
        .select(['o.layerId', 'o.date', 'o.description'])
        .where('l.projectId', '=', projectId)
        .where('l.type', '=', 'LOT');
      if (layerId !== null) query = query.where('o.layerId', '=', layerId);
      return query.orderBy('o.date', 'desc').orderBy('o.id', 'desc').execute();
    },
  };
}

export type ShareLinksRepo = ReturnType<typeof createShareLinksRepo>;
