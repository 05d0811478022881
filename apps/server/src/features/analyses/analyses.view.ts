import {
  displayDate,
  displayLocalDate,
  type AdminAnalysis,
  type SceneWithAnalysis,
  type SceneWithoutDetect,
} from '@mirante/shared';
import type { DetectionReviewRow, DetectionRow, SceneSummary } from './analyses.repo';

export function toAdminAnalysis(row: DetectionRow): AdminAnalysis {
  return {
    id: row.id,
    detectId: row.id,
    projectId: row.projectId,
    projectName: row.projectName,
    sceneId: row.sceneId,
    sceneName: displayDate(row.sceneDate),
    beforeSceneId: row.beforeSceneId,
    isoDate: row.sceneDate,
    approvalStatus: row.approved,
    analysisAi: row.analysisAi,
    processingState: row.processingState,
    progress: row.processingProgress,
    errorMessage: row.processingError,
    createdAt: displayLocalDate(row.createdAt),
  };
}

export function toSceneWithoutDetect(scene: SceneSummary): SceneWithoutDetect {
  return {
    id: scene.id,
    project_id: scene.projectId,
    project_name: scene.projectName,
    date_formatted: displayDate(scene.date),
  };
}

export function toSceneWithAnalysis(row: DetectionReviewRow): SceneWithAnalysis {
  return {
    id: row.sceneId,
    project_id: row.projectId,
    project_name: row.projectName,
    date_formatted: displayDate(row.sceneDate),
    detect_id: row.id,
    created_at: displayLocalDate(row.createdAt),
    analysis_ai: row.analysisAi ? 'Sim' : 'Não',
    approval_status: row.approved ? 'Aprovado' : 'Pendente',
    processing_state: row.processingState,
    progress: row.processingProgress,
    error_message: row.processingError,
    review_count: row.reviewCount,
    review_reason: row.reviewReason,
  };
}
