import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { idList, text } from './input-rules';
import { formBoolean, formOptionalId } from './form-fields';

/** Messages of the administration panel's analysis calls, word for word where fixed. */
export const ANALYSIS_MESSAGES = {
  projectRequired: 'Projeto obrigatório',
  sceneRequired: 'Imagem obrigatória',
  created: 'Análise cadastrada com sucesso',
  createFailed: 'Erro ao cadastrar análise',
  sceneNotInProject: 'A imagem escolhida não pertence ao projeto.',
  sceneHasAnalysis: 'Esta imagem já possui uma análise.',
  projectNotFound: 'Projeto não encontrado.',
  sceneNotFound: 'Imagem não encontrada.',
  createAnalysesFailed: 'Erro ao criar análises',
  queueFailed: 'Não foi possível enviar as detecções para a fila de processamento:',
  approveFailed: 'Não foi possível aprovar as detecções:',
  loadFailed: 'Não foi possível carregar os dados:',
  unknownError: 'Erro desconhecido',
  /** The job's failure when no AI processor is installed (the detections feature installs it). */
  processingUnavailable: 'processamento indisponível',
} as const;

/** Processing state of an analysis in the AI queue. */
export const ANALYSIS_PROCESSING_STATES = ['idle', 'queued', 'processing', 'done', 'failed'] as const;
export type AnalysisProcessingState = (typeof ANALYSIS_PROCESSING_STATES)[number];

const id = z.number().int();
const ids = idList().min(1);
/** YYYY-MM from year 1000 on (PostgreSQL has no year 0); blank means the default month of the list. */
const monthQuery = z.preprocess(
  (value) => (value === '' ? undefined : value),
  text(7, { tooLong: 'Mês inválido: use AAAA-MM.' })
    .regex(/^[1-9]\d{3}-(0[1-9]|1[0-2])$/, 'Mês inválido: use AAAA-MM.')
    .optional(),
);
/** 1 = yes/approved, 2 = no/pending, blank = all ("AI processing"). */
const yesNoFilter = z.preprocess(
  (value) => (value === '' || value === null ? undefined : String(value)),
  z.enum(['1', '2']).optional(),
);

/** Admin list row of `GET detections/all` ("Analysis (detection)"). */
export const adminAnalysisSchema = z.object({
  id,
  detectId: id,
  projectId: id,
  projectName: z.string(),
  sceneId: id,
  /** The scene's date, DD/MM/YYYY. */
  sceneName: z.string(),
  beforeSceneId: id.nullable(),
  /** YYYY-MM-DD of the scene. */
  isoDate: z.string(),
  approvalStatus: z.boolean(),
  analysisAi: z.boolean(),
  processingState: z.enum(ANALYSIS_PROCESSING_STATES),
  progress: z.number().int(),
  errorMessage: z.string().nullable(),
  /** DD/MM/YYYY */
  createdAt: z.string(),
});
export type AdminAnalysis = z.infer<typeof adminAnalysisSchema>;

/** Scenes without detection. */
export const sceneWithoutDetectSchema = z.object({
  id,
  project_id: id,
  project_name: z.string(),
  /** DD/MM/YYYY */
  date_formatted: z.string(),
});
export type SceneWithoutDetect = z.infer<typeof sceneWithoutDetectSchema>;

/** Scenes with analysis: the scene's fields plus the analysis's. */
export const sceneWithAnalysisSchema = sceneWithoutDetectSchema.extend({
  detect_id: id,
  /** DD/MM/YYYY */
  created_at: z.string(),
  analysis_ai: z.enum(['Sim', 'Não']),
  approval_status: z.enum(['Aprovado', 'Pendente']),
  processing_state: z.enum(ANALYSIS_PROCESSING_STATES),
  progress: z.number().int(),
  error_message: z.string().nullable(),
  /** Lots the analysis read with a confidence under AI_REVIEW_BELOW ('A revisar'), manual corrections excluded. */
  review_count: z.number().int(),
  /**
   * Why the AI sent every lot of the analysis to 'A revisar' whatever its reading (e.g. a scene unlike the
   * imagery the AI knows), in pt-BR; null when each lot's own confidence decides.
   */
  review_reason: z.string().nullable(),
});
export type SceneWithAnalysis = z.infer<typeof sceneWithAnalysisSchema>;

/** Admin `POST detection`; required ids are checked by the service so the spec's messages come back verbatim. */
export const createAnalysisSchema = z.object({
  projectId: formOptionalId,
  sceneId: formOptionalId,
  duplicateDetectAllotment: formBoolean.optional(),
  publishDetection: formBoolean.optional(),
});
export type CreateAnalysisInput = z.infer<typeof createAnalysisSchema>;

const admin = { kind: 'session', roles: ['ADMIN'] } as const;
const adminErrors = [401, 403, 422] as const;
const messageWithCount = z.object({ message: z.string(), count: z.number().int() });

export const analysesApi = {
  create: defineEndpoint({
    method: 'POST',
    path: '/detection',
    summary: 'Cadastra a análise de uma imagem (uma por imagem; a imagem deve pertencer ao projeto)',
    tags: ['analyses', 'admin'],
    access: admin,
    body: createAnalysisSchema,
    response: adminAnalysisSchema,
    errorStatuses: [...adminErrors, 404],
  }),
  listAll: defineEndpoint({
    method: 'GET',
    path: '/detections/all',
    summary: 'Todas as análises, da mais recente à mais antiga',
    tags: ['analyses', 'admin'],
    access: admin,
    response: z.array(adminAnalysisSchema),
    errorStatuses: [401, 403],
  }),
  remove: defineEndpoint({
    method: 'POST',
    path: '/detections/delete',
    summary: 'Remove análises',
    tags: ['analyses', 'admin'],
    access: admin,
    body: z.object({ ids }),
    response: z.object({ deleted: z.number().int() }),
    errorStatuses: adminErrors,
  }),
  scenesWithoutDetect: defineEndpoint({
    method: 'GET',
    path: '/scenes/without-detect',
    summary: 'Imagens prontas sem análise, da data no mês (AAAA-MM; padrão: mês anterior)',
    tags: ['analyses', 'admin'],
    access: admin,
    query: z.object({ month: monthQuery }),
    response: z.array(sceneWithoutDetectSchema),
    errorStatuses: adminErrors,
  }),
  analysisAi: defineEndpoint({
    method: 'POST',
    path: '/scenes/analysis-ai',
    summary: 'Cria análises para as imagens escolhidas que ainda não têm análise',
    tags: ['analyses', 'admin'],
    access: admin,
    body: z.object({ scene_id: ids }),
    response: messageWithCount,
    errorStatuses: adminErrors,
  }),
  scenesWithAnalysis: defineEndpoint({
    method: 'GET',
    path: '/scenes/with-analysis',
    summary:
      'Imagens com análise criada no mês (AAAA-MM; padrão: mês atual); approval_status, process_ia e review (tem lotes a revisar): 1 sim, 2 não',
    tags: ['analyses', 'admin'],
    access: admin,
    query: z.object({
      month: monthQuery,
      approval_status: yesNoFilter,
      process_ia: yesNoFilter,
      review: yesNoFilter,
    }),
    response: z.array(sceneWithAnalysisSchema),
    errorStatuses: adminErrors,
  }),
  approve: defineEndpoint({
    method: 'POST',
    path: '/detections/approve',
    summary: 'Aprova análises (Pendente → Aprovado)',
    tags: ['analyses', 'admin'],
    access: admin,
    body: z.object({ detect_id: ids }),
    response: messageWithCount,
    errorStatuses: adminErrors,
  }),
  processAi: defineEndpoint({
    method: 'POST',
    path: '/detections/process-ai',
    summary: 'Envia análises para a fila de processamento da I.A (tarefa detections-process)',
    tags: ['analyses', 'admin'],
    access: admin,
    body: z.object({ detect_id: ids }),
    response: messageWithCount,
    errorStatuses: adminErrors,
  }),
} as const;
