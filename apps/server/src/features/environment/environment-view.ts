import {
  displayDate,
  type AnalysisInReview,
  ENVIRONMENT_CATEGORIES,
  type EnvironmentAnalysis,
  type EnvironmentFeature,
} from '@mirante/shared';
import type { EnvironmentRepo, FeatureRecord } from './environment.repo';

export type Category = (typeof ENVIRONMENT_CATEGORIES)[number];

export const categoryOfType = (type: string): Category =>
  ENVIRONMENT_CATEGORIES.find((c) => c.type === type) ?? ENVIRONMENT_CATEGORIES[2];

export function toFeature(row: FeatureRecord): EnvironmentFeature {
  const category = categoryOfType(row.category);
  return {
    id: row.id,
    detectId: row.detectionId,
    source: row.source,
    category_id: category.id,
    type: category.type,
    category_name: category.name,
    category_color: category.color,
    area: Math.round(row.areaM2),
    description: row.description,
    confidence: row.confidence,
    review_status: row.reviewStatus,
    reject_reason: row.rejectReason,
    reviewed_by: row.reviewerName,
    reviewed_at: row.reviewedAt ? displayDate(row.reviewedAt.toISOString().slice(0, 10)) : null,
    layer_id: row.layerId,
    geojson: row.geoJson as EnvironmentFeature['geojson'],
    has_previews: row.beforePreviewKey !== null && row.afterPreviewKey !== null,
  };
}

export type AnalysisRow = NonNullable<Awaited<ReturnType<EnvironmentRepo['findAnalysis']>>>;

export function toAnalysis(row: AnalysisRow): EnvironmentAnalysis {
  return {
    detectId: row.id,
    isoDate: row.afterDate,
    beforeScene: { id: row.beforeId, isoDate: row.beforeDate, date: displayDate(row.beforeDate) },
    afterScene: { id: row.afterId, isoDate: row.afterDate, date: displayDate(row.afterDate) },
    featuresAmount: Number(row.approvedCount ?? 0),
    pendingAmount: Number(row.pendingCount ?? 0),
    approvalStatus: row.approved,
    analysisApprovalStatus: row.approved ? 'Aprovado' : 'Pendente',
    projectSpace: row.projectSpace,
    beforeDate: displayDate(row.beforeDate),
    afterDate: displayDate(row.afterDate),
    processingState: row.processingState,
    progress: row.processingProgress,
    errorMessage: row.processingError,
    minAreaM2: row.minAreaM2,
  };
}

/** An unpublished analysis as a customer may see it: the detector still running, or its result under review. */
export function toAnalysisInReview(row: {
  beforeDate: string;
  afterDate: string;
  processingState: AnalysisRow['processingState'];
}): AnalysisInReview {
  return {
    beforeDate: displayDate(row.beforeDate),
    afterDate: displayDate(row.afterDate),
    state: row.processingState === 'done' ? 'review' : 'processing',
  };
}
