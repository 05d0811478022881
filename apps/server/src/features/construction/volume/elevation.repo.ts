import type { Db } from '../../../db/database';

/** All SQL of the scenes' elevation models (migration 027). */
export function createElevationRepo(db: Db) {
  return {
    async scene(sceneId: number) {
      return db
        .selectFrom('scenes')
        .select(['id', 'projectId', 'originalKey', 'published'])
        .where('id', '=', sceneId)
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
