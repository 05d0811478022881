import { z } from 'zod';
import { defineEndpoint, DOWNLOAD_ACCESS, fileResponse } from './endpoint';
import { id, idParams } from './input-rules';

/** The 'Relatório de Análise' page's texts (verbatim) and the uploaded report's rules. */
export const REPORT_MESSAGES = {
  notEnabled: 'Relatório não habilitado para este empreendimento',
  notFound: 'Ops, relatório não encontrado',
  pdfOnly: 'Envie o relatório em PDF.',
  pdfTooLarge: 'O relatório deve ter no máximo 30 MB.',
  uploadFailed: 'Não foi possível enviar o relatório.',
  removeFailed: 'Não foi possível remover o relatório.',
  uploaded: 'Relatório enviado com sucesso!',
  removed: 'Relatório removido com sucesso!',
} as const;

/** Largest uploaded report PDF (a text-and-image report of one analysis stays far below). */
export const REPORT_PDF_MAX_BYTES = 30 * 1024 * 1024;

const isoDateRef = z.object({ isoDate: z.string() });

/** The entities and their fields "Old detection": an analysis with the URL of its report (null while it has none). */
export const oldDetectionSchema = z.object({
  detectId: z.number().int(),
  /** The uploaded PDF's URL when one was uploaded, else the generated report's; without the token. */
  urlReport: z.string().nullable(),
  beforeScene: isoDateRef,
  afterScene: isoDateRef,
  /** DD/MM/YYYY */
  beforeDate: z.string(),
  afterDate: z.string(),
  featuresAmount: z.number().int(),
  analysisApprovalStatus: z.enum(['Aprovado', 'Pendente']),
  /** The uploaded PDF, when the analysis has one. */
  uploaded: z
    .object({
      name: z.string(),
      size: z.number().int(),
      uploadedAt: z.string(),
      uploadedBy: z.string().nullable(),
    })
    .nullable(),
});
export type OldDetection = z.infer<typeof oldDetectionSchema>;

const reportParams = z.object({ id: id(), detectId: id() });

export const environmentReportApi = {
  detectionsOld: defineEndpoint({
    method: 'GET',
    path: '/project/:id/detections-old',
    summary:
      'Análises do projeto ambiental com a URL do relatório (enviado, ou gerado quando a análise terminou); módulo environment.report',
    tags: ['environment'],
    access: { kind: 'session' },
    params: idParams,
    response: z.array(oldDetectionSchema),
    errorStatuses: [401, 403, 404, 422],
  }),
  uploadReport: defineEndpoint({
    method: 'POST',
    path: '/project/:id/detect/:detectId/report/file',
    summary: 'Envia (ou substitui) o relatório em PDF de uma análise ambiental (multipart file; ADMIN)',
    tags: ['environment'],
    access: { kind: 'session' },
    encoding: 'multipart',
    params: reportParams,
    response: oldDetectionSchema,
    errorStatuses: [401, 403, 404, 413, 422],
  }),
  removeReport: defineEndpoint({
    method: 'POST',
    path: '/project/:id/detect/:detectId/report/file/delete',
    summary: 'Remove o relatório em PDF enviado de uma análise ambiental (o gerado volta a valer; ADMIN)',
    tags: ['environment'],
    access: { kind: 'session' },
    params: reportParams,
    response: oldDetectionSchema,
    errorStatuses: [401, 403, 404],
  }),
  reportFile: defineEndpoint({
    method: 'GET',
    path: '/project/:id/detect/:detectId/report/file',
    summary:
      'O relatório em PDF enviado de uma análise ambiental (módulo environment.report; ?api_token= aceito)',
    tags: ['environment'],
    access: DOWNLOAD_ACCESS,
    params: reportParams,
    response: fileResponse('application/pdf'),
    errorStatuses: [401, 403, 404],
  }),
  preview: defineEndpoint({
    method: 'GET',
    path: '/project/:id/features/:detectId/:featureId/preview/:side',
    summary: 'Imagem anterior ou posterior de uma proposta do detector, com o polígono (?api_token= aceito)',
    tags: ['environment'],
    access: DOWNLOAD_ACCESS,
    params: z.object({
      id: id(),
      detectId: id(),
      featureId: id(),
      side: z.enum(['before', 'after'], { error: 'Use before ou after.' }),
    }),
    response: fileResponse('image/png'),
    errorStatuses: [401, 403, 404],
  }),
} as const;
