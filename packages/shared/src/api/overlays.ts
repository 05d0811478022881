import { z } from 'zod';
import { DOWNLOAD_ACCESS, defineEndpoint, fileResponse } from './endpoint';
import { flag, id, text } from './input-rules';

/** The error catalogue "Overlays" and the wizard's own texts. */
export const OVERLAY_MESSAGES = {
  convertFailed: 'Não foi possível converter o PDF:',
  saveFailed: 'Não foi possível salvar a sobreposição:',
  listFailed: 'Não foi possível carregar as sobreposições. Tente novamente mais tarde.',
  loadFailed: 'Não foi possível carregar a sobreposição',
  removeFailed: 'Não foi possível remover a sobreposição',
  created: 'Sobreposição criada com sucesso!',
  removed: 'Sobreposição removida com sucesso!',
  required: 'Este campo é obrigatório',
  confirmRemove: 'Tem certeza que deseja remover esta sobreposição?',
  notFound: 'Sobreposição não encontrada.',
  fileNotFound: 'Arquivo da sobreposição não encontrado. Envie o PDF novamente.',
  pdfOnly: 'Envie um arquivo PDF (application/pdf).',
  pdfTooLarge: 'O PDF deve ter no máximo 50 MB.',
  pdfUnreadable: 'O arquivo não pôde ser lido como PDF (danificado ou protegido por senha).',
  pdfImageTooLarge:
    'O PDF contém uma imagem grande demais (acima de 40 megapixels); exporte a planta com resolução menor.',
  pdfTooSlow: 'O PDF demorou demais para ser convertido (limite de 30 segundos).',
  pdfTooMuchMemory: 'O PDF exige memória demais para ser convertido.',
  projectFirst: 'Informe o projeto (project_id) antes do arquivo.',
  constructionOnly: 'Sobreposições existem apenas em projetos de obra.',
  boundsMismatch: 'Os limites (bounds) não correspondem aos pontos marcados.',
  nameRequired: 'Informe o nome da sobreposição.',
} as const;

/** The business limits: the wizard's and the sidebar's opacity slider. */
export const OVERLAY_OPACITY = { min: 0, max: 100, step: 1, default: 100 } as const;
/** The business limits: how far the plan image may be zoomed in the wizard. */
export const OVERLAY_IMAGE_MAX_ZOOM = 10;
/** At most this many control points (QGIS has no limit; a plan needs a handful). */
export const OVERLAY_MAX_POINTS = 20;
export const OVERLAY_PDF_MAX_BYTES = 50 * 1024 * 1024;

const lng = z.number().min(-180).max(180);
const lat = z.number().min(-85).max(85);
const pixel = z.number().min(0).max(100_000);
const lngLat = z.tuple([lng, lat]);

export const overlayPointSchema = z.object({ lat, lng, x: pixel, y: pixel });
export type OverlayPoint = z.infer<typeof overlayPointSchema>;

export const overlaySchema = z.object({
  id: z.number().int(),
  project_id: z.number().int(),
  name: z.string(),
  hash: z.string(),
  /** The entities and their fields: two corners, [[west, south], [east, north]] (cannot say the plan is rotated: see `corners`). */
  bounds: z.tuple([lngLat, lngLat]),
  /** Top-left, top-right, bottom-right, bottom-left of the plan: a MapLibre image source's coordinates. */
  corners: z.tuple([lngLat, lngLat, lngLat, lngLat]),
  /** The control points (A, B and any further ones); the entities and their fields names the first two. */
  points: z.array(overlayPointSchema),
  transform: z.enum(['similarity', 'affine']),
  /** Residual of each point (m) and their root mean square. */
  residuals: z.array(z.number()),
  rmse: z.number(),
  opacity: z.number().int(),
  width: z.number().int(),
  height: z.number().int(),
});
export type Overlay = z.infer<typeof overlaySchema>;

export const overlayFileSchema = z.object({
  hash: z.string(),
  /** The full image's size: control points are in its pixels. */
  width: z.number().int(),
  height: z.number().int(),
});
export type OverlayFile = z.infer<typeof overlayFileSchema>;

/** A converted upload's name (32 hex digits; checked by the server after the project, so ids come first). */
const hash = text(64, { required: OVERLAY_MESSAGES.fileNotFound });

export const overlayCreateSchema = z.object({
  project_id: id(),
  name: text(255, { required: OVERLAY_MESSAGES.nameRequired })
    .trim()
    .min(1, { error: OVERLAY_MESSAGES.nameRequired }),
  hash,
  bounds: z.tuple([lngLat, lngLat], { error: OVERLAY_MESSAGES.required }),
  points: z.array(overlayPointSchema).min(2).max(OVERLAY_MAX_POINTS),
  opacity: z.number().int().min(OVERLAY_OPACITY.min).max(OVERLAY_OPACITY.max).optional(),
});
export type OverlayCreate = z.infer<typeof overlayCreateSchema>;

export const overlaysApi = {
  list: defineEndpoint({
    method: 'GET',
    path: '/project/:projectId/overlays',
    summary: 'Sobreposições (plantas georreferenciadas) do projeto de obra',
    tags: ['overlays'],
    access: { kind: 'session' },
    params: z.object({ projectId: id() }),
    response: z.array(overlaySchema),
    errorStatuses: [401, 403, 404],
  }),
  image: defineEndpoint({
    method: 'GET',
    path: '/overlays/file/image',
    summary: 'A imagem da planta (primeira página do PDF); small=1 dá a versão reduzida do assistente',
    tags: ['overlays'],
    access: DOWNLOAD_ACCESS,
    query: z.object({ hash, small: flag().optional() }),
    response: fileResponse('image/png'),
    errorStatuses: [401, 403, 404],
  }),
  upload: defineEndpoint({
    method: 'POST',
    path: '/overlays/file',
    summary:
      'Envia o PDF da planta (multipart: project_id e depois file); a primeira página vira imagem no servidor',
    tags: ['overlays'],
    access: { kind: 'session' },
    encoding: 'multipart',
    body: z.object({ project_id: id() }),
    response: overlayFileSchema,
    errorStatuses: [401, 403, 404, 413, 422],
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/overlays/create',
    summary:
      'Cria a sobreposição: nome, arquivo (hash), bounds e os pontos de controle (2: similaridade; 3+: afim)',
    tags: ['overlays'],
    access: { kind: 'session' },
    body: overlayCreateSchema,
    response: overlaySchema,
    errorStatuses: [401, 403, 404, 422],
  }),
  destroy: defineEndpoint({
    method: 'POST',
    path: '/overlays/destroy',
    summary: 'Remove uma sobreposição do projeto',
    tags: ['overlays'],
    access: { kind: 'session' },
    body: z.object({ project_id: id(), overlay_id: id() }),
    response: z.object({ id: z.number().int() }),
    errorStatuses: [401, 403, 404],
  }),
} as const;
