import { z } from 'zod';
import { DETECTION_KEYS, LAYER_TYPES, OBSERVATION_LIMITS } from '../domain/layers';
import { defineEndpoint, DOWNLOAD_ACCESS, fileResponse } from './endpoint';
import { formIdList } from './form-fields';
import { calendarDate, flag, id, idParams, LONG_TEXT_MAX, MAX_INT32, text } from './input-rules';

type Position = number[];
/** RFC 7946 geometries a layer may hold (lon/lat). */
export type LayerGeometry =
  | { type: 'Point'; coordinates: Position }
  | { type: 'LineString'; coordinates: Position[] }
  | { type: 'MultiLineString'; coordinates: Position[][] }
  | { type: 'Polygon'; coordinates: Position[][] }
  | { type: 'MultiPolygon'; coordinates: Position[][][] };

const GEOMETRY_TYPES = new Set(['Point', 'LineString', 'MultiLineString', 'Polygon', 'MultiPolygon']);

/** A cheap shape check (the server validates geometry fully when it is written). */
export const layerGeometrySchema = z.custom<LayerGeometry>(
  (value) =>
    typeof value === 'object' &&
    value !== null &&
    GEOMETRY_TYPES.has((value as { type?: unknown }).type as string) &&
    Array.isArray((value as { coordinates?: unknown }).coordinates),
  { message: 'Geometria GeoJSON inválida.' },
);

/** The deepest zoom of the vector tiles: MapLibre overzooms beyond it (4096 units a tile: ≈4 cm there). */
export const VECTOR_TILE_MAX_ZOOM = 17;

export const MAP_MESSAGES = {
  obsSaveFailed: 'Falha ao salvar observação:',
  obsDeleteFailed: 'Falha ao remover observação:',
  obsCreated: 'A observação foi criada com sucesso!',
  obsRemoved: 'Observação removida com sucesso!',
  requestFailed: 'Não foi possível concluir a requisição',
  layerWithoutData: 'A camada selecionada não possui dados',
  labelsFailed: 'Não foi possivel atualizar os lotes/quadras',
  labelsUpdated: 'Lotes/quadras atualizados',
  detectionsFailed: 'Não foi possivel atualizar as detecções',
  detectionsUpdated: 'Detecções atualizadas',
  noLayerSelected: 'Nenhuma camada selecionada',
  tooManyScenes: 'Você deve desmarcar uma das cenas selecionadas para visualizar outra cena.',
  noRecords: 'Nenhum registro encontrado.',
  serverError: 'Ops, ocorreu algum erro no servidor',
  appError: 'Ops, ocorreu algum erro na aplicação',
  scenesFailed: 'Não foi possível carregar as imagens do projeto.',
  noImages: 'Este projeto não possui nenhuma imagem',
  blankField: 'Campo em branco',
  layerNotFound: 'Camada não encontrada.',
  tileOutOfRange: `Coordenadas de tile inválidas: z de 0 a ${VECTOR_TILE_MAX_ZOOM} e x, y de 0 a 2^z − 1.`,
  observationNotFound: 'Observação não encontrada.',
  obsDateRequired: 'Informe a data da observação.',
  obsDateFuture: 'A data da observação não pode ser futura.',
  obsDescriptionRequired: 'Informe a descrição da observação.',
  obsDescriptionMax: `A descrição deve ter no máximo ${OBSERVATION_LIMITS.descriptionMax} caracteres.`,
  obsTooManyImages: `Envie no máximo ${OBSERVATION_LIMITS.maxImages} imagens.`,
  obsImageTooLarge: 'O arquivo enviado ultrapassou o limite de 50MB',
  obsImagesOnly: 'Apenas imagens (JPEG, PNG, WebP ou GIF) podem ser enviadas.',
  obsNotOwner: 'Você só pode remover observações criadas por você.',
} as const;

export const detectAllotmentSchema = z.object({
  detect_type: z.enum(DETECTION_KEYS),
  /** YYYY-MM-DD */
  date: z.string(),
  precision: z.number().nullable(),
});

/** A map feature (a lot, block, stage or other layer). Rarely used fields are left out when empty to keep 5,000-lot lists lean. */
export const layerSchema = z.object({
  id: z.number().int(),
  project_id: z.number().int(),
  type: z.enum(LAYER_TYPES),
  name: z.string(),
  block: z.string().nullable(),
  stage: z.string().nullable(),
  customer_code: z.string().nullable(),
  tag_value: z.string().nullable(),
  /** m² (0 for lines) */
  area: z.number(),
  /** m (perimeter, or length of a line) */
  perimeter: z.number(),
  start_visible: z.boolean(),
  geo_json: layerGeometrySchema,
  /** The lot's latest detection (LOT layers), null when it has none. */
  detectAllotment: detectAllotmentSchema.nullable(),
  obs: z.string().optional(),
  category_color: z.string().optional(),
  category_name: z.string().optional(),
  rect: z.string().optional(),
  price: z.number().optional(),
  project_space: z.string().optional(),
  before_img_url: z.string().optional(),
  after_img_url: z.string().optional(),
  detect_before_date: z.string().optional(),
  detect_after_date: z.string().optional(),
});
export type Layer = z.infer<typeof layerSchema>;

export const observationSchema = z.object({
  id: z.number().int(),
  /** YYYY-MM-DD */
  date: z.string(),
  description: z.string(),
  /** API paths of the photos (add `?api_token=` in <img>) */
  photos: z.array(z.string()),
  created_by: z.string().nullable(),
  created_by_me: z.boolean(),
});
export type Observation = z.infer<typeof observationSchema>;

export const STATUS_SOURCES = ['ai', 'manual', 'import', 'demo-ground-truth'] as const;
export type StatusSource = (typeof STATUS_SOURCES)[number];

export const statusHistoryItemSchema = z.object({
  status: z.enum(DETECTION_KEYS),
  /** YYYY-MM-DD */
  date: z.string(),
  text: z.string(),
  /** The AI's calibrated confidence, 0 to 1; null for manual edits, imports and demo data. */
  precision: z.number().nullable(),
  /**
   * Who wrote it: the AI ('ai'), an ADMIN by hand ('manual'), an import of statuses ('import'), or the demo
   * generator's ground truth ('demo-ground-truth', until the AI reads the demo scenes).
   */
  source: z.enum(STATUS_SOURCES),
  /** The name of the ADMIN who set a manual entry; null for the other sources (or an unknown editor). */
  author: z.string().nullable(),
});
export type StatusHistoryItem = z.infer<typeof statusHistoryItemSchema>;

const updatedAt = z.string().optional();
/** The lot detail rows the server can fill today (finance rows come with the finance feature). */
export const layerDetailRowSchema = z.discriminatedUnion('field', [
  z.object({ field: z.literal('LOT_NUMBER'), value: z.string(), updated_at: updatedAt }),
  /** Side lengths in metres, in ring order. */
  z.object({ field: z.literal('AZIMUTH'), value: z.array(z.number()), updated_at: updatedAt }),
  /** m² */
  z.object({ field: z.literal('AREA'), value: z.number(), updated_at: updatedAt }),
  /** Perimeter (m) of polygons, length of lines. */
  z.object({ field: z.literal('MEASURE_AREA'), value: z.number(), updated_at: updatedAt }),
  z.object({ field: z.literal('CodigoCliente'), value: z.string(), updated_at: updatedAt }),
  z.object({ field: z.literal('LAYER_INFORMATION'), value: z.string(), updated_at: updatedAt }),
  z.object({ field: z.literal('OBS_LIST'), value: z.array(observationSchema), updated_at: updatedAt }),
  z.object({
    field: z.literal('STATUS_LIST'),
    value: z.array(statusHistoryItemSchema),
    updated_at: updatedAt,
  }),
]);
export type LayerDetailRow = z.infer<typeof layerDetailRowSchema>;

/** The text fields of `POST /layer/:layerId/obs` (the images travel as `images[]` parts). */
export const observationFieldsSchema = z.object({
  date: calendarDate(MAP_MESSAGES.obsDateRequired),
  description: text(LONG_TEXT_MAX, {
    required: MAP_MESSAGES.obsDescriptionRequired,
    tooLong: MAP_MESSAGES.obsDescriptionMax,
  })
    .trim()
    .min(1, { error: MAP_MESSAGES.obsDescriptionRequired })
    .max(OBSERVATION_LIMITS.descriptionMax, { error: MAP_MESSAGES.obsDescriptionMax }),
});

const blank = (value: string) => value.trim().length > 0;
const layerIds = formIdList();
/** Lot and block names are short; the label rows of section 5 allow 50 characters. */
const LABEL_MAX = 50;
const label = text(LABEL_MAX, { required: MAP_MESSAGES.blankField });

/** Each lot's status on a date: its latest history entry on or before it (lots without one are left out). */
export const lotStatusesAtSchema = z.object({
  /** YYYY-MM-DD */
  date: z.string(),
  lots: z.array(detectAllotmentSchema.extend({ id: z.number().int() })),
});
export type LotStatusesAt = z.infer<typeof lotStatusesAtSchema>;

/** The media type of the map's vector tiles (Mapbox Vector Tile 2.1, protobuf). */
export const VECTOR_TILE_TYPE = 'application/vnd.mapbox-vector-tile';

/** A tile's z, x or y: a whole number from 0 (x and y are checked against z by the server). */
const tileIndex = () =>
  z.preprocess(
    (value) => (typeof value === 'string' && /^\d{1,10}$/.test(value) ? Number(value) : value),
    z
      .number({ error: MAP_MESSAGES.tileOutOfRange })
      .int({ error: MAP_MESSAGES.tileOutOfRange })
      .min(0, { error: MAP_MESSAGES.tileOutOfRange })
      .max(MAX_INT32, { error: MAP_MESSAGES.tileOutOfRange }),
  );

export const layersApi = {
  listForProject: defineEndpoint({
    method: 'GET',
    path: '/project/:projectId/layers',
    summary: 'Camadas do projeto (lotes com a última detecção)',
    tags: ['map'],
    access: { kind: 'session' },
    params: z.object({ projectId: id() }),
    query: z.object({ withAllotmentValue: flag().optional() }),
    response: z.array(layerSchema),
    errorStatuses: [401, 403, 404],
  }),
  vectorTile: defineEndpoint({
    method: 'GET',
    path: '/project/:projectId/layer-tiles/:z/:x/:y',
    summary:
      'Tile vetorial (MVT) das camadas do projeto: lotes com a situação mais recente, ou a de `date` (sessão por cabeçalho ou ?api_token=)',
    tags: ['map'],
    access: DOWNLOAD_ACCESS,
    params: z.object({ projectId: id(), z: tileIndex(), x: tileIndex(), y: tileIndex() }),
    query: z.object({
      date: calendarDate('Informe a data no formato AAAA-MM-DD.').optional(),
      /** The map's own version of the list (changes the URL when the list changes); not read by the server. */
      v: text(40).optional(),
    }),
    response: fileResponse(VECTOR_TILE_TYPE),
    errorStatuses: [401, 403, 404, 422],
  }),
  lotStatusesAt: defineEndpoint({
    method: 'GET',
    path: '/project/:projectId/lot-statuses',
    summary:
      'Situação de cada lote numa data (a última detecção até ela), para colorir o mapa de uma data antiga',
    tags: ['map'],
    access: { kind: 'session' },
    params: z.object({ projectId: id() }),
    query: z.object({ date: calendarDate('Informe a data no formato AAAA-MM-DD.') }),
    response: lotStatusesAtSchema,
    errorStatuses: [401, 403, 404, 422],
  }),
  detail: defineEndpoint({
    method: 'GET',
    path: '/layer/:id',
    summary: 'Linhas campo/valor de uma camada (lote): número, lados, área, histórico, observações',
    tags: ['map'],
    access: { kind: 'session' },
    params: idParams,
    response: z.array(layerDetailRowSchema),
    errorStatuses: [401, 403, 404],
  }),
  createObservation: defineEndpoint({
    method: 'POST',
    path: '/layer/:layerId/obs',
    summary: 'Cria uma observação (multipart: date, description, images[] até 10 imagens de 50 MB)',
    tags: ['map'],
    access: { kind: 'session' },
    encoding: 'multipart',
    params: z.object({ layerId: id() }),
    body: observationFieldsSchema,
    response: observationSchema,
    errorStatuses: [401, 403, 404, 413, 422],
  }),
  observationPhoto: defineEndpoint({
    method: 'GET',
    path: '/layer/:layerId/obs/:obsId/photos/:photoId',
    summary: 'Uma foto da observação (sessão por cabeçalho ou ?api_token=, para <img>)',
    tags: ['map'],
    access: DOWNLOAD_ACCESS,
    params: z.object({
      layerId: id(),
      obsId: id(),
      photoId: id(),
    }),
    response: fileResponse('image/jpeg', 'image/png', 'image/webp'),
    errorStatuses: [401, 403, 404],
  }),
  deleteObservation: defineEndpoint({
    method: 'POST',
    path: '/layer/:layerId/obs/:obsId/delete',
    summary: 'Remove uma observação criada pelo próprio usuário',
    tags: ['map'],
    access: { kind: 'session' },
    params: z.object({ layerId: id(), obsId: id() }),
    response: z.object({ id: z.number().int() }),
    errorStatuses: [401, 403, 404],
  }),
  updateLabels: defineEndpoint({
    method: 'POST',
    path: '/layers',
    summary: 'Renomeia lotes/quadras em sequência: layerName + tagValue, tagValue+1… (ADMIN)',
    tags: ['map'],
    access: { kind: 'session', roles: ['ADMIN'] },
    encoding: 'form',
    body: z.object({
      layerName: label.refine(blank, MAP_MESSAGES.blankField),
      tagType: label.refine(blank, MAP_MESSAGES.blankField),
      tagValue: label.refine(blank, MAP_MESSAGES.blankField),
      'layers[]': layerIds.optional(),
      layers: layerIds.optional(),
    }),
    response: z.array(layerSchema),
    errorStatuses: [401, 403, 404, 422],
  }),
} as const;
