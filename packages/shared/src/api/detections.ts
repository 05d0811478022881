import { z } from 'zod';
import { DETECTION_KEYS } from '../domain/layers';
import { adminAnalysisSchema } from './analyses';
import { defineEndpoint } from './endpoint';
import { id, idParams } from './input-rules';
import { formBoolean, formIdList, formOptionalId } from './form-fields';
import { STATUS_SOURCES } from './layers';

/** Messages of the detection calls (the error catalogue where it fixes them). */
export const DETECTION_MESSAGES = {
  analysisNotFound: 'Análise não encontrada.',
  sceneNotFound: 'Imagem não encontrada.',
  sceneNotInProject: 'A imagem escolhida não pertence ao projeto.',
  analysisNotInProject: 'A análise não pertence ao projeto.',
  invalidDetectType: 'Tipo de detecção inválido.',
  noLayerSelected: 'Nenhuma camada selecionada',
  notLots: 'Só lotes do projeto podem receber detecções.',
  onlyAllotments: 'A análise por I.A está disponível apenas para loteamentos.',
  noLots: 'O projeto não possui lotes para analisar.',
  /** The analysis's review reason when its scene is unlike the imagery the AI was trained on. */
  unfamiliarScene: 'imagem diferente das que a I.A conhece: confira os lotes',
} as const;

/** One lot's reading at an analysis's date: the AI's, or an ADMIN's correction of it. */
export const analysisLotSchema = z.object({
  id: z.number().int(),
  detect_type: z.enum(DETECTION_KEYS),
  /** The AI's calibrated confidence, 0 to 1; null for a manual correction or demo data. */
  precision: z.number().nullable(),
  source: z.enum(STATUS_SOURCES),
});

/** `GET project/{id}/allotments/{detectId}`: the lots as that analysis left them. */
export const analysisLotsSchema = z.object({
  detectId: z.number().int(),
  sceneId: z.number().int(),
  /** YYYY-MM-DD: the analysed scene's date. */
  date: z.string(),
  lots: z.array(analysisLotSchema),
});
export type AnalysisLots = z.infer<typeof analysisLotsSchema>;

export const detectionsApi = {
  /** The API calls: publishes or disables an analysis; `use_scene_id` means `:id` is the analysed scene's id. */
  setApproval: defineEndpoint({
    method: 'POST',
    path: '/detection/:id',
    summary:
      'Publica (Aprovado) ou desativa (Pendente) uma análise; com use_scene_id, :id é a imagem (ADMIN)',
    tags: ['analyses', 'admin'],
    access: { kind: 'session', roles: ['ADMIN'] },
    params: idParams,
    body: z.object({
      approval_status: formBoolean,
      use_scene_id: formBoolean.optional(),
    }),
    response: adminAnalysisSchema,
    errorStatuses: [401, 403, 404, 422],
  }),
  /** The API calls: the map's detection-edit tool sets the lots' status at the scene's date by hand. */
  editLots: defineEndpoint({
    method: 'POST',
    path: '/allotments/:detectId',
    summary: 'Define à mão o tipo de detecção dos lotes na data da imagem (ADMIN)',
    tags: ['analyses', 'map'],
    access: { kind: 'session' },
    encoding: 'form',
    params: z.object({ detectId: id() }),
    body: z.object({
      detectType: z.enum(DETECTION_KEYS, { error: DETECTION_MESSAGES.invalidDetectType }),
      'layers[]': formIdList().optional(),
      layers: formIdList().optional(),
      sceneId: formOptionalId,
      projectId: formOptionalId,
    }),
    response: z.array(z.object({ id: z.number().int(), detectType: z.enum(DETECTION_KEYS) })),
    errorStatuses: [401, 403, 404, 422],
  }),
  /** The API calls: the lots' statuses at one analysis (unpublished analyses only for an ADMIN). */
  lotsOfAnalysis: defineEndpoint({
    method: 'GET',
    path: '/project/:id/allotments/:detectId',
    summary: 'Situação de cada lote na data de uma análise (a leitura da I.A ou a correção manual)',
    tags: ['analyses', 'map'],
    access: { kind: 'session' },
    params: z.object({ id: id(), detectId: id() }),
    response: analysisLotsSchema,
    errorStatuses: [401, 403, 404],
  }),
} as const;
