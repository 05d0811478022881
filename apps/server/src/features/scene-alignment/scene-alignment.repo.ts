import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/database';
import type { SceneAlignmentsTable } from '../../db/schema-scene-alignment';

export type AlignmentRow = Selectable<SceneAlignmentsTable>;
export type AlignmentWrite = Omit<Insertable<SceneAlignmentsTable>, 'sceneId' | 'createdAt'>;

/** What the estimate reads of a scene: its tiles and where they lie. */
export interface AlignableScene {
  id: number;
  projectId: number;
  /** YYYY-MM-DD */
  date: string;
  published: boolean;
  archiveKey: string;
  bounds: number[];
  minZoom: number;
  maxZoom: number;
  offsetX: number;
  offsetY: number;
}

export function createSceneAlignmentRepo(db: Db) {
  const readyScenes = () =>
    db
      .selectFrom('scenes')
      .select([
        'id',
        'projectId',
        'date',
        'published',
        'archiveKey',
        'bounds',
        'minZoom',
        'maxZoom',
        'offsetX',
        'offsetY',
      ])
      .where('status', '=', 'ready')
      .where('archiveKey', 'is not', null)
      .where('bounds', 'is not', null)
      .where('minZoom', 'is not', null)
      .where('maxZoom', 'is not', null);

  return {
    async readyScene(id: number): Promise<AlignableScene | undefined> {
      return (await readyScenes().where('id', '=', id).executeTakeFirst()) as AlignableScene | undefined;
    },

    /** The project's latest published, tiled scene dated before `date`. */
    async previousPublished(projectId: number, date: string): Promise<AlignableScene | undefined> {
      return (await readyScenes()
        .where('projectId', '=', projectId)
        .where('published', '=', true)
        .where('date', '<', date)
        .orderBy('date', 'desc')
        .limit(1)
        .executeTakeFirst()) as AlignableScene | undefined;
    },

    async find(sceneId: number): Promise<AlignmentRow | undefined> {
      return db.selectFrom('sceneAlignments').selectAll().where('sceneId', '=', sceneId).executeTakeFirst();
    },

    /** Writes the scene's alignment afresh (a new estimate forgets the previous one and its decision). */
    async save(sceneId: number, row: AlignmentWrite): Promise<void> {
      const values = {
        offsetX: 0,
        offsetY: 0,
        shiftX: 0,
        shiftY: 0,
        confidence: 0,
        overlap: 0,
        pixelSize: 0,
        previewReference: null,
        previewBefore: null,
        previewAfter: null,
        decision: null,
        decidedBy: null,
        decidedAt: null,
        ...row,
        updatedAt: new Date(),
      };
      await db
        .insertInto('sceneAlignments')
        .values({ sceneId, ...values })
        .onConflict((conflict) => conflict.column('sceneId').doUpdateSet(values))
        .execute();
    },

    /** Records the ADMIN's decision once; false when it was already decided (or the row is gone). */
    async decide(sceneId: number, decision: 'accepted' | 'rejected', userId: number): Promise<boolean> {
      const result = await db
        .updateTable('sceneAlignments')
        .set({ decision, decidedBy: userId, decidedAt: new Date(), updatedAt: new Date() })
        .where('sceneId', '=', sceneId)
        .where('decision', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
  };
}

export type SceneAlignmentRepo = ReturnType<typeof createSceneAlignmentRepo>;
