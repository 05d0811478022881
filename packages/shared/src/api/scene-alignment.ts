import { z } from 'zod';
import { ALIGNMENT_DECISIONS, ALIGNMENT_STATUSES } from '../domain/scene-alignment';
import { defineEndpoint } from './endpoint';
import { idParams } from './input-rules';

/** A scene's alignment against the project's previous published scene, as the ADMIN judges it. */
export const sceneAlignmentSchema = z.object({
  sceneId: z.number().int(),
  referenceSceneId: z.number().int().nullable(),
  /** DD/MM/YYYY of the reference scene. */
  referenceDate: z.string(),
  status: z.enum(ALIGNMENT_STATUSES),
  /** The pt-BR sentence shown to the ADMIN. */
  message: z.string(),
  /** Proposed offset [east, north], ground metres. */
  offset: z.tuple([z.number(), z.number()]),
  /** How far the scene's content lies from the reference's [east, north], ground metres. */
  shift: z.tuple([z.number(), z.number()]),
  /** 0–1 */
  confidence: z.number(),
  /** 0–1 */
  overlap: z.number(),
  /** Ground size of a pixel where the shift was measured, metres. */
  pixelSize: z.number(),
  decision: z.enum(ALIGNMENT_DECISIONS).nullable(),
  /** WebP data URLs of one window: the reference, this scene as it is, this scene with the proposal. */
  previews: z.object({ reference: z.string(), before: z.string(), after: z.string() }).nullable(),
});
export type SceneAlignment = z.infer<typeof sceneAlignmentSchema>;

const adminOnly = { kind: 'session', roles: ['ADMIN'] } as const;

export const sceneAlignmentApi = {
  get: defineEndpoint({
    method: 'GET',
    path: '/scene/:id/alignment',
    summary:
      'Alinhamento da imagem com a imagem publicada anterior do projeto: proposta de offset, confiança, ' +
      'sobreposição e as prévias antes/depois (data nulo se não houve cálculo)',
    tags: ['scenes', 'admin'],
    access: adminOnly,
    params: idParams,
    response: z.object({ data: sceneAlignmentSchema.nullable() }),
    errorStatuses: [401, 403, 404],
  }),
  accept: defineEndpoint({
    method: 'POST',
    path: '/scene/:id/alignment/accept',
    summary: 'Aceita a proposta de alinhamento: grava o offset proposto na imagem',
    tags: ['scenes', 'admin'],
    access: adminOnly,
    params: idParams,
    response: sceneAlignmentSchema,
    errorStatuses: [401, 403, 404, 409],
  }),
  reject: defineEndpoint({
    method: 'POST',
    path: '/scene/:id/alignment/reject',
    summary: 'Recusa a proposta de alinhamento: o offset da imagem não muda',
    tags: ['scenes', 'admin'],
    access: adminOnly,
    params: idParams,
    response: sceneAlignmentSchema,
    errorStatuses: [401, 403, 404, 409],
  }),
};
