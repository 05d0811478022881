import {
  DETECTION_KEYS,
  detectionTypeOf,
  normalizeLayerType,
  type DetectionKey,
  type Layer,
  type LayerGeometry,
  type LotStatusesAt,
  type StatusHistoryItem,
} from '@mirante/shared';
import type { LotStatusSource } from '../../db/schema-layers';
import { sceneBasePath } from '../scenes';
import type { LayerRow, LayerTextRow } from './layers.repo';

const isDetectionKey = (value: string | null): value is DetectionKey =>
  value !== null && (DETECTION_KEYS as readonly string[]).includes(value);

type LayerFields = Omit<Layer, 'geo_json'>;

/** A layer row as the spec's Layer: empty rarely-used fields are left out (5,000 lots stay lean). */
export function toLayer(row: LayerRow): Layer {
  return { ...layerFields(row), geo_json: row.geoJson as LayerGeometry };
}

function layerFields(row: Omit<LayerRow, 'geoJson' | 'updatedAt'>): LayerFields {
  const layer: LayerFields = {
    id: row.id,
    project_id: row.projectId,
    type: normalizeLayerType(row.type),
    name: row.name,
    block: row.block,
    stage: row.stage,
    customer_code: row.customerCode,
    tag_value: row.tagValue,
    area: row.areaM2,
    perimeter: row.perimeterM,
    start_visible: row.startVisible,
    detectAllotment:
      isDetectionKey(row.latestStatus) && row.latestDate
        ? { detect_type: row.latestStatus, date: row.latestDate, precision: row.latestPrecision }
        : null,
  };
  if (row.obs) layer.obs = row.obs;
  if (row.categoryName) layer.category_name = row.categoryName;
  if (row.categoryColor) layer.category_color = row.categoryColor;
  if (row.rect) layer.rect = row.rect;
  if (row.price !== null) layer.price = row.price;
  if (row.projectSpace) layer.project_space = row.projectSpace;
  if (row.detectBeforeDate) layer.detect_before_date = row.detectBeforeDate;
  if (row.detectAfterDate) layer.detect_after_date = row.detectAfterDate;
  // The compared scenes' previews, when the project has scenes of those dates.
  if (row.projectSpace && row.detectBeforeDate && row.beforePreview)
    layer.before_img_url = `${sceneBasePath(row.projectSpace, row.detectBeforeDate)}/preview.png`;
  if (row.projectSpace && row.detectAfterDate && row.afterPreview)
    layer.after_img_url = `${sceneBasePath(row.projectSpace, row.detectAfterDate)}/preview.png`;
  return layer;
}

/**
 * Geometry text from `jsonb::text` made compact: Postgres writes `", "` and `": "`; a geometry holds no strings
 * with spaces (only its `type`), so every space goes. Coordinates are already rounded to 9 decimals (about
 * 0.1 mm) when written (`validateLayerGeometry`), so the text is not re-parsed here.
 */
export function compactGeometryText(text: string): string {
  return text.replaceAll(' ', '');
}

/**
 * The layer list as a JSON array, built from each row's fields and its geometry text (no parse of 5,000
 * geometries in node-pg, no zod walk, one `JSON.stringify` per row). Encodes `Layer[]`.
 */
export function layersJson(rows: readonly LayerTextRow[]): string {
  const parts: string[] = [];
  for (const row of rows) {
    const fields = JSON.stringify(layerFields(row));
    parts.push(`${fields.slice(0, -1)},"geo_json":${compactGeometryText(row.geoJsonText)}}`);
  }
  return `[${parts.join(',')}]`;
}

/** A lot's status on a date, as the contract's `lots` item. */
export function toLotStatusAt(row: {
  id: number;
  status: string;
  date: string;
  precision: number | null;
}): LotStatusesAt['lots'][number] {
  return {
    id: row.id,
    detect_type: isDetectionKey(row.status) ? row.status : 'X',
    date: row.date,
    precision: row.precision,
  };
}

export function toStatusItem(row: {
  status: string;
  date: string;
  precision: number | null;
  source: LotStatusSource;
  author: string | null;
}): StatusHistoryItem {
  const status = isDetectionKey(row.status) ? row.status : 'X';
  return {
    status,
    date: row.date,
    text: detectionTypeOf(status)?.name ?? status,
    // Only 'ai' rows have a precision and only 'manual' rows an editor (checked by the table, migration 017).
    precision: row.precision,
    source: row.source,
    author: row.author,
  };
}
