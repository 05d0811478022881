import { z } from 'zod';
import { defineEndpoint, fileResponse, type EndpointAccess } from './endpoint';
import { calendarDate, id, text } from './input-rules';

/**
 * The routes GIS clients read with a personal GIS key (`?key=` or HTTP basic auth with the key as password):
 * WMTS 1.0.0 and TileJSON 3.0 for the published imagery, OGC API – Features Part 1 for the layers. They live
 * outside `/api/v1` under `/gis/`; a GIS key is refused everywhere else, and a session token here.
 */
export const GIS_ACCESS = { kind: 'gisKey' } as const satisfies EndpointAccess;

/** The collections of a project's OGC API – Features service, by id, with their pt-BR titles. */
export const GIS_COLLECTIONS = {
  lotes: 'Lotes (com a situação mais recente lida pela IA)',
  quadras: 'Quadras',
  etapas: 'Etapas',
  outras_camadas: 'Outras camadas do mapa',
  anotacoes_obra: 'Anotações de obra',
  poligonos_ambientais: 'Polígonos das análises ambientais',
} as const;
export type GisCollectionId = keyof typeof GIS_COLLECTIONS;

/** Most features one page of items holds (`limit`), and the page size when the client names none. */
export const GIS_ITEMS_MAX_LIMIT = 10_000;
export const GIS_ITEMS_DEFAULT_LIMIT = 1_000;

const keyQuery = {
  /** The GIS key, for clients that cannot send basic auth (never logged). */
  key: text(100).optional(),
};
const projectParams = z.object({ projectId: id() });
const collectionParams = projectParams.extend({ collection: text(40) });

const xml = fileResponse('application/xml');
const json = fileResponse('application/json');
const geoJson = fileResponse('application/geo+json');
const errors = [401, 403, 404, 422] as const;

export const gisApi = {
  wmtsKvp: defineEndpoint({
    method: 'GET',
    mount: 'root',
    path: '/gis/project/:projectId/wmts',
    summary:
      'WMTS 1.0.0 em KVP: ?SERVICE=WMTS&REQUEST=GetCapabilities, ou REQUEST=GetTile com LAYER (a data da ' +
      'imagem), TILEMATRIXSET=GoogleMapsCompatible, TILEMATRIX, TILEROW, TILECOL e FORMAT (image/png ou image/webp)',
    tags: ['gis'],
    access: GIS_ACCESS,
    params: projectParams,
    query: z.object({
      ...keyQuery,
      SERVICE: text(20).optional(),
      REQUEST: text(40).optional(),
      VERSION: text(20).optional(),
      LAYER: text(40).optional(),
      STYLE: text(40).optional(),
      TILEMATRIXSET: text(40).optional(),
      TILEMATRIX: text(20).optional(),
      TILEROW: text(20).optional(),
      TILECOL: text(20).optional(),
      FORMAT: text(40).optional(),
    }),
    response: fileResponse('application/xml', 'image/png', 'image/webp'),
    errorStatuses: errors,
  }),
  wmtsCapabilities: defineEndpoint({
    method: 'GET',
    mount: 'root',
    path: '/gis/project/:projectId/wmts/1.0.0/WMTSCapabilities.xml',
    summary:
      'WMTS 1.0.0 GetCapabilities (RESTful) do projeto: uma camada por data de imagem publicada, grade ' +
      'GoogleMapsCompatible, tiles PNG e WebP',
    tags: ['gis'],
    access: GIS_ACCESS,
    params: projectParams,
    query: z.object(keyQuery),
    response: xml,
    errorStatuses: errors,
  }),
  wmtsTile: defineEndpoint({
    method: 'GET',
    mount: 'root',
    path: '/gis/project/:projectId/wmts/tiles/:date/:z/:x/:file',
    summary: 'Tile 256 px de uma imagem publicada ({y}.png ou {y}.webp), os mesmos bytes dos tiles do mapa',
    tags: ['gis'],
    access: GIS_ACCESS,
    params: projectParams.extend({ date: calendarDate(), z: text(30), x: text(30), file: text(40) }),
    query: z.object(keyQuery),
    response: fileResponse('image/png', 'image/webp'),
    errorStatuses: errors,
  }),
  tileJson: defineEndpoint({
    method: 'GET',
    mount: 'root',
    path: '/gis/project/:projectId/scenes/:date/tilejson.json',
    summary: 'TileJSON 3.0 de uma imagem publicada do projeto',
    tags: ['gis'],
    access: GIS_ACCESS,
    params: projectParams.extend({ date: calendarDate() }),
    query: z.object({ ...keyQuery, format: z.enum(['png', 'webp', 'jpeg']).optional() }),
    response: json,
    errorStatuses: errors,
  }),
  sceneOriginal: defineEndpoint({
    method: 'GET',
    mount: 'root',
    path: '/gis/project/:projectId/scenes/:date/original',
    summary: 'O arquivo original de uma imagem publicada, como foi entregue (GeoTIFF, PNG ou JPEG)',
    tags: ['gis'],
    access: GIS_ACCESS,
    params: projectParams.extend({ date: calendarDate() }),
    query: z.object(keyQuery),
    response: fileResponse('image/tiff', 'image/png', 'image/jpeg', 'application/octet-stream'),
    errorStatuses: errors,
  }),
  sceneCog: defineEndpoint({
    method: 'GET',
    mount: 'root',
    path: '/gis/project/:projectId/scenes/:date/cog',
    summary:
      'O original de uma imagem publicada como Cloud Optimized GeoTIFF (o próprio original quando já é COG; senão gerado com o GDAL)',
    tags: ['gis'],
    access: GIS_ACCESS,
    params: projectParams.extend({ date: calendarDate() }),
    query: z.object(keyQuery),
    response: fileResponse('image/tiff'),
    errorStatuses: errors,
  }),
  featuresLanding: defineEndpoint({
    method: 'GET',
    mount: 'root',
    path: '/gis/project/:projectId/ogc',
    summary: 'OGC API – Features: página inicial do serviço do projeto',
    tags: ['gis'],
    access: GIS_ACCESS,
    params: projectParams,
    query: z.object({ ...keyQuery, f: text(20).optional() }),
    response: json,
    errorStatuses: errors,
  }),
  featuresConformance: defineEndpoint({
    method: 'GET',
    mount: 'root',
    path: '/gis/project/:projectId/ogc/conformance',
    summary: 'OGC API – Features: classes de conformidade atendidas (Part 1 core, GeoJSON)',
    tags: ['gis'],
    access: GIS_ACCESS,
    params: projectParams,
    query: z.object({ ...keyQuery, f: text(20).optional() }),
    response: json,
    errorStatuses: errors,
  }),
  featuresCollections: defineEndpoint({
    method: 'GET',
    mount: 'root',
    path: '/gis/project/:projectId/ogc/collections',
    summary: 'OGC API – Features: as coleções do projeto (lotes, quadras, etapas, anotações, polígonos…)',
    tags: ['gis'],
    access: GIS_ACCESS,
    params: projectParams,
    query: z.object({ ...keyQuery, f: text(20).optional() }),
    response: json,
    errorStatuses: errors,
  }),
  featuresCollection: defineEndpoint({
    method: 'GET',
    mount: 'root',
    path: '/gis/project/:projectId/ogc/collections/:collection',
    summary: 'OGC API – Features: uma coleção (extensão, CRS)',
    tags: ['gis'],
    access: GIS_ACCESS,
    params: collectionParams,
    query: z.object({ ...keyQuery, f: text(20).optional() }),
    response: json,
    errorStatuses: errors,
  }),
  featuresSchema: defineEndpoint({
    method: 'GET',
    mount: 'root',
    path: '/gis/project/:projectId/ogc/collections/:collection/schema',
    summary: 'OGC API – Features: JSON Schema dos atributos de uma coleção (tipos para GDAL e QGIS)',
    tags: ['gis'],
    access: GIS_ACCESS,
    params: collectionParams,
    query: z.object({ ...keyQuery, f: text(20).optional() }),
    response: fileResponse('application/schema+json'),
    errorStatuses: errors,
  }),
  featuresItems: defineEndpoint({
    method: 'GET',
    mount: 'root',
    path: '/gis/project/:projectId/ogc/collections/:collection/items',
    summary:
      'OGC API – Features: feições GeoJSON de uma coleção; bbox (lon,lat,lon,lat), limit/offset com link ' +
      '"next", datetime (data ou intervalo AAAA-MM-DD/AAAA-MM-DD) onde a coleção tem data',
    tags: ['gis'],
    access: GIS_ACCESS,
    params: collectionParams,
    query: z.object({
      ...keyQuery,
      f: text(20).optional(),
      bbox: text(200).optional(),
      limit: text(10).optional(),
      offset: text(10).optional(),
      datetime: text(100).optional(),
    }),
    response: geoJson,
    errorStatuses: errors,
  }),
  featuresItem: defineEndpoint({
    method: 'GET',
    mount: 'root',
    path: '/gis/project/:projectId/ogc/collections/:collection/items/:item',
    summary: 'OGC API – Features: uma feição GeoJSON',
    tags: ['gis'],
    access: GIS_ACCESS,
    params: collectionParams.extend({ item: text(20) }),
    query: z.object({ ...keyQuery, f: text(20).optional() }),
    response: geoJson,
    errorStatuses: errors,
  }),
} as const;
