import { z } from 'zod';
import { defineEndpoint, DOWNLOAD_ACCESS, fileResponse } from './endpoint';
import { calendarDate, id, idParams, text } from './input-rules';

/**
 * The files a timelapse is exported as: animated WebP and GIF (written by sharp on the server), and MP4 (H.264,
 * written by `ffmpeg` when the server has it: an optional tool, like GDAL).
 */
export const TIMELAPSE_FORMATS = {
  webp: { label: 'WebP animado', extension: 'webp', contentType: 'image/webp' },
  gif: { label: 'GIF animado', extension: 'gif', contentType: 'image/gif' },
  mp4: { label: 'Vídeo MP4', extension: 'mp4', contentType: 'video/mp4' },
} as const;
export type TimelapseFormat = keyof typeof TIMELAPSE_FORMATS;
const TIMELAPSE_FORMAT_KEYS = ['webp', 'gif', 'mp4'] as const satisfies readonly TimelapseFormat[];

export const TIMELAPSE_LIMITS = {
  /** A frame is at most this size (a Full HD view); the player and the exports stay within it. */
  maxWidth: 1920,
  maxHeight: 1080,
  minSide: 64,
  /** How long each frame shows, in milliseconds. */
  minFrameMs: 100,
  maxFrameMs: 5000,
  defaultFrameMs: 800,
  /** A bounding box wider than this (degrees) is no view of a project. */
  maxSpanDegrees: 2,
} as const;

export const TIMELAPSE_MESSAGES = {
  noScenes: 'Nenhuma imagem publicada atende aos filtros escolhidos (período e nuvens).',
  sceneNotInTimelapse: 'Imagem não encontrada entre as imagens publicadas do projeto.',
  lotNotFound: 'Lote não encontrado neste projeto.',
  exportNotFound: 'Exportação não encontrada.',
  exportNotReady: 'A exportação ainda não terminou.',
  exportExpired: 'O arquivo desta exportação expirou (fica disponível por uma hora). Exporte novamente.',
  exportFailed: 'Não foi possível gerar a animação. Tente novamente mais tarde.',
  /** A frame's scene was unpublished or deleted after the export was asked for. */
  sceneGone: (date: string) =>
    `A imagem de ${date} deixou de estar publicada depois do pedido; exporte novamente.`,
  /** The CPU pool's thread ended while drawing a frame or encoding (out of memory, a crash). */
  interrupted: (what: string) =>
    `O processamento foi interrompido ao ${what} (memória insuficiente ou falha do servidor); tente novamente.`,
  frameFailed: (date: string) =>
    `Não foi possível ler os tiles da imagem de ${date}; tente novamente ou reprocesse a imagem.`,
  encodeFailed: (format: string, frames: number) =>
    `Não foi possível codificar a animação em ${format} (${frames} quadros); tente um período menor.`,
  storeFailed: 'Não foi possível gravar o arquivo da animação no armazenamento; tente novamente.',
  rangeInvalid: 'A data inicial deve ser anterior ou igual à data final.',
  bboxInvalid: 'Área inválida: informe oeste < leste e sul < norte, em graus, de até 2° de lado.',
  formatInvalid: 'Formato inválido: use webp, gif ou mp4.',
  /** MP4 needs `ffmpeg` on the server (an optional tool). */
  mp4Unavailable:
    'A exportação em MP4 não está disponível: o servidor não tem o ffmpeg instalado. Exporte em WebP ou GIF.',
} as const;

const degrees = (min: number, max: number) => z.coerce.number().min(min).max(max);
const pixels = (max: number) => z.coerce.number().int().min(TIMELAPSE_LIMITS.minSide).max(max);

/** The view a frame shows: its bounding box in WGS 84 and its size in pixels (the box is fitted, centred). */
const viewFields = {
  west: degrees(-180, 180),
  south: degrees(-85, 85),
  east: degrees(-180, 180),
  north: degrees(-85, 85),
  width: pixels(TIMELAPSE_LIMITS.maxWidth),
  height: pixels(TIMELAPSE_LIMITS.maxHeight),
  /** The lot the timelapse follows (outlined and named over every frame). */
  lot_id: id().optional(),
};

const sensibleBox = (view: { west: number; south: number; east: number; north: number }) =>
  view.west < view.east &&
  view.south < view.north &&
  view.east - view.west <= TIMELAPSE_LIMITS.maxSpanDegrees &&
  view.north - view.south <= TIMELAPSE_LIMITS.maxSpanDegrees;

export const timelapseFrameQuerySchema = z
  .object({ ...viewFields, scene_id: id(), api_token: text(512).optional() })
  .refine(sensibleBox, { error: TIMELAPSE_MESSAGES.bboxInvalid });
export type TimelapseFrameQuery = z.infer<typeof timelapseFrameQuerySchema>;

export const timelapseExportBodySchema = z
  .object({
    ...viewFields,
    format: z.enum(TIMELAPSE_FORMAT_KEYS, { error: TIMELAPSE_MESSAGES.formatInvalid }),
    /** YYYY-MM-DD, inclusive */
    from: calendarDate().optional(),
    to: calendarDate().optional(),
    /** Scenes whose recorded cloud share (%) is above this are skipped; scenes with none recorded stay. */
    max_cloud: z.coerce.number().min(0).max(100).optional(),
    frame_ms: z.coerce
      .number()
      .int()
      .min(TIMELAPSE_LIMITS.minFrameMs)
      .max(TIMELAPSE_LIMITS.maxFrameMs)
      .default(TIMELAPSE_LIMITS.defaultFrameMs),
  })
  .refine(sensibleBox, { error: TIMELAPSE_MESSAGES.bboxInvalid })
  .refine((body) => !body.from || !body.to || body.from <= body.to, {
    error: TIMELAPSE_MESSAGES.rangeInvalid,
  });
export type TimelapseExportBody = z.infer<typeof timelapseExportBodySchema>;

export const TIMELAPSE_EXPORT_STATUSES = ['queued', 'processing', 'ready', 'failed'] as const;
export type TimelapseExportStatus = (typeof TIMELAPSE_EXPORT_STATUSES)[number];

export const timelapseExportSchema = z.object({
  id: z.number().int(),
  project_id: z.number().int(),
  format: z.enum(TIMELAPSE_FORMAT_KEYS),
  status: z.enum(TIMELAPSE_EXPORT_STATUSES),
  /** 0–100 */
  progress: z.number().int(),
  /** Frames in the file (the scenes left after the filters). */
  frames: z.number().int(),
  /** e.g. `jardim-das-palmeiras-lote-12-2025-01-10-a-2026-11-01.webp` */
  file_name: z.string(),
  error: z.string().nullable(),
});
export type TimelapseExport = z.infer<typeof timelapseExportSchema>;

/** Whether the server can write each format now (MP4 only with `ffmpeg`), and why not in pt-BR. */
export const timelapseFormatsSchema = z.array(
  z.object({
    format: z.enum(TIMELAPSE_FORMAT_KEYS),
    available: z.boolean(),
    reason: z.string().nullable(),
  }),
);
export type TimelapseFormatAvailability = z.infer<typeof timelapseFormatsSchema>[number];

export const timelapseApi = {
  formats: defineEndpoint({
    method: 'GET',
    path: '/timelapse-formats',
    summary: 'Os formatos em que o servidor exporta timelapses agora (MP4 só com o ffmpeg instalado)',
    tags: ['map'],
    access: { kind: 'session' },
    response: timelapseFormatsSchema,
    errorStatuses: [401],
  }),
  frame: defineEndpoint({
    method: 'GET',
    path: '/project/:projectId/timelapse/frame',
    summary:
      'Um quadro do timelapse: a imagem publicada da data na área pedida, com a data e a situação dos lotes nela (PNG)',
    tags: ['map'],
    access: DOWNLOAD_ACCESS,
    params: z.object({ projectId: id() }),
    query: timelapseFrameQuerySchema,
    response: fileResponse('image/png'),
    errorStatuses: [401, 403, 404, 422],
  }),
  startExport: defineEndpoint({
    method: 'POST',
    path: '/project/:projectId/timelapse/exports',
    summary:
      'Gera no servidor o timelapse (WebP ou GIF animado, ou MP4 com o ffmpeg) das imagens publicadas, do lote ou da área; acompanhe o progresso',
    tags: ['map'],
    access: { kind: 'session' },
    params: z.object({ projectId: id() }),
    body: timelapseExportBodySchema,
    response: timelapseExportSchema,
    successStatus: 201,
    errorStatuses: [401, 403, 404, 422],
  }),
  exportStatus: defineEndpoint({
    method: 'GET',
    path: '/timelapse-exports/:id',
    summary: 'Andamento de uma exportação de timelapse (só de quem a pediu)',
    tags: ['map'],
    access: { kind: 'session' },
    params: idParams,
    response: timelapseExportSchema,
    errorStatuses: [401, 403, 404],
  }),
  exportFile: defineEndpoint({
    method: 'GET',
    path: '/timelapse-exports/:id/file',
    summary: 'O arquivo de uma exportação de timelapse pronta (sessão por cabeçalho ou ?api_token=)',
    tags: ['map'],
    access: DOWNLOAD_ACCESS,
    params: idParams,
    query: z.object({ api_token: text(512).optional() }),
    response: fileResponse('image/webp', 'image/gif', 'video/mp4'),
    errorStatuses: [401, 403, 404, 409],
  }),
};
