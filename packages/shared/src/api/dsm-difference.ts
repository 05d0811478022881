import { z } from 'zod';
import { defineEndpoint, DOWNLOAD_ACCESS, fileResponse } from './endpoint';
import { id, text } from './input-rules';

/** Texts of the elevation-difference map between two inspections' DSMs, pt-BR. */
export const DSM_DIFFERENCE_MESSAGES = {
  title: 'Diferença de elevação',
  earlier: 'Vistoria inicial',
  later: 'Vistoria final',
  tolerance: 'Tolerância (m)',
  compute: 'Gerar mapa de diferença',
  download: 'Baixar GeoTIFF',
  hide: 'Ocultar camada',
  cut: 'Corte',
  fill: 'Aterro',
  net: 'Líquido',
  legend: 'Diferença de elevação (m)',
  unchanged: 'Sem alteração',
  needTwo: 'São necessárias duas vistorias com modelo de elevação para comparar.',
  choose: 'Escolha as duas vistorias a comparar.',
  sameInspection: 'Escolha duas vistorias diferentes.',
  noOverlap: 'Os modelos de elevação das duas vistorias não se sobrepõem.',
  toleranceRange: 'A tolerância deve ser um número entre 0 e 50 metros.',
  failed: 'Não foi possível gerar o mapa de diferença:',
  downloadFailed: 'Não foi possível baixar o GeoTIFF da diferença:',
} as const;

/** Largest tolerance (m) a user may set: beyond it nothing on a construction site would show. */
export const DSM_DIFFERENCE_MAX_TOLERANCE = 50;
export const DSM_DIFFERENCE_DEFAULT_TOLERANCE = 0.1;

const tolerance = z.coerce
  .number({ error: DSM_DIFFERENCE_MESSAGES.toleranceRange })
  .min(0, { error: DSM_DIFFERENCE_MESSAGES.toleranceRange })
  .max(DSM_DIFFERENCE_MAX_TOLERANCE, { error: DSM_DIFFERENCE_MESSAGES.toleranceRange })
  .default(DSM_DIFFERENCE_DEFAULT_TOLERANCE);

/** The two inspections compared (either order: the older one is the reference) and the tolerance in metres. */
export const dsmDifferenceQuerySchema = z.object({
  inspection_id: id(),
  compare_inspection_id: id(),
  tolerance,
});
export type DsmDifferenceQuery = z.infer<typeof dsmDifferenceQuerySchema>;

const lngLat = z.tuple([z.number(), z.number()]);

export const dsmDifferenceSchema = z.object({
  /** The older inspection (the reference) and the newer one. */
  earlier_inspection_id: z.number().int(),
  later_inspection_id: z.number().int(),
  tolerance: z.number(),
  /** m³ removed (the later surface below the earlier by more than the tolerance). */
  cut: z.number(),
  /** m³ added (above by more than the tolerance). */
  fill: z.number(),
  /** fill − cut */
  net: z.number(),
  /** m² lowered / raised beyond the tolerance, and m² compared in all. */
  cutArea: z.number(),
  fillArea: z.number(),
  measuredArea: z.number(),
  /** Cells of the compared grid where either model has no data (transparent, not counted). */
  nodataCells: z.number().int(),
  /** The compared grid: its size in cells and cell size in metres (coarser than the model's when it is huge). */
  width: z.number().int(),
  height: z.number().int(),
  cellSize: z.number(),
  /** Largest lowering and raising found (m, both ≥ 0). */
  maxCut: z.number(),
  maxFill: z.number(),
  /** The colour ramp's end (m): darkest blue at −scale, darkest red at +scale. */
  scale: z.number(),
  /** The layer: a PNG (data URL) and its corners top-left, top-right, bottom-right, bottom-left (lon/lat). */
  image: z.string(),
  corners: z.tuple([lngLat, lngLat, lngLat, lngLat]),
});
export type DsmDifference = z.infer<typeof dsmDifferenceSchema>;

export const dsmDifferenceApi = {
  compute: defineEndpoint({
    method: 'GET',
    path: '/inspections/dsm-difference',
    summary:
      'Mapa da diferença de elevação entre os modelos (MDS) de duas vistorias: camada colorida (azul corte, vermelho aterro, transparente dentro da tolerância) e totais de corte, aterro e líquido',
    tags: ['construction'],
    access: { kind: 'session' },
    query: dsmDifferenceQuerySchema,
    response: dsmDifferenceSchema,
    errorStatuses: [401, 403, 404, 422],
  }),
  geotiff: defineEndpoint({
    method: 'GET',
    path: '/inspections/dsm-difference/geotiff',
    summary:
      'A diferença de elevação (posterior − anterior, em metros) como GeoTIFF float32 georreferenciado, no sistema de coordenadas do modelo da vistoria posterior',
    tags: ['construction'],
    access: DOWNLOAD_ACCESS,
    query: dsmDifferenceQuerySchema.extend({ api_token: text(512).optional() }),
    response: fileResponse('image/tiff'),
    errorStatuses: [401, 403, 404, 422],
  }),
} as const;
