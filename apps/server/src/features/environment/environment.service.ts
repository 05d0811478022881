import { randomUUID } from 'node:crypto';
import {
  ENVIRONMENT_CATEGORIES,
  ENVIRONMENT_MESSAGES,
  type AnalysisInReview,
  type EnvironmentAnalysis,
  type EnvironmentFeature,
  type NewFeatureInput,
} from '@mirante/shared';
import { validityProblem } from '../../geo/validity';
import { notFound, unprocessable } from '../../http/app-error';
import { assertMayProduceAnalyses, seesItem, seesUnpublished } from '../../policies';
import type { AnalysesService } from '../analyses';
import type { AuthUser } from '../auth';
import type { LayerImportService } from '../layers';
import type { ProjectsService } from '../projects';
import type { Storage } from '../../storage/storage';
import type { Readable } from 'node:stream';
import { DEFAULT_DETECTOR_SETTINGS } from './detector/detect-change';
import {
  categoryOfType,
  toAnalysis,
  toAnalysisInReview,
  toFeature,
  type AnalysisRow,
  type Category,
} from './environment-view';
import type { EnvironmentRepo } from './environment.repo';

export interface EnvironmentDeps {
  projects: ProjectsService;
  analyses: AnalysesService;
  layers: LayerImportService;
  storage: Storage;
}

/**
 * Environment analyses: 'Nova Análise' on two scenes runs the vegetation-change detector; its
 * proposals wait for an ADMIN to approve, reject (reason kept) or edit; 'Nova Detecção' adds a manual one.
 * Viewing needs the project's environment.analysis module; creating and reviewing is ADMIN-only.
 */
export function createEnvironmentService(repo: EnvironmentRepo, deps: EnvironmentDeps) {
  async function environmentProject(user: AuthUser, projectId: number) {
    const project = await deps.projects.assertAccess(user, projectId, 'analysis');
    if (project.projectType !== 'ENVIRONMENT') {
      throw unprocessable('NOT_ENVIRONMENT', ENVIRONMENT_MESSAGES.notEnvironment);
    }
    return project;
  }

  async function analysisOf(user: AuthUser, projectId: number, detectId: number) {
    await environmentProject(user, projectId);
    const analysis = await repo.findAnalysis(detectId);
    if (!analysis || analysis.projectId !== projectId) {
      throw notFound(ENVIRONMENT_MESSAGES.analysisNotFound, 'ANALYSIS_NOT_FOUND');
    }
    if (!seesItem(user, { published: analysis.approved })) {
      throw notFound(ENVIRONMENT_MESSAGES.analysisNotFound, 'ANALYSIS_NOT_FOUND');
    }
    return analysis;
  }

  async function reload(id: number): Promise<EnvironmentFeature> {
    const row = await repo.feature(id);
    if (!row) throw notFound(ENVIRONMENT_MESSAGES.featureNotFound, 'FEATURE_NOT_FOUND');
    return toFeature(row);
  }

  async function publishAsLayer(
    projectId: number,
    analysis: AnalysisRow,
    feature: { category: string; geometry: unknown; description: string; name: string },
  ): Promise<number> {
    const category = categoryOfType(feature.category);
    const key = `environment-feature:${randomUUID()}`;
    const ids = await deps.layers.importLayers(projectId, [
      {
        type: category.type,
        name: feature.name,
        sourceKey: key,
        categoryName: category.name,
        categoryColor: category.color,
        rect: feature.description,
        detectBeforeDate: analysis.beforeDate,
        detectAfterDate: analysis.afterDate,
        geometry: feature.geometry,
      },
    ]);
    return ids.get(key) as number;
  }

  return {
    async categories(): Promise<Category[]> {
      return [...ENVIRONMENT_CATEGORIES];
    },

    /** `POST project/{id}/environment-detect`: both scenes required, the after one later; ADMIN only. */
    async detect(
      user: AuthUser,
      projectId: number,
      input: { beforeSceneId?: number; afterSceneId?: number; minAreaM2?: number },
    ): Promise<{ id: number }> {
      await environmentProject(user, projectId);
      assertMayProduceAnalyses(user);
      if (!input.beforeSceneId) throw unprocessable('VALIDATION', ENVIRONMENT_MESSAGES.beforeSceneRequired);
      if (!input.afterSceneId) throw unprocessable('VALIDATION', ENVIRONMENT_MESSAGES.afterSceneRequired);
      const before = await repo.scene(input.beforeSceneId);
      const after = await repo.scene(input.afterSceneId);
      if (!before || !after) throw notFound('Imagem não encontrada.', 'SCENE_NOT_FOUND');
      if (before.projectId !== projectId || after.projectId !== projectId) {
        throw unprocessable('SCENE_NOT_IN_PROJECT', ENVIRONMENT_MESSAGES.sceneNotInProject);
      }
      if (!(before.date < after.date)) throw unprocessable('VALIDATION', ENVIRONMENT_MESSAGES.afterNotLater);
      if (before.status !== 'ready' || after.status !== 'ready') {
        throw unprocessable('SCENE_NOT_READY', ENVIRONMENT_MESSAGES.sceneNotReady);
      }
      const id = await deps.analyses.queueComparison({
        projectId,
        beforeSceneId: before.id,
        afterSceneId: after.id,
        minAreaM2: input.minAreaM2 ?? DEFAULT_DETECTOR_SETTINGS.minAreaM2,
      });
      return { id };
    },

    async analyses(user: AuthUser, projectId: number): Promise<EnvironmentAnalysis[]> {
      await environmentProject(user, projectId);
      return (await repo.listAnalyses(projectId, !seesUnpublished(user))).map(toAnalysis);
    },

    /**
     * The analyses not yet published, oldest first, for a customer's 'being reviewed' notice: dates and state only,
     * never their proposals.
     */
    async inReview(user: AuthUser, projectId: number): Promise<AnalysisInReview[]> {
      await environmentProject(user, projectId);
      return (await repo.unpublishedAnalyses(projectId)).map(toAnalysisInReview);
    },

    /** The analysis's features: everyone sees the approved; ADMIN also the pending and rejected proposals. */
    async features(user: AuthUser, projectId: number, detectId: number): Promise<EnvironmentFeature[]> {
      await analysisOf(user, projectId, detectId);
      return (await repo.features(detectId, !seesUnpublished(user))).map(toFeature);
    },

    /** 'Nova Detecção' (a manual detection, approved and published as a layer) or the edit of a proposal. */
    async saveFeature(
      user: AuthUser,
      projectId: number,
      detectId: number,
      input: NewFeatureInput,
    ): Promise<EnvironmentFeature> {
      const analysis = await analysisOf(user, projectId, detectId);
      assertMayProduceAnalyses(user);
      const category = ENVIRONMENT_CATEGORIES[input.category_id] ?? ENVIRONMENT_CATEGORIES[2];
      const description = input.description.trim();
      const problem = input.geojson ? validityProblem(input.geojson) : null;
      if (problem) {
        throw unprocessable(
          'INVALID_GEOMETRY',
          `${ENVIRONMENT_MESSAGES.geometryInvalid} ${problem.message}.`,
        );
      }
      if (input.feature_id) {
        const existing = await repo.feature(input.feature_id);
        if (!existing || existing.detectionId !== detectId) {
          throw notFound(ENVIRONMENT_MESSAGES.featureNotFound, 'FEATURE_NOT_FOUND');
        }
        const edited = await repo.editPending(existing.id, {
          category: category.type,
          areaM2: input.area,
          description,
          geometry: input.geojson,
        });
        if (!edited) throw unprocessable('FEATURE_REVIEWED', ENVIRONMENT_MESSAGES.featureReviewed);
        return reload(existing.id);
      }
      if (!input.geojson) throw unprocessable('VALIDATION', ENVIRONMENT_MESSAGES.geometryRequired);
      const layerId = await publishAsLayer(projectId, analysis, {
        category: category.type,
        geometry: input.geojson,
        description,
        name: category.name,
      });
      const id = await repo.insertFeature({
        detectionId: detectId,
        source: 'manual',
        category: category.type,
        geometry: input.geojson,
        areaM2: input.area,
        description,
        confidence: null,
        reviewStatus: 'approved',
        layerId,
        createdBy: user.id,
        reviewedBy: user.id,
      });
      return reload(id);
    },

    /** A proposal's before or after preview PNG; a proposal not shown to this user (not approved) is not found. */
    async preview(
      user: AuthUser,
      projectId: number,
      detectId: number,
      featureId: number,
      side: 'before' | 'after',
    ): Promise<{ stream: Readable; size: number | null }> {
      await analysisOf(user, projectId, detectId);
      const feature = await repo.feature(featureId);
      const visible =
        feature?.detectionId === detectId &&
        seesItem(user, { published: feature.reviewStatus === 'approved' });
      const key = visible ? (side === 'before' ? feature.beforePreviewKey : feature.afterPreviewKey) : null;
      if (!key) throw notFound(ENVIRONMENT_MESSAGES.previewNotFound, 'PREVIEW_NOT_FOUND');
      return { stream: await deps.storage.getStream(key), size: await deps.storage.size(key) };
    },

    /** Approves (published as a map layer) or rejects (reason required and kept) a pending proposal. */
    async review(
      user: AuthUser,
      projectId: number,
      detectId: number,
      featureId: number,
      decision: { action: 'approve' | 'reject'; reason?: string },
    ): Promise<EnvironmentFeature> {
      const analysis = await analysisOf(user, projectId, detectId);
      assertMayProduceAnalyses(user);
      const feature = await repo.feature(featureId);
      if (!feature || feature.detectionId !== detectId) {
        throw notFound(ENVIRONMENT_MESSAGES.featureNotFound, 'FEATURE_NOT_FOUND');
      }
      if (feature.reviewStatus !== 'pending') {
        throw unprocessable('FEATURE_REVIEWED', ENVIRONMENT_MESSAGES.featureReviewed);
      }
      const reason = decision.reason?.trim() ?? '';
      if (decision.action === 'reject' && reason === '') {
        throw unprocessable('VALIDATION', ENVIRONMENT_MESSAGES.rejectReasonRequired);
      }
      const layerId =
        decision.action === 'approve'
          ? await publishAsLayer(projectId, analysis, {
              category: feature.category,
              geometry: feature.geoJson,
              description: feature.description,
              name: categoryOfType(feature.category).name,
            })
          : null;
      const done = await repo.review(featureId, {
        status: decision.action === 'approve' ? 'approved' : 'rejected',
        reason: decision.action === 'reject' ? reason : null,
        reviewerId: user.id,
        layerId,
      });
      if (!done) throw unprocessable('FEATURE_REVIEWED', ENVIRONMENT_MESSAGES.featureReviewed);
      return reload(featureId);
    },
  };
}

export type EnvironmentService = ReturnType<typeof createEnvironmentService>;
