import { z } from 'zod';
import { defineEndpoint, DOWNLOAD_ACCESS, fileResponse } from './endpoint';
import { flag, id, idList, idParams, text } from './input-rules';

export const SCENE_STATUSES = ['queued', 'processing', 'ready', 'failed'] as const;
export type SceneStatusCode = (typeof SCENE_STATUSES)[number];

/** Files of one date sent together (several `file` parts) become one mosaic; at most this many. */
export const MAX_MOSAIC_FILES = 20;

/**
 * A published scene's signed tile URL (`tileUrl` with `exp`, `s`, `sig`) lives one to two of these windows; the
 * server still refuses it once its session ended or lost the scene. The map asks for its scene list again every
 * `SCENE_LIST_REFRESH_MS`, well inside the shortest life, so its tiles always carry a live signature.
 */
export const TILE_SIGNATURE_WINDOW_SECONDS = 30 * 60;
export const SCENE_LIST_REFRESH_MS = 10 * 60 * 1000;

export const SCENE_MESSAGES = {
  dateRequired: 'Data da imagem obrigatória',
  projectRequired: 'Projeto da imagem obrigatório',
  created: 'Imagem cadastrada com sucesso',
  createFailed: 'Erro ao cadastrar imagem',
  fileRequired: 'Envie o arquivo da imagem (GeoTIFF, ou PNG/JPEG com limites).',
  duplicateDate: 'Já existe uma imagem deste projeto nesta data.',
  notFound: 'Imagem não encontrada.',
} as const;

/** A dated scene of a project ("Scene"), plus its tiles and ingest state. */
export const sceneSchema = z.object({
  id: z.number().int(),
  /** DDMMYYYY */
  date: z.string(),
  /** YYYY-MM-DD; also the {date} of tile URLs */
  isoDate: z.string(),
  /** e.g. "15 de março de 2026" */
  dateText: z.string(),
  /** DD/MM/YYYY */
  dateFormatted: z.string(),
  sceneId: z.number().int(),
  projectId: z.number().int(),
  projectName: z.string(),
  projectSpace: z.string(),
  detectId: z.number().int().nullable(),
  /** [x, y] in ground metres (east, north) applied to the tiles */
  offset: z.tuple([z.number(), z.number()]),
  approvalStatus: z.boolean(),
  imageApprovalStatus: z.boolean(),
  publishImage: z.boolean(),
  map3dUrl: z.string().nullable(),
  precision: z.number().nullable(),
  cloud: z.number().nullable(),
  /** `/tiles/{space}/{YYYY-MM-DD}/{z}/{x}/{y}.png` (add `?api_token=` for map clients without headers) */
  tileUrl: z.string(),
  previewUrl: z.string().nullable(),
  originalUrl: z.string(),
  /** [[west, south], [east, north]] WGS 84, once tiled */
  bounds: z.tuple([z.tuple([z.number(), z.number()]), z.tuple([z.number(), z.number()])]).nullable(),
  minZoom: z.number().int().nullable(),
  maxZoom: z.number().int().nullable(),
  status: z.enum(SCENE_STATUSES),
  /** 0–100 */
  progress: z.number().int(),
  errorMessage: z.string().nullable(),
});
export type Scene = z.infer<typeof sceneSchema>;

/** Admin list rows also carry the snake_case names of "scenes without detection". */
export const adminSceneSchema = sceneSchema.extend({
  project_id: z.number().int(),
  project_name: z.string(),
  date_formatted: z.string(),
});
export type AdminScene = z.infer<typeof adminSceneSchema>;

/**
 * A scene's files are addressed by its project's space and its date (YYYY-MM-DD), as its tiles are. Loose here:
 * the tile server decides (`tile-url.ts`), and what names no scene is a 404 on both its paths alike.
 */
const sceneFileParams = z.object({ space: text(200), date: text(30) });

const sceneFile = (path: string, summary: string, response: ReturnType<typeof fileResponse>) =>
  defineEndpoint({
    method: 'GET',
    mount: 'root',
    path: `/tiles/:space/:date/${path}`,
    summary: `${summary} (sessão por cabeçalho ou ?api_token=)`,
    tags: ['scenes', 'tiles'],
    access: DOWNLOAD_ACCESS,
    params: sceneFileParams,
    response,
    errorStatuses: [401, 403, 404],
  });

/** The multipart fields of admin `POST scene` (besides `file` and the optional `model`). */
export const createSceneFieldsSchema = z.object({
  date: text(10, { required: SCENE_MESSAGES.dateRequired, tooLong: SCENE_MESSAGES.dateRequired }).regex(
    /^\d{4}-\d{2}-\d{2}$|^\d{8}$|^\d{2}\/\d{2}\/\d{4}$/,
    {
      error: SCENE_MESSAGES.dateRequired,
    },
  ),
  project: id(SCENE_MESSAGES.projectRequired),
  /** Percent of the image under clouds. */
  cloud: z.coerce.number().min(0).max(100).optional(),
  /** Ground resolution in metres (or percent, as the source gives it). */
  precision: z.coerce.number().min(0).max(1_000_000).optional(),
  publishImage: flag().optional(),
  /** PNG/JPEG only: "west,south,east,north" in WGS 84 degrees */
  bounds: text(200).optional(),
});

export const scenesApi = {
  listForProject: defineEndpoint({
    method: 'GET',
    path: '/project/:id/scenes',
    summary: 'Imagens (cenas) do projeto, da mais recente à mais antiga; não publicadas só para ADMIN',
    tags: ['scenes'],
    access: { kind: 'session' },
    params: idParams,
    response: z.array(sceneSchema),
    errorStatuses: [401, 403, 404],
  }),
  lastScene: defineEndpoint({
    method: 'GET',
    path: '/project/:id/last-scene',
    summary: 'A imagem mais recente do projeto (data.date em DDMMYYYY; data nulo sem imagens)',
    tags: ['scenes'],
    access: { kind: 'session' },
    params: idParams,
    response: z.object({ data: sceneSchema.nullable() }),
    errorStatuses: [401, 403, 404],
  }),
  lastDate: defineEndpoint({
    method: 'GET',
    path: '/project/:id/last-date',
    summary: 'Data da última detecção do projeto (nula enquanto não há detecções)',
    tags: ['scenes'],
    access: { kind: 'session' },
    params: idParams,
    response: z.object({ detect_date: z.string().nullable() }),
    errorStatuses: [401, 403, 404],
  }),
  update: defineEndpoint({
    method: 'POST',
    path: '/scene/:id',
    summary:
      'Publica/desativa a imagem (approval_status, só ADMIN) ou grava o offset (offsetX, offsetY em metros)',
    tags: ['scenes'],
    access: { kind: 'session' },
    params: idParams,
    body: z.object({
      approval_status: z.boolean().optional(),
      offsetX: z.coerce.number().min(-10_000).max(10_000).optional(),
      offsetY: z.coerce.number().min(-10_000).max(10_000).optional(),
    }),
    response: sceneSchema,
    errorStatuses: [401, 403, 404, 422],
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/scene',
    summary:
      'Cadastra uma imagem: multipart com date, project, cloud, precision, publishImage, file (GeoTIFF, ou PNG/JPEG ' +
      'com bounds; vários campos file de GeoTIFFs da mesma data formam um mosaico) e model (glTF/GLB, opcional); ' +
      'o processamento em blocos roda em segundo plano',
    tags: ['scenes', 'admin'],
    access: { kind: 'session', roles: ['ADMIN'] },
    encoding: 'multipart',
    body: createSceneFieldsSchema,
    response: adminSceneSchema,
    errorStatuses: [401, 403, 404, 413, 422],
  }),
  list: defineEndpoint({
    method: 'GET',
    path: '/scenes',
    summary: 'Todas as imagens (ADMIN); withoutAnalysis lista só as que não têm análise',
    tags: ['scenes', 'admin'],
    access: { kind: 'session', roles: ['ADMIN'] },
    query: z.object({ withoutAnalysis: flag().optional() }),
    response: z.array(adminSceneSchema),
    errorStatuses: [401, 403],
  }),
  remove: defineEndpoint({
    method: 'POST',
    path: '/scenes/delete',
    summary: 'Remove imagens com seus tiles, prévia, original e modelo 3D',
    tags: ['scenes', 'admin'],
    access: { kind: 'session', roles: ['ADMIN'] },
    body: z.object({ ids: idList().min(1) }),
    response: z.object({ deleted: z.number().int() }),
    errorStatuses: [401, 403, 422],
  }),
  tile: defineEndpoint({
    method: 'GET',
    mount: 'root',
    path: '/tiles/:space/:date/:z/:x/:file',
    summary:
      'Tile 256 px da imagem ({y}.png ou {y}.webp); ?v= a versão de tileUrl (cache imutável), ' +
      '?api_token= a sessão para clientes sem cabeçalho; sem cabeçalho nem token, só com ?exp=&s=&sig= de uma ' +
      'imagem publicada (tileUrl assinada para a sessão, válida enquanto ela durar, cacheável por CDN)',
    tags: ['scenes', 'tiles'],
    // The tile handler checks the session itself, or instead a published scene's signed URL (`tile-signature.ts`).
    access: { kind: 'public' },
    params: sceneFileParams.extend({ z: text(30), x: text(30), file: text(40) }),
    response: fileResponse('image/png', 'image/webp'),
    errorStatuses: [401, 403, 404],
  }),
  preview: sceneFile('preview.png', 'Prévia PNG da imagem', fileResponse('image/png')),
  original: sceneFile(
    'original',
    'O arquivo original da imagem (download)',
    fileResponse('image/tiff', 'image/png', 'image/jpeg', 'application/octet-stream'),
  ),
  model: sceneFile(
    'model',
    'O modelo 3D da imagem (download)',
    fileResponse('model/gltf-binary', 'model/gltf+json', 'application/octet-stream'),
  ),
} as const;
