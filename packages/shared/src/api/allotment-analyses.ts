import { z } from 'zod';
import { ANALYSIS_PROCESSING_STATES } from './analyses';
import { defineEndpoint } from './endpoint';
import { idParams } from './input-rules';

export const ALLOTMENT_ANALYSIS_MESSAGES = {
  notAllotment: 'A análise de loteamento está disponível apenas para loteamentos.',
} as const;

/** One analysis of an allotment project (the entities and their fields "Analysis (detection)"): a scene whose lots the AI read. */
export const allotmentAnalysisSchema = z.object({
  detectId: z.number().int(),
  sceneId: z.number().int(),
  /** YYYY-MM-DD: the scene's date */
  isoDate: z.string(),
  /** DD/MM/YYYY */
  dateFormatted: z.string(),
  approvalStatus: z.boolean(),
  analysisApprovalStatus: z.enum(['Aprovado', 'Pendente']),
  processingState: z.enum(ANALYSIS_PROCESSING_STATES),
  progress: z.number().int(),
  /** Lots with a reading in this analysis. */
  lotsAnalysed: z.number().int(),
  /** Lots per detection type key (V, C, B, E, O, I, X), most frequent first. */
  totals: z.array(z.object({ key: z.string(), count: z.number().int() })),
});
export type AllotmentAnalysis = z.infer<typeof allotmentAnalysisSchema>;

export const allotmentAnalysesApi = {
  list: defineEndpoint({
    method: 'GET',
    path: '/project/:id/analyses',
    summary:
      'Análises de um loteamento (módulo allotment.analysis), da mais recente à mais antiga, com os lotes por tipo de detecção; não publicadas só para ADMIN',
    tags: ['analyses'],
    access: { kind: 'session' },
    params: idParams,
    response: z.array(allotmentAnalysisSchema),
    errorStatuses: [401, 403, 404, 422],
  }),
} as const;
