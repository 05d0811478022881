import { ANALYSIS_MESSAGES, DETECTION_MESSAGES, type AnalysisLots, type DetectionKey } from '@mirante/shared';
import { assertMayProduceAnalyses, seesItem } from '../../policies';
import { notFound, unprocessable } from '../../http/app-error';
import type { CpuPool } from '../../cpu/cpu-pool';
import type { Storage } from '../../storage/storage';
import type { AuthUser } from '../auth';
import type { ProjectsService } from '../projects';
import { createDetectionsProcessor } from './detections.processor';
import type { DetectionsRepo } from './detections.repo';

export interface LotsEdit {
  detectType: DetectionKey;
  layerIds: number[];
  sceneId?: number;
  projectId?: number;
}

/** Lot detections: the AI processor of the analyses queue and the map's manual detection edits. */
export function createDetectionsService(
  repo: DetectionsRepo,
  storage: Storage,
  projects: ProjectsService,
  cpu: CpuPool,
) {
  return {
    /** The AI of the analyses queue (`createServices` hands it to the analyses service). */
    processor: createDetectionsProcessor(repo, storage, cpu),

    /**
     * The lots as an analysis of the project left them: every status row at its scene's date (the AI's, or the
     * correction that replaced it). An analysis the user may not see (unpublished, for a non-ADMIN; an
     * environment analysis; another project's) is the same 404 as a missing one.
     */
    async lotsOfAnalysis(user: AuthUser, projectId: number, detectId: number): Promise<AnalysisLots> {
      await projects.assertAccess(user, projectId, 'map');
      const analysis = await repo.analysisWithDate(detectId);
      if (
        !analysis ||
        analysis.projectId !== projectId ||
        !seesItem(user, { published: analysis.approved })
      ) {
        throw notFound(DETECTION_MESSAGES.analysisNotFound, 'ANALYSIS_NOT_FOUND');
      }
      const rows = await repo.lotStatusesOn(projectId, analysis.date);
      return {
        detectId,
        sceneId: analysis.sceneId,
        date: analysis.date,
        lots: rows.map((row) => ({
          id: row.id,
          detect_type: row.status as DetectionKey,
          precision: row.precision,
          source: row.source,
        })),
      };
    },

    /**
     * `POST allotments/:detectId`: sets the lots' status at the scene's date by hand (source 'manual', with the
     * ADMIN as its author and no confidence; it replaces the AI's row of that lot and date). Another customer's project is 404 before the role's 403.
     */
    async editLots(
      user: AuthUser,
      detectId: number,
      edit: LotsEdit,
    ): Promise<{ id: number; detectType: DetectionKey }[]> {
      if (!edit.projectId) throw unprocessable('VALIDATION', ANALYSIS_MESSAGES.projectRequired);
      if (!edit.sceneId) throw unprocessable('VALIDATION', ANALYSIS_MESSAGES.sceneRequired);
      await projects.assertAccess(user, edit.projectId, 'map');
      assertMayProduceAnalyses(user);
      const analysis = await repo.findAnalysis(detectId);
      if (!analysis || analysis.projectId !== edit.projectId) {
        throw notFound(DETECTION_MESSAGES.analysisNotFound, 'ANALYSIS_NOT_FOUND');
      }
      const scene = await repo.findScene(edit.sceneId);
      if (!scene) throw notFound(DETECTION_MESSAGES.sceneNotFound, 'SCENE_NOT_FOUND');
      if (scene.projectId !== edit.projectId) {
        throw unprocessable('SCENE_NOT_IN_PROJECT', DETECTION_MESSAGES.sceneNotInProject);
      }
      const wanted = [...new Set(edit.layerIds)];
      if (wanted.length === 0) throw unprocessable('NO_LAYERS', DETECTION_MESSAGES.noLayerSelected);
      const lotIds = await repo.lotIdsOfProject(edit.projectId, wanted);
      if (lotIds.length !== wanted.length) throw unprocessable('NOT_LOTS', DETECTION_MESSAGES.notLots);
      await repo.writeManual({
        layerIds: lotIds,
        status: edit.detectType,
        sceneId: edit.sceneId,
        date: scene.date,
        editedBy: user.id,
      });
      // In the order the lots were sent.
      const statusOf = new Map(
        (await repo.statusesAt(lotIds, scene.date)).map((row) => [row.id, row.status]),
      );
      return wanted.flatMap((id) => {
        const status = statusOf.get(id);
        return status === undefined ? [] : [{ id, detectType: status as DetectionKey }];
      });
    },
  };
}

export type DetectionsService = ReturnType<typeof createDetectionsService>;
