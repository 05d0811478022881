import { z } from 'zod';
import { ANALYSIS_PROCESSING_STATES } from './analyses';
import { defineEndpoint, DOWNLOAD_ACCESS, fileResponse } from './endpoint';
import { formOptionalId } from './form-fields';
import { id, idParams, text } from './input-rules';

/** Messages of the environment analyses (the client's failure texts word for word). */
export const ENVIRONMENT_MESSAGES = {
  lastSceneFailed: 'Não foi possível obter a última imagem deste projeto:',
  publishFailed: 'Não foi possível publicar a análise',
  unpublishFailed: 'Não foi possível desativar a análise',
  scenesFailed: 'Não foi possível obter a lista de cenas do projeto.',
  saveAnalysisFailed: 'Não foi possível salvar a nova análise.',
  saveDetectionFailed: 'Não foi possível salvar a nova detecção.',
  categoriesFailed: 'Não foi possível obter as categorias para criação de uma nova detecção.',
  noScenes: 'Este projeto não possui nenhuma imagem',
  processingUnfinished: 'O processamento do projeto ainda não foi finalizado',
  beforeSceneRequired: 'Selecione a imagem anterior.',
  afterSceneRequired: 'Selecione a imagem posterior.',
  /** The error catalogue (date comparison), reused for the scene pair of a new analysis. */
  afterNotLater: 'A data anterior precisa ser menor do que a posterior',
  categoryRequired: 'Selecione a categoria.',
  areaRequired: 'Informe a área.',
  areaTooLarge: 'A área deve ser de no máximo 1.000 km².',
  descriptionRequired: 'Informe a descrição.',
  geometryRequired: 'Desenhe a área da detecção no mapa.',
  /** Followed by what is wrong (JTS's reason in pt-BR), e.g. '… válido: autointerseção (o contorno se cruza).' */
  geometryInvalid: 'A área desenhada não é um polígono válido:',
  rejectReasonRequired: 'Informe o motivo da rejeição.',
  notEnvironment: 'A análise ambiental está disponível apenas para projetos ambientais.',
  sceneNotReady: 'A imagem ainda não foi processada.',
  sceneNotInProject: 'A imagem escolhida não pertence ao projeto.',
  sceneHasAnalysis: 'Esta imagem já possui uma análise.',
  analysisNotFound: 'Análise não encontrada.',
  featureNotFound: 'Detecção não encontrada.',
  featureReviewed: 'Esta detecção já foi revisada.',
  minAreaInvalid: 'A área mínima deve ser um número positivo (m²).',
  previewNotFound: 'Imagem da detecção não encontrada.',
} as const;

/** The entities and their fields: numeric type 0 reforestation, 1 deforestation, 2 other analysis. */
export const ENVIRONMENT_CATEGORIES = [
  { id: 0, type: 'REFO', name: 'Reflorestamento', color: '#2e7d32' },
  { id: 1, type: 'DEFO', name: 'Desmatamento', color: '#d64541' },
  { id: 2, type: 'GAMBIRA', name: 'Outra análise', color: '#f5a623' },
] as const;
export type EnvironmentCategoryType = (typeof ENVIRONMENT_CATEGORIES)[number]['type'];

export const environmentCategorySchema = z.object({
  id: z.number().int(),
  type: z.enum(['REFO', 'DEFO', 'GAMBIRA']),
  name: z.string(),
  color: z.string(),
});

const sceneRef = z.object({ id: z.number().int(), isoDate: z.string(), date: z.string() });

/** The entities and their fields "Analysis (detection)" of an environment project. */
export const environmentAnalysisSchema = z.object({
  detectId: z.number().int(),
  isoDate: z.string(),
  beforeScene: sceneRef,
  afterScene: sceneRef,
  /** Approved detections (published with the analysis). */
  featuresAmount: z.number().int(),
  /** Proposals waiting for an ADMIN. */
  pendingAmount: z.number().int(),
  approvalStatus: z.boolean(),
  analysisApprovalStatus: z.enum(['Aprovado', 'Pendente']),
  projectSpace: z.string(),
  /** DD/MM/YYYY */
  beforeDate: z.string(),
  afterDate: z.string(),
  processingState: z.enum(ANALYSIS_PROCESSING_STATES),
  progress: z.number().int(),
  errorMessage: z.string().nullable(),
  minAreaM2: z.number().nullable(),
});
export type EnvironmentAnalysis = z.infer<typeof environmentAnalysisSchema>;

/**
 * An analysis not yet published, as every user of the module may see it: its dates and whether the detector is
 * still running ('processing') or its result waits for an ADMIN's review ('review'); never its detections.
 */
export const analysisInReviewSchema = z.object({
  /** DD/MM/YYYY */
  beforeDate: z.string(),
  afterDate: z.string(),
  state: z.enum(['processing', 'review']),
});
export type AnalysisInReview = z.infer<typeof analysisInReviewSchema>;

/** Vertices of one drawn or detected ring: far above a hand-drawn area, bounded against a hostile body. */
const MAX_RING_VERTICES = 20_000;
const MAX_RINGS = 1_000;
const position = z
  .array(z.number().min(-180).max(180))
  .min(2)
  .max(3)
  .refine((point) => Math.abs(point[1] ?? 0) <= 90);
/** A polygon sent by a client (drawn detection, edited proposal): every list and number bounded. */
const drawnPolygonSchema = z.object({
  type: z.literal('Polygon'),
  coordinates: z.array(z.array(position).min(4).max(MAX_RING_VERTICES)).min(1).max(MAX_RINGS),
});
/** A polygon the server answers with (the detector's proposals may carry many holes). */
const polygonSchema = z.object({
  type: z.literal('Polygon'),
  coordinates: z.array(z.array(z.array(z.number()).min(2).max(3)).min(4)).min(1),
});

/** One vegetation change of an analysis: a detector proposal or a manual detection. */
export const environmentFeatureSchema = z.object({
  id: z.number().int(),
  detectId: z.number().int(),
  source: z.enum(['ai', 'manual']),
  category_id: z.number().int(),
  type: z.enum(['REFO', 'DEFO', 'GAMBIRA']),
  category_name: z.string(),
  category_color: z.string(),
  /** m² */
  area: z.number(),
  description: z.string(),
  confidence: z.number().nullable(),
  review_status: z.enum(['pending', 'approved', 'rejected']),
  reject_reason: z.string().nullable(),
  reviewed_by: z.string().nullable(),
  /** DD/MM/YYYY */
  reviewed_at: z.string().nullable(),
  layer_id: z.number().int().nullable(),
  geojson: polygonSchema,
  has_previews: z.boolean(),
});
export type EnvironmentFeature = z.infer<typeof environmentFeatureSchema>;

const requiredText = (message: string, max: number) =>
  z.preprocess(
    (value) => (value === undefined || value === null ? '' : value),
    text(max).refine((v) => v.trim() !== '', message),
  );

/** `POST project/{id}/detect/{detectId}/feature`: a new manual detection, or an edit of a proposal. */
export const newFeatureSchema = z.object({
  category_id: z.preprocess(
    (value) =>
      value === '' || value === null ? undefined : typeof value === 'string' ? Number(value) : value,
    z
      .number({ error: ENVIRONMENT_MESSAGES.categoryRequired })
      .int()
      .min(0)
      .max(2, ENVIRONMENT_MESSAGES.categoryRequired),
  ),
  area: z.preprocess(
    (value) =>
      value === '' || value === null ? undefined : typeof value === 'string' ? Number(value) : value,
    z
      .number({ error: ENVIRONMENT_MESSAGES.areaRequired })
      .positive(ENVIRONMENT_MESSAGES.areaRequired)
      // 1,000 km²: no drawn detection is larger; bounds the number like every other input.
      .max(1e9, ENVIRONMENT_MESSAGES.areaTooLarge),
  ),
  description: requiredText(ENVIRONMENT_MESSAGES.descriptionRequired, 500),
  geojson: z.preprocess((value) => {
    if (typeof value !== 'string') return value;
    try {
      return JSON.parse(value) as unknown;
    } catch {
      return undefined;
    }
  }, drawnPolygonSchema.optional()),
  /** Edits this pending proposal instead of adding a detection. */
  feature_id: formOptionalId,
});
export type NewFeatureInput = z.infer<typeof newFeatureSchema>;

const projectParams = z.object({ id: id() });
const session = { kind: 'session' } as const;

export const environmentApi = {
  detect: defineEndpoint({
    method: 'POST',
    path: '/project/:id/environment-detect',
    summary: 'Nova análise ambiental: compara duas imagens e propõe as mudanças de vegetação (ADMIN)',
    tags: ['environment'],
    access: session,
    params: projectParams,
    body: z.object({
      before_scene_id: formOptionalId,
      after_scene_id: formOptionalId,
      /** Minimum mapping unit, m² (default 1,000 m² = 0.1 ha). */
      min_area: z.preprocess(
        (value) =>
          value === '' || value === null ? undefined : typeof value === 'string' ? Number(value) : value,
        z
          .number({ error: ENVIRONMENT_MESSAGES.minAreaInvalid })
          .positive(ENVIRONMENT_MESSAGES.minAreaInvalid)
          .max(10_000_000)
          .optional(),
      ),
    }),
    response: z.object({ id: z.number().int() }),
    errorStatuses: [401, 403, 404, 422],
  }),
  categories: defineEndpoint({
    method: 'GET',
    path: '/project/detect/feature/categories',
    summary: 'Categorias de uma nova detecção ambiental (ADMIN)',
    tags: ['environment'],
    access: { kind: 'session', roles: ['ADMIN'] },
    response: z.array(environmentCategorySchema),
    errorStatuses: [401, 403],
  }),
  saveFeature: defineEndpoint({
    method: 'POST',
    path: '/project/:id/detect/:detectId/feature',
    summary: 'Nova detecção manual de uma análise ambiental, ou a edição de uma proposta pendente (ADMIN)',
    tags: ['environment'],
    access: session,
    params: z.object({ id: id(), detectId: id() }),
    body: newFeatureSchema,
    response: environmentFeatureSchema,
    errorStatuses: [401, 403, 404, 422],
  }),
  reviewFeature: defineEndpoint({
    method: 'POST',
    path: '/project/:id/detect/:detectId/feature/:featureId/review',
    summary: 'Aprova ou rejeita (com motivo) uma proposta do detector (ADMIN)',
    tags: ['environment'],
    access: session,
    params: z.object({ id: id(), detectId: id(), featureId: id() }),
    body: z.object({
      action: z.enum(['approve', 'reject'], { error: 'Ação inválida: use approve ou reject.' }),
      reason: z.preprocess((value) => (value === null ? undefined : value), text(500).optional()),
    }),
    response: environmentFeatureSchema,
    errorStatuses: [401, 403, 404, 422],
  }),
  features: defineEndpoint({
    method: 'GET',
    path: '/project/:id/features/:detectId',
    summary: 'Detecções de uma análise ambiental (propostas pendentes e rejeitadas só para ADMIN)',
    tags: ['environment'],
    access: session,
    params: z.object({ id: id(), detectId: id() }),
    response: z.array(environmentFeatureSchema),
    errorStatuses: [401, 403, 404],
  }),
  report: defineEndpoint({
    method: 'GET',
    path: '/project/:id/detect/:detectId/report',
    summary:
      'Relatório de Análise em PDF de uma análise ambiental (módulo environment.report; ?api_token= aceito)',
    tags: ['environment'],
    access: DOWNLOAD_ACCESS,
    params: z.object({ id: id(), detectId: id() }),
    response: fileResponse('application/pdf'),
    errorStatuses: [401, 403, 404],
  }),
  detections: defineEndpoint({
    method: 'GET',
    path: '/project/:id/detections',
    summary: 'Análises ambientais do projeto, da mais recente à mais antiga (não publicadas só para ADMIN)',
    tags: ['environment'],
    access: session,
    params: idParams,
    response: z.array(environmentAnalysisSchema),
    errorStatuses: [401, 403, 404],
  }),
  inReview: defineEndpoint({
    method: 'GET',
    path: '/project/:id/detections/in-review',
    summary:
      'Análises ambientais ainda não publicadas (em processamento ou em revisão): só as datas, sem as detecções',
    tags: ['environment'],
    access: session,
    params: idParams,
    response: z.array(analysisInReviewSchema),
    errorStatuses: [401, 403, 404],
  }),
} as const;
