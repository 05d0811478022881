import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import type { Db } from '../../db/database';
import type { ScenesTable } from '../../db/schema';

export type SceneRecord = Selectable<ScenesTable>;
export type SceneRow = SceneRecord & {
  projectName: string;
  projectSpace: string;
  projectDefaultZoom: number;
  /** The project's [west, south, east, north] in WGS 84; null while it has no boundary. */
  projectBbox: number[] | null;
  /** The scene's analysis (at most one per scene), null while it has none. */
  detectId: number | null;
};
export type NewSceneRow = Insertable<ScenesTable>;
export type SceneChanges = Updateable<ScenesTable>;

export { isUniqueViolation } from '../../db/unique-violation';

export function createScenesRepo(db: Db) {
  const withProject = () =>
    db
      .selectFrom('scenes')
      .innerJoin('projects', 'projects.id', 'scenes.projectId')
      .selectAll('scenes')
      .select([
        'projects.name as projectName',
        'projects.space as projectSpace',
        'projects.defaultZoom as projectDefaultZoom',
        'projects.bbox as projectBbox',
      ])
      .select((eb) =>
        eb
          .selectFrom('detections')
          .select((sub) => sub.fn.max('detections.id').as('id'))
          .whereRef('detections.sceneId', '=', 'scenes.id')
          .as('detectId'),
      );

  return {
    async insert(row: NewSceneRow): Promise<SceneRecord> {
      return db.insertInto('scenes').values(row).returningAll().executeTakeFirstOrThrow();
    },

    /** What an upload is checked against: the project's outline and bounding box. */
    async projectArea(
      projectId: number,
    ): Promise<{ delimiter: unknown; bbox: number[] | null; defaultZoom: number } | undefined> {
      return db
        .selectFrom('projects')
        .select(['delimiter', 'bbox', 'defaultZoom'])
        .where('id', '=', projectId)
        .executeTakeFirst();
    },

    async findById(id: number): Promise<SceneRow | undefined> {
      return withProject().where('scenes.id', '=', id).executeTakeFirst();
    },

    async findBySpaceAndDate(space: string, date: string): Promise<SceneRow | undefined> {
      return withProject()
        .where('projects.space', '=', space)
        .where('scenes.date', '=', date)
        .executeTakeFirst();
    },

    async listForProject(projectId: number, publishedOnly: boolean): Promise<SceneRow[]> {
      let query = withProject().where('scenes.projectId', '=', projectId);
      if (publishedOnly) query = query.where('scenes.published', '=', true);
      return query.orderBy('scenes.date', 'desc').execute();
    },

    async listAll(): Promise<SceneRow[]> {
      return withProject().orderBy('scenes.date', 'desc').orderBy('scenes.id', 'desc').execute();
    },

    /** Scenes no analysis (`detections` row) refers to yet. */
    async listWithoutAnalysis(): Promise<SceneRow[]> {
      return withProject()
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('detections')
                .select('detections.id')
                .whereRef('detections.sceneId', '=', 'scenes.id'),
            ),
          ),
        )
        .orderBy('scenes.date', 'desc')
        .orderBy('scenes.id', 'desc')
        .execute();
    },

    async findByIds(ids: number[]): Promise<SceneRecord[]> {
      if (ids.length === 0) return [];
      return db.selectFrom('scenes').selectAll().where('id', 'in', ids).execute();
    },

    async update(id: number, changes: SceneChanges): Promise<void> {
      await db
        .updateTable('scenes')
        .set({ ...changes, updatedAt: new Date() })
        .where('id', '=', id)
        .execute();
    },

    /**
     * Takes a scene for ingest, unless another ingest is alive on it (its heartbeat younger than `staleSeconds`).
     * Atomic, so two jobs for one scene never tile it at once.
     */
    async claimIngest(id: number, staleSeconds: number): Promise<boolean> {
      const result = await db
        .updateTable('scenes')
        .set({
          status: 'processing',
          progress: 0,
          errorMessage: null,
          ingestHeartbeatAt: new Date(),
          updatedAt: new Date(),
        })
        .where('id', '=', id)
        .where((eb) =>
          eb.or([
            eb('status', '!=', 'processing'),
            eb('ingestHeartbeatAt', 'is', null),
            eb('ingestHeartbeatAt', '<', sql<Date>`now() - make_interval(secs => ${staleSeconds})`),
          ]),
        )
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async touchIngest(id: number): Promise<void> {
      await db
        .updateTable('scenes')
        .set({ ingestHeartbeatAt: new Date() })
        .where('id', '=', id)
        .where('status', '=', 'processing')
        .execute();
    },

    /** Scenes left `processing` by an ingest that stopped beating (its process died). */
    async stalledIngests(staleSeconds: number): Promise<number[]> {
      const rows = await db
        .selectFrom('scenes')
        .select('id')
        .where('status', '=', 'processing')
        .where((eb) =>
          eb.or([
            eb('ingestHeartbeatAt', 'is', null),
            eb('ingestHeartbeatAt', '<', sql<Date>`now() - make_interval(secs => ${staleSeconds})`),
          ]),
        )
        .execute();
      return rows.map((row) => row.id);
    },

    /** Scenes still `queued` this long after their last change: their job may never have been sent. */
    async queuedLongerThan(seconds: number): Promise<number[]> {
      const rows = await db
        .selectFrom('scenes')
        .select('id')
        .where('status', '=', 'queued')
        .where('updatedAt', '<', sql<Date>`now() - make_interval(secs => ${seconds})`)
        .execute();
      return rows.map((row) => row.id);
    },

    /** Marks the ingest finished and bumps the tile version in one statement (ETags change with it). */
    async markReady(id: number, changes: SceneChanges): Promise<void> {
      await db
        .updateTable('scenes')
        .set((eb) => ({
          ...changes,
          status: 'ready',
          progress: 100,
          errorMessage: null,
          tilesVersion: eb('tilesVersion', '+', 1),
          updatedAt: new Date(),
        }))
        .where('id', '=', id)
        .execute();
    },

    async deleteByIds(ids: number[]): Promise<number> {
      if (ids.length === 0) return 0;
      const result = await db.deleteFrom('scenes').where('id', 'in', ids).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

export type ScenesRepo = ReturnType<typeof createScenesRepo>;
