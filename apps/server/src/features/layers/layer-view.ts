import {
  DETECTION_KEYS,
  detectionTypeOf,
  normalizeLayerType,
  type DetectionKey,
  type Layer,
  type LayerGeometry,
  type StatusHistoryItem,
} from '@mirante/shared';
import type { LotStatusSource } from '../../db/schema-layers';
import type { LayerRow } from './layers.repo';

const isDetectionKey = (value: string | null): value is DetectionKey =>
  value !== null && (DETECTION_KEYS as readonly string[]).includes(value);

/** A layer row as the spec's Layer: empty rarely-used fields are left out (5,000 lots stay lean). */
export function toLayer(row: LayerRow): Layer {
  const layer: Layer = {
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
    geo_json: row.geoJson as LayerGeometry,
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
  return layer;
}

export function toStatusItem(row: {
  status: string;
  date: string;
  precision: number | null;
  source: LotStatusSource;
}): StatusHistoryItem {
  const status = isDetectionKey(row.status) ? row.status : 'X';
  return {
    status,
    date: row.date,
    text: detectionTypeOf(status)?.name ?? status,
    precision: row.precision,
    source: row.source,
  };
}
