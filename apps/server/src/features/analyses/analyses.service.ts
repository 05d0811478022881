import {
  AI_REVIEW_BELOW,
  ANALYSIS_MESSAGES,
  type AdminAnalysis,
  type CreateAnalysisInput,
  type SceneWithAnalysis,
  type SceneWithoutDetect,
} from '@mirante/shared';
import { notFound, unprocessable } from '../../http/app-error';
import { monthDates, monthInstants, resolveMonth } from './analyses.months';
import {
  createAnalysisProcessing,
  PROCESSING_STALE_SECONDS,
  type ProcessingOptions,
} from './analyses.processing';
import { isUniqueViolation, type AnalysesRepo } from './analyses.repo';
import { toAdminAnalysis, toSceneWithAnalysis, toSceneWithoutDetect } from './analyses.view';

type YesNo = '1' | '2' | undefined;

export interface WithAnalysisQuery {
  month?: string;
  approval_status?: YesNo;
  process_ia?: YesNo;
  review?: YesNo;
}

const yesNo = (value: YesNo): boolean | undefined => (value === undefined ? undefined : value === '1');

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

const sceneHasAnalysis = () => unprocessable('SCENE_HAS_ANALYSIS', ANALYSIS_MESSAGES.sceneHasAnalysis);

/** Analyses (the entity "Analysis (detection)") of the administration panel, and their AI queue. */
export function createAnalysesService(repo: AnalysesRepo, processingOptions: ProcessingOptions) {
  const processing = createAnalysisProcessing(repo, processingOptions);

  async function reload(id: number): Promise<AdminAnalysis> {
    const row = await repo.findById(id);
    if (!row) throw notFound('Análise não encontrada.', 'ANALYSIS_NOT_FOUND');
    return toAdminAnalysis(row);
  }

  return {
    /** Runs one queued analysis through the processor (the `detections-process` job). */
    runProcessing: processing.run,
    /** Analyses whose AI run died with its process (see analyses.jobs.ts). */
    stalledProcessings: (): Promise<number[]> => repo.stalledProcessings(PROCESSING_STALE_SECONDS),
    whenIdle: processing.whenIdle,

    async create(input: CreateAnalysisInput): Promise<AdminAnalysis> {
      if (!input.projectId) throw unprocessable('VALIDATION', ANALYSIS_MESSAGES.projectRequired);
      if (!input.sceneId) throw unprocessable('VALIDATION', ANALYSIS_MESSAGES.sceneRequired);
      if (!(await repo.projectExists(input.projectId))) {
        throw notFound(ANALYSIS_MESSAGES.projectNotFound, 'PROJECT_NOT_FOUND');
      }
      const scene = await repo.findScene(input.sceneId);
      if (!scene) throw notFound(ANALYSIS_MESSAGES.sceneNotFound, 'SCENE_NOT_FOUND');
      if (scene.projectId !== input.projectId) {
        throw unprocessable('SCENE_NOT_IN_PROJECT', ANALYSIS_MESSAGES.sceneNotInProject);
      }
      if (await repo.findBySceneId(scene.id)) throw sceneHasAnalysis();
      try {
        const id = await repo.insert({
          projectId: scene.projectId,
          sceneId: scene.id,
          approved: input.publishDetection ?? false,
          duplicateDetectAllotment: input.duplicateDetectAllotment ?? false,
        });
        return await reload(id);
      } catch (error) {
        if (isUniqueViolation(error)) throw sceneHasAnalysis();
        throw error;
      }
    },

    async listAll(): Promise<AdminAnalysis[]> {
      return (await repo.listAll()).map(toAdminAnalysis);
    },

    async remove(ids: number[]): Promise<{ deleted: number }> {
      return { deleted: await repo.deleteByIds(ids) };
    },

    async scenesWithoutDetect(month?: string): Promise<SceneWithoutDetect[]> {
      const dates = monthDates(resolveMonth(month, 'previous'));
      return (await repo.readyScenesWithoutDetection(dates)).map(toSceneWithoutDetect);
    },

    /** Turns the chosen scenes without analysis into analyses (the 'Análise I.A' tab). */
    async createForScenes(sceneIds: number[]): Promise<{ message: string; count: number }> {
      const scenes = await repo.scenesWithoutDetectionByIds(sceneIds);
      if (scenes.length === 0) {
        throw unprocessable(
          'NO_SCENES_WITHOUT_ANALYSIS',
          'As imagens escolhidas já possuem análise ou não existem.',
        );
      }
      const created = await repo.insertMany(
        scenes.map((scene) => ({ projectId: scene.projectId, sceneId: scene.id })),
      );
      return { message: `${count(created, 'análise criada', 'análises criadas')}.`, count: created };
    },

    async scenesWithAnalysis(query: WithAnalysisQuery): Promise<SceneWithAnalysis[]> {
      const rows = await repo.withAnalysis({
        createdIn: monthInstants(resolveMonth(query.month, 'current')),
        approved: yesNo(query.approval_status),
        analysisAi: yesNo(query.process_ia),
        toReview: yesNo(query.review),
        reviewBelow: AI_REVIEW_BELOW,
      });
      return rows.map(toSceneWithAnalysis);
    },

    async approve(ids: number[]): Promise<{ message: string; count: number }> {
      const approved = await repo.approve(ids);
      if (approved === 0) throw notFound('Nenhuma análise encontrada.', 'ANALYSIS_NOT_FOUND');
      return { message: `${count(approved, 'análise aprovada', 'análises aprovadas')}.`, count: approved };
    },

    /** `POST detection/:id`: publishes or disables one analysis; with `bySceneId`, `id` is its scene. */
    async setApproval(id: number, approved: boolean, bySceneId: boolean): Promise<AdminAnalysis> {
      const row = bySceneId ? await repo.findBySceneId(id) : await repo.findById(id);
      if (!row) throw notFound('Análise não encontrada.', 'ANALYSIS_NOT_FOUND');
      await repo.update(row.id, { approved });
      return reload(row.id);
    },

    /**
     * An environment analysis comparing two scenes of a project (checked by the environment feature), queued
     * for the detector at once. The after scene is the analysis's scene (one analysis per scene).
     */
    async queueComparison(input: {
      projectId: number;
      beforeSceneId: number;
      afterSceneId: number;
      minAreaM2: number;
    }): Promise<number> {
      if (await repo.findBySceneId(input.afterSceneId)) throw sceneHasAnalysis();
      let id: number;
      try {
        id = await repo.insert({
          projectId: input.projectId,
          sceneId: input.afterSceneId,
          beforeSceneId: input.beforeSceneId,
          minAreaM2: input.minAreaM2,
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw sceneHasAnalysis();
        throw error;
      }
      await repo.markQueued([id]);
      await processing.enqueue(id);
      return id;
    },

    /** Marks the analyses as sent to the AI and enqueues one `detections-process` job each. */
    async sendToProcessing(ids: number[]): Promise<{ message: string; count: number }> {
      const queued = await repo.markQueued(ids);
      if (queued.length === 0) throw notFound('Nenhuma análise encontrada.', 'ANALYSIS_NOT_FOUND');
      for (const id of queued) await processing.enqueue(id);
      const sent = count(queued.length, 'análise enviada', 'análises enviadas');
      return { message: `${sent} para a fila de processamento.`, count: queued.length };
    },
  };
}

export type AnalysesService = ReturnType<typeof createAnalysesService>;
