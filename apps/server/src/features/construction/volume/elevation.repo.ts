import type { Db } from '../../../db/database';

/** All SQL of the scenes' elevation models (migration 027). */
export function createElevationRepo(db: Db) {
  return {
    /** The scene, with where it lies: its own bounds once ingested, else its project's. */
    async scene(sceneId: number) {
      return db
        .selectFrom('scenes')
        .innerJoin('projects', 'projects.id', 'scenes.projectId')
        .select([
          'scenes.id',
          'scenes.projectId',
          'scenes.originalKey',
          'scenes.published',
          'scenes.bounds',
          'scenes.sourceBounds',
          'projects.bbox as projectBbox',
        ])
        .where('scenes.id', '=', sceneId)
        .executeTakeFirst();
    },

    async modelOf(sceneId: number) {
      return db
        .selectFrom('sceneElevationModels')
        .select(['sceneId', 'storageKey', 'width', 'height'])
        .where('sceneId', '=', sceneId)
        .executeTakeFirst();
    },

    async save(row: {
      sceneId: number;
      storageKey: string;
      originalName: string;
      width: number;
      height: number;
    }) {
      await db
        .insertInto('sceneElevationModels')
        .values(row)
        .onConflict((conflict) =>
          conflict.column('sceneId').doUpdateSet({
            storageKey: row.storageKey,
            originalName: row.originalName,
            width: row.width,
            height: row.height,
          }),
        )
        .execute();
    },
  };
}

export type ElevationRepo = ReturnType<typeof createElevationRepo>;
