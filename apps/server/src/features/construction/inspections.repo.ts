import type { Db } from '../../db/database';

/** An inspection with its scene's date and publication. */
export interface InspectionRow {
  id: number;
  projectId: number;
  sceneId: number;
  phase: number;
  /** YYYY-MM-DD */
  date: string;
  published: boolean;
  hasDsm: boolean;
}

export interface SceneOfProject {
  id: number;
  published: boolean;
  usedBy: number | null;
}

/** All SQL of the inspections: rows joined to their scene. */
export function createInspectionsRepo(db: Db) {
  const withScene = () =>
    db
      .selectFrom('inspections')
      .innerJoin('scenes', 'scenes.id', 'inspections.sceneId')
      .leftJoin('sceneElevationModels', 'sceneElevationModels.sceneId', 'inspections.sceneId')
      .select((eb) => [
        eb('sceneElevationModels.sceneId', 'is not', null).$castTo<boolean>().as('hasDsm'),
        'inspections.id',
        'inspections.projectId',
        'inspections.sceneId',
        'inspections.phase',
        'scenes.date',
        'scenes.published',
      ]);

  return {
    /** The project's inspections, newest scene first; unpublished scenes' only when `withUnpublished`. */
    async list(projectId: number, withUnpublished: boolean): Promise<InspectionRow[]> {
      let query = withScene().where('inspections.projectId', '=', projectId);
      if (!withUnpublished) query = query.where('scenes.published', '=', true);
      return query.orderBy('scenes.date', 'desc').orderBy('inspections.id', 'desc').execute();
    },

    async find(id: number): Promise<InspectionRow | undefined> {
      return withScene().where('inspections.id', '=', id).executeTakeFirst();
    },

    /** A scene of the project and the inspection already using it, if any. */
    async sceneOfProject(sceneId: number, projectId: number): Promise<SceneOfProject | undefined> {
      return db
        .selectFrom('scenes')
        .leftJoin('inspections', 'inspections.sceneId', 'scenes.id')
        .select(['scenes.id', 'scenes.published', 'inspections.id as usedBy'])
        .where('scenes.id', '=', sceneId)
        .where('scenes.projectId', '=', projectId)
        .executeTakeFirst();
    },

    async insert(values: { projectId: number; sceneId: number; phase: number }): Promise<number> {
      const row = await db.insertInto('inspections').values(values).returning('id').executeTakeFirstOrThrow();
      return row.id;
    },

    async update(id: number, values: { sceneId: number; phase: number }): Promise<void> {
      await db
        .updateTable('inspections')
        .set({ ...values, updatedAt: new Date() })
        .where('id', '=', id)
        .execute();
    },

    /** Removes the inspection (its notes go with it: ON DELETE CASCADE). */
    async remove(id: number): Promise<boolean> {
      const result = await db.deleteFrom('inspections').where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}

export type InspectionsRepo = ReturnType<typeof createInspectionsRepo>;
