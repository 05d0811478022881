import type { LayerType } from './layers';

/** File formats a layer import reads (sniffed from the content, never from the extension). */
export const LAYER_IMPORT_FORMATS = ['geojson', 'shapefile', 'kml', 'kmz', 'dxf'] as const;
export type LayerImportFormat = (typeof LAYER_IMPORT_FORMATS)[number];

/** The attributes an import reads from each feature; `mapping` names the column that holds each one. */
export const LAYER_IMPORT_FIELDS = ['type', 'block', 'name', 'customerCode', 'stage', 'tagValue'] as const;
export type LayerImportField = (typeof LAYER_IMPORT_FIELDS)[number];

/**
 * Column names recognised without a mapping, compared without case or accents, the first one the file has wins.
 * `name` and `tagValue` both come from the lot number (`lote`), the block from `quadra`. A file without a lot
 * number still names its lots by its own id column when it has one (a city's cadastral `ref`/`sql`, `id_lote`,
 * `codigo`, `id`), rather than 1…N: the real ids survive the import.
 */
export const LAYER_IMPORT_DEFAULT_COLUMNS: Record<LayerImportField, readonly string[]> = {
  type: ['tipo', 'type'],
  block: ['quadra', 'block'],
  name: [
    'lote',
    'name',
    'nome',
    'id_lote',
    'lote_id',
    'lot_id',
    'cod_lote',
    'codigo_lote',
    'num_lote',
    'numero_lote',
    'ref',
    'sql',
    'codigo',
    'id',
  ],
  customerCode: ['codigo', 'customer_code'],
  stage: ['etapa', 'stage'],
  tagValue: ['lote', 'tag_value'],
};

/** Type values surveyors write in Portuguese, besides the spec's own names (compared without case or accents). */
export const LAYER_TYPE_ALIASES: Readonly<Record<string, LayerType>> = {
  LOTE: 'LOT',
  LOTES: 'LOT',
  QUADRA: 'BLOCK',
  QUADRAS: 'BLOCK',
  ETAPA: 'STAGE',
  ETAPAS: 'STAGE',
  APP: 'PPA',
  LIMITE: 'LIMIT',
  PERIMETRO: 'LIMIT',
  AREA_VERDE: 'AREA_VERDE',
  AREAS_VERDES: 'AREA_VERDE',
  CALCADAS: 'CALCADA',
  VIELA: 'VIELAS',
  CORREGO: 'STREAM',
  RIO: 'STREAM',
};

/** Limits of a layer import: what one request may carry and unpack. */
export const LAYER_IMPORT_LIMITS = {
  /** Largest file accepted (bytes). */
  maxFileBytes: 100 * 1024 * 1024,
  /** Most entries a .zip / .kmz may hold. */
  maxArchiveEntries: 200,
  /** Most bytes a .zip / .kmz may unpack to. */
  maxUnpackedBytes: 500 * 1024 * 1024,
  /** Most features one file may hold. */
  maxFeatures: 50_000,
  /**
   * Largest DXF (bytes): a DXF is text, read at about 5 MB/s here; 25 MB holds far more than an allotment's
   * 50,000 lots, and is read in seconds.
   */
  maxDxfBytes: 25 * 1024 * 1024,
  /** Most points (group code 10) a DXF may hold, counted before it is read (50,000 lots of 5 points is half). */
  maxDxfPoints: 500_000,
  /** Most problems listed in a report (the counts still count them all). */
  maxProblemsListed: 1_000,
  /** Most old lots listed as unmatched (the count counts them all). */
  maxUnmatchedListed: 1_000,
} as const;

/**
 * Brazil's bounds (lon/lat, degrees) with a margin: the islands (Trindade, Fernando de Noronha, São Pedro e São
 * Paulo) included. A file whose features fall outside was read in the wrong CRS.
 */
export const BRAZIL_BOUNDS = { west: -74.5, south: -34.5, east: -28.5, north: 5.8 } as const;
