import { z } from 'zod';
import { LAYER_IMPORT_FIELDS, LAYER_IMPORT_FORMATS, LAYER_IMPORT_LIMITS } from '../domain/layer-import';
import { LAYER_TYPES } from '../domain/layers';
import { defineEndpoint } from './endpoint';
import { importProblemSchema } from './import-problems';
import { flag, id, idParams, text } from './input-rules';
import { layerGeometrySchema } from './layers';

export { IMPORT_PROBLEM_CODES, importProblemSchema } from './import-problems';
export type { ImportProblem, ImportProblemCode } from './import-problems';

export const LAYER_IMPORT_MESSAGES = {
  fileRequired: 'Envie o arquivo de camadas (campo file).',
  epsgInvalid: 'Informe o código EPSG como um número (por exemplo 31982).',
  mappingInvalid:
    'Mapeamento de atributos inválido: envie um objeto JSON como {"name": "LOTE", "block": "QUADRA"}.',
  dwgRefused:
    'Arquivos DWG não são aceitos. No seu programa de CAD, salve o desenho como DXF (Arquivo › Salvar como › DXF) e envie o DXF.',
  unknownFormat:
    'Formato de arquivo não reconhecido. Envie GeoJSON, Shapefile compactado (.zip com .shp, .dbf, .shx e .prj), KML, KMZ ou DXF.',
  looseShapefile:
    'Envie o Shapefile compactado em um .zip com os arquivos .shp, .dbf, .shx e .prj (o .shp sozinho não tem os atributos nem o sistema de coordenadas).',
  binaryDxf: 'DXF binário não é aceito: salve o desenho como DXF ASCII e envie novamente.',
  zipWithoutLayers:
    'O arquivo .zip não contém um Shapefile (.shp com .dbf) nem um KML. Envie o Shapefile compactado com .shp, .dbf, .shx e .prj.',
  shapefileWithoutDbf: (name: string) => `O Shapefile ${name} não tem o arquivo .dbf (atributos) no .zip.`,
  invalidJson: 'O arquivo não é um GeoJSON válido (JSON malformado).',
  notGeoJson: 'O arquivo JSON não é um GeoJSON (FeatureCollection, Feature ou geometria).',
  invalidKml: 'Não foi possível ler o KML (XML malformado).',
  invalidDxf: 'Não foi possível ler o DXF.',
  invalidShapefile: (name: string) => `Não foi possível ler o Shapefile ${name}.`,
  tooManyFeatures: (max: number) => `O arquivo tem mais de ${max} feições: divida-o em arquivos menores.`,
  dxfTooLarge: (mb: number, maxMb: number) =>
    `O DXF tem ${mb} MB; o limite é ${maxMb} MB. Exporte só as camadas de lotes, quadras e etapas, ou divida o arquivo.`,
  dxfTooComplex: (max: number) =>
    `O DXF tem mais de ${max.toLocaleString('pt-BR')} vértices. Exporte só as camadas de lotes, quadras e etapas, ou divida o arquivo.`,
  epsgRequired:
    'O DXF não informa o sistema de coordenadas: escolha o EPSG do desenho (por exemplo 31982, SIRGAS 2000 / UTM 22S).',
  crsUnknown: (detail: string) =>
    `Sistema de coordenadas não reconhecido (${detail}). Informe o código EPSG do arquivo (por exemplo 31983, SIRGAS 2000 / UTM 23S).`,
  outsideBrazil: (crs: string) =>
    `As coordenadas, lidas em ${crs}, ficam fora do Brasil: o sistema de coordenadas está errado. Informe o EPSG correto do arquivo.`,
  projectedWithoutCrs:
    'As coordenadas do arquivo parecem métricas (UTM), mas ele não informa o sistema de coordenadas: informe o EPSG (por exemplo 31982 ou 31983).',
  notImported:
    'Nenhuma camada foi importada: corrija os problemas listados ou importe ignorando as feições inválidas.',
  nothingToImport: 'O arquivo não contém nenhuma feição que possa ser importada.',
} as const;

/**
 * Which column of the file holds each attribute (`mapping` field, as JSON). A name overrides the defaults of
 * `LAYER_IMPORT_DEFAULT_COLUMNS`; null means "do not read this attribute".
 */
export const layerImportMappingSchema = z
  .object(
    Object.fromEntries(
      LAYER_IMPORT_FIELDS.map((field) => [field, text(100).nullable().optional()]),
    ) as Record<(typeof LAYER_IMPORT_FIELDS)[number], z.ZodOptional<z.ZodNullable<ReturnType<typeof text>>>>,
  )
  .strict();
export type LayerImportMapping = z.infer<typeof layerImportMappingSchema>;

/** The multipart fields of `POST /project/:id/layers/import`, besides the `file` part. */
export const layerImportFieldsSchema = z.object({
  /** The CRS of the coordinates, when the file does not say (required for DXF; overrides a .prj). */
  epsg: id(LAYER_IMPORT_MESSAGES.epsgInvalid).optional(),
  /** A `layerImportMappingSchema` object as JSON text. */
  mapping: text(2000).optional(),
  /** The type of features whose type column is missing or blank (default LOT). */
  defaultType: z.enum(LAYER_TYPES).optional(),
  /** Report and preview only: nothing is written. */
  dryRun: flag().optional(),
  /** Import the valid features and skip the invalid ones (otherwise one invalid feature refuses the file). */
  skipInvalid: flag().optional(),
  /**
   * Keep a lot that repeats another of the file (same code, or same quadra + lote): its repeated value gets a
   * suffix ('-2', '-3'…) and a warning names the conflict, instead of the lot being refused.
   */
  keepDuplicates: flag().optional(),
  /** Also write one BLOCK layer per quadra (the union of its lots), replacing the project's derived blocks. */
  deriveBlocks: flag().optional(),
  /** Also write one STAGE layer per etapa (the union of its lots), replacing the project's derived stages. */
  deriveStages: flag().optional(),
});
export type LayerImportFields = z.infer<typeof layerImportFieldsSchema>;

/** What happens to a feature of the file: a new layer, an update of a matched lot, or nothing (invalid). */
export const IMPORT_FEATURE_OUTCOMES = ['create', 'update', 'invalid'] as const;

/** One feature of the preview (lon/lat), with the attributes it would be stored with. */
export const importPreviewFeatureSchema = z.object({
  type: z.literal('Feature'),
  /** Null when the feature has no readable geometry. */
  geometry: layerGeometrySchema.nullable(),
  properties: z.object({
    /** Position of the feature in the file, from 0. */
    index: z.number().int(),
    layer_type: z.enum(LAYER_TYPES),
    name: z.string(),
    block: z.string().nullable(),
    stage: z.string().nullable(),
    customer_code: z.string().nullable(),
    tag_value: z.string().nullable(),
    outcome: z.enum(IMPORT_FEATURE_OUTCOMES),
    /** The existing lot this feature updates. */
    matched_layer_id: z.number().int().nullable(),
  }),
});
export type ImportPreviewFeature = z.infer<typeof importPreviewFeatureSchema>;

/** An existing lot of the project that no feature of the file matches: kept as it is, never deleted. */
export const unmatchedLotSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  block: z.string().nullable(),
  customer_code: z.string().nullable(),
});

/** The answer of an import or a dry run: what was read, what is wrong, what is (or would be) written. */
export const layerImportReportSchema = z.object({
  dryRun: z.boolean(),
  /** True when the layers were written (never on a dry run). */
  imported: z.boolean(),
  format: z.enum(LAYER_IMPORT_FORMATS),
  crs: z.object({
    /** Null for a CRS the file describes without an EPSG code (a .prj's WKT). */
    epsg: z.number().int().nullable(),
    name: z.string(),
    /** Where the CRS came from: the file (.prj, GeoJSON crs, KML is always WGS 84), the epsg field, or the RFC 7946 default. */
    source: z.enum(['file', 'field', 'default']),
  }),
  /** The attribute columns found in the file (for the mapping form). */
  columns: z.array(z.string()),
  /** The column read for each attribute (null: none). */
  mapping: z.object(
    Object.fromEntries(LAYER_IMPORT_FIELDS.map((field) => [field, z.string().nullable()])) as Record<
      (typeof LAYER_IMPORT_FIELDS)[number],
      z.ZodNullable<z.ZodString>
    >,
  ),
  featureCount: z.number().int(),
  /** Features that would be written (all valid ones). */
  validCount: z.number().int(),
  invalidCount: z.number().int(),
  /** Features per type: how many in all and how many invalid. */
  counts: z.array(
    z.object({ type: z.enum(LAYER_TYPES), total: z.number().int(), invalid: z.number().int() }),
  ),
  /** Errors (refuse their feature) and warnings, at most `LAYER_IMPORT_LIMITS.maxProblemsListed`. */
  problems: z.array(importProblemSchema).max(LAYER_IMPORT_LIMITS.maxProblemsListed),
  problemCount: z.number().int(),
  /** Every feature of the file as it would be stored (lon/lat), invalid ones included to show them. */
  preview: z.object({ type: z.literal('FeatureCollection'), features: z.array(importPreviewFeatureSchema) }),
  lots: z.object({
    /** New lots (features matching no existing lot). */
    created: z.number().int(),
    /** Existing lots matched by customer_code or quadra + lote: geometry and attributes replaced, history kept. */
    updated: z.number().int(),
    /** Existing lots no feature matched (kept). */
    unmatched: z.number().int(),
    unmatchedLots: z.array(unmatchedLotSchema).max(LAYER_IMPORT_LIMITS.maxUnmatchedListed),
  }),
  /** Other layers (not lots) created. */
  otherLayersCreated: z.number().int(),
  derived: z.object({
    /** The project's boundary was (or would be) set from the lots: it had none. */
    boundary: z.boolean(),
    blocks: z.number().int(),
    stages: z.number().int(),
  }),
});
export type LayerImportReport = z.infer<typeof layerImportReportSchema>;

export const layerImportApi = {
  importLayers: defineEndpoint({
    method: 'POST',
    path: '/project/:id/layers/import',
    summary:
      'Importa lotes e outras camadas de um arquivo (multipart: file — GeoJSON, Shapefile .zip, KML, KMZ ou DXF; ' +
      'epsg, mapping em JSON, defaultType, dryRun, skipInvalid, deriveBlocks, deriveStages). dryRun=true só ' +
      'relata e mostra a prévia; sem skipInvalid, uma feição inválida recusa o arquivo todo (422 com problems)',
    tags: ['map', 'admin'],
    access: { kind: 'session', roles: ['ADMIN'] },
    encoding: 'multipart',
    params: idParams,
    body: layerImportFieldsSchema,
    response: layerImportReportSchema,
    errorStatuses: [401, 403, 404, 413, 422, 503],
  }),
} as const;
