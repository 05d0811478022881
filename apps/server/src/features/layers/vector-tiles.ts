import { GeoJSONVT, type GeoJSONVTFeature, type GeoJSONVTTile } from '@maplibre/geojson-vt';
import { fromGeojsonVt } from '@maplibre/vt-pbf';
import {
  DETECTION_KEYS,
  normalizeLayerType,
  VECTOR_TILE_MAX_ZOOM,
  type LayerGeometry,
} from '@mirante/shared';
import type { LayerTextRow } from './layers.repo';

/** The one layer of the map's vector tiles (its `source-layer`). */
export const VECTOR_TILE_LAYER = 'layers';
const EXTENT = 4096;

/** What the tiles need of a layer row. */
export type TileSourceRow = Pick<
  LayerTextRow,
  'id' | 'type' | 'geoJsonText' | 'latestStatus' | 'latestDate' | 'latestPrecision'
>;

/** A lot's status as the map colours it: a detection key, '' when unclassified. */
export interface TileLotStatus {
  status: string;
  precision: number | null;
}

/** What each feature of a tile carries: the map's style and its click/hover picking read these. */
export interface TileFeatureProperties {
  id: number;
  type: string;
  status: string;
  /** The AI's confidence in the status (absent when none): lots to review are drawn by it. */
  precision?: number;
}

const isDetectionKey = (value: string | null): boolean =>
  value !== null && (DETECTION_KEYS as readonly string[]).includes(value);

function properties(id: number, type: string, lot: TileLotStatus | null): TileFeatureProperties {
  const props: TileFeatureProperties = { id, type, status: lot?.status ?? '' };
  if (lot?.precision !== null && lot?.precision !== undefined) props.precision = lot.precision;
  return props;
}

/** A layer row's latest status as the list gives it (`detectAllotment`): a detection key with its date, else ''. */
export function latestTileStatus(row: Pick<LayerTextRow, 'latestStatus' | 'latestDate' | 'latestPrecision'>) {
  return isDetectionKey(row.latestStatus) && row.latestDate
    ? { status: row.latestStatus ?? '', precision: row.latestPrecision }
    : null;
}

/**
 * The project's layers cut into vector tiles on demand (geojson-vt keeps what it has cut): feature ids are layer
 * ids, properties as the GeoJSON list's map features. Tiles reach z17 (4096 units: ≈4 cm), MapLibre overzooms
 * beyond; simplification of half a pixel of a 512 px tile and a 4 px buffer, as the map's GeoJSON source had.
 */
export function vectorTileIndex(rows: readonly TileSourceRow[]): GeoJSONVT {
  const features = rows.map((row) => {
    const type = normalizeLayerType(row.type);
    return {
      type: 'Feature' as const,
      id: row.id,
      geometry: JSON.parse(row.geoJsonText) as LayerGeometry,
      properties: { ...properties(row.id, type, type === 'LOT' ? latestTileStatus(row) : null) },
    };
  });
  return new GeoJSONVT({ type: 'FeatureCollection', features } as GeoJSON.FeatureCollection, {
    maxZoom: VECTOR_TILE_MAX_ZOOM,
    indexMaxZoom: 5,
    extent: EXTENT,
    tolerance: 4,
    buffer: 32,
  });
}

/**
 * One tile as MVT bytes (empty when nothing is there). With `statuses` (the lots' statuses on a date), each lot
 * takes its status from there, unclassified when it has none that day, as the map colours an old date.
 */
export function encodeVectorTile(
  index: GeoJSONVT,
  z: number,
  x: number,
  y: number,
  statuses?: ReadonlyMap<number, TileLotStatus>,
): Buffer {
  const tile = index.getTile(z, x, y);
  if (!tile || tile.features.length === 0) return Buffer.alloc(0);
  // The index keeps its tiles: the dated features are copies, never the kept ones changed.
  const kept = tile.features as GeoJSONVTFeature[];
  const features: GeoJSONVTFeature[] = statuses
    ? kept.map((feature) => {
        const tags = feature.tags as TileFeatureProperties | null;
        if (!tags || tags.type !== 'LOT') return feature;
        const dated = properties(tags.id, tags.type, statuses.get(tags.id) ?? null);
        return { ...feature, tags: { ...dated } };
      })
    : kept;
  const layer = { ...tile, features } as GeoJSONVTTile;
  const bytes = fromGeojsonVt({ [VECTOR_TILE_LAYER]: layer }, { version: 2, extent: EXTENT });
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}
