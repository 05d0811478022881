import {
  displayDate,
  INSPECTION_MESSAGES,
  SCENE_MESSAGES,
  type Inspection,
  type SaveInspection,
} from '@mirante/shared';
import { isUniqueViolation } from '../../db/unique-violation';
import { AppError, notFound } from '../../http/app-error';
import { seesItem, seesUnpublished } from '../../policies';
import type { AuthUser } from '../auth';
import { inspectionNotFound, type ConstructionGuard } from './construction-access';
import type { InspectionRow, InspectionsRepo } from './inspections.repo';

const sceneNotFound = () => notFound(SCENE_MESSAGES.notFound, 'SCENE_NOT_FOUND');
const sceneTaken = () => new AppError(409, 'SCENE_HAS_INSPECTION', INSPECTION_MESSAGES.sceneTaken);

export function toInspection(row: InspectionRow): Inspection {
  return {
    id: row.id,
    project_id: row.projectId,
    scene_id: row.sceneId,
    phase: row.phase,
    date: row.date,
    dateText: displayDate(row.date),
    scene: { id: row.sceneId, isoDate: row.date, published: row.published },
    hasDsm: row.hasDsm,
  };
}

/** Inspections of construction projects: a scene read as a phase, one inspection per scene. */
export function createInspectionsService(repo: InspectionsRepo, guard: ConstructionGuard) {
  /**
   * The inspection (of `projectId`, when given) the user may see, with its project; a missing one, one of
   * another project or of a scene the user may not see is a 404. Modules are the caller's to require.
   */
  async function visibleInspection(user: AuthUser, id: number, projectId?: number) {
    const row = await repo.find(id);
    if (!row || (projectId !== undefined && row.projectId !== projectId)) throw inspectionNotFound();
    const project = await guard.visible(user, row.projectId, inspectionNotFound);
    if (!seesItem(user, row)) throw inspectionNotFound();
    return { inspection: row, project };
  }

  return {
    get: visibleInspection,

    async list(user: AuthUser, projectId: number): Promise<Inspection[]> {
      guard.require(user, await guard.visible(user, projectId), 'read');
      return (await repo.list(projectId, seesUnpublished(user))).map(toInspection);
    },

    /**
     * Creates an inspection, or changes the one of `inspection_id`. The scene must be a scene of the project
     * the user sees (else 404, as a missing one) and not used by another inspection (409).
     */
    async save(user: AuthUser, input: SaveInspection): Promise<Inspection> {
      const project = await guard.visible(user, input.project_id);
      if (input.inspection_id !== undefined) await visibleInspection(user, input.inspection_id, project.id);
      const scene = await repo.sceneOfProject(input.scene_id, project.id);
      if (!scene || !seesItem(user, scene)) throw sceneNotFound();
      guard.require(user, project, 'inspections');
      if (scene.usedBy !== null && scene.usedBy !== input.inspection_id) throw sceneTaken();
      let id = input.inspection_id;
      try {
        if (id === undefined) {
          id = await repo.insert({ projectId: project.id, sceneId: scene.id, phase: input.phase });
        } else {
          await repo.update(id, { sceneId: scene.id, phase: input.phase });
        }
      } catch (error) {
        // Two saves racing for one scene: the unique index decides.
        if (isUniqueViolation(error)) throw sceneTaken();
        throw error;
      }
      return toInspection((await visibleInspection(user, id)).inspection);
    },

    async destroy(user: AuthUser, projectId: number, inspectionId: number): Promise<{ id: number }> {
      const project = await guard.visible(user, projectId);
      await visibleInspection(user, inspectionId, project.id);
      guard.require(user, project, 'inspections');
      if (!(await repo.remove(inspectionId))) throw inspectionNotFound();
      return { id: inspectionId };
    },
  };
}

export type InspectionsService = ReturnType<typeof createInspectionsService>;
