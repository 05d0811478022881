import type { Feature, FeatureCollection, Geometry, LineString, Polygon, Position } from 'geojson';
import type { AllotmentLayout } from './allotment-layout';
import { utmToLonLat, type Utm } from './projection';

/** Properties every demo layer feature carries (the map and the database read these). */
export interface DemoLayerProperties {
  type: string;
  name: string;
  block?: string;
  stage?: string;
  customer_code?: string;
  tag_value?: string;
  lotKey?: string;
  /** Area in m² (polygons) or length in m (lines). */
  area?: number;
  /** A stable key for layers that have no lotKey (analysis layers): makes loading idempotent. */
  sourceKey?: string;
  /** Analysis layers (REFO/DEFO, the entities and their fields Layer): description, category and the two compared scenes' dates. */
  rect?: string;
  category_name?: string;
  category_color?: string;
  /** YYYY-MM-DD */
  detect_before_date?: string;
  /** YYYY-MM-DD */
  detect_after_date?: string;
}

export type DemoLayerCollection = FeatureCollection<Geometry, DemoLayerProperties>;

/** RFC 7946 rings: lon/lat, closed, exterior counter-clockwise, holes clockwise. */
function toLonLatRings(rings: readonly Utm[][]): Position[][] {
  return rings.map((ring, index) => {
    const closed = closeRing(ring);
    const ccw = signedArea(closed) > 0;
    const oriented = ccw === (index === 0) ? closed : [...closed].reverse();
    return oriented.map((p) => utmToLonLat(p));
  });
}

function closeRing(ring: readonly Utm[]): Utm[] {
  const first = ring[0] as Utm;
  const last = ring[ring.length - 1] as Utm;
  return first[0] === last[0] && first[1] === last[1] ? [...ring] : [...ring, first];
}

function signedArea(ring: readonly Utm[]): number {
  let sum = 0;
  for (let i = 1; i < ring.length; i++) {
    const a = ring[i - 1] as Utm;
    const b = ring[i] as Utm;
    sum += a[0] * b[1] - b[0] * a[1];
  }
  return sum / 2;
}

function polygonFeature(
  rings: readonly Utm[][],
  properties: DemoLayerProperties,
): Feature<Polygon, DemoLayerProperties> {
  const area = rings.reduce(
    (sum, ring, i) => sum + (i === 0 ? 1 : -1) * Math.abs(signedArea(closeRing(ring))),
    0,
  );
  return {
    type: 'Feature',
    geometry: { type: 'Polygon', coordinates: toLonLatRings(rings) },
    properties: { ...properties, area: Math.round(area * 10) / 10 },
  };
}

function lineFeature(
  line: readonly Utm[],
  properties: DemoLayerProperties,
): Feature<LineString, DemoLayerProperties> {
  let length = 0;
  for (let i = 1; i < line.length; i++)
    length += Math.hypot(
      (line[i] as Utm)[0] - (line[i - 1] as Utm)[0],
      (line[i] as Utm)[1] - (line[i - 1] as Utm)[1],
    );
  return {
    type: 'Feature',
    geometry: { type: 'LineString', coordinates: line.map((p) => utmToLonLat(p)) },
    properties: { ...properties, area: Math.round(length * 10) / 10 },
  };
}

/** The allotment's layers of the entities and their fields as one GeoJSON FeatureCollection (lon/lat, EPSG:4326). */
export function allotmentLayers(layout: AllotmentLayout): DemoLayerCollection {
  const features: Feature<Geometry, DemoLayerProperties>[] = [];
  features.push(polygonFeature([layout.outline], { type: 'LIMIT', name: 'Jardim das Palmeiras' }));
  for (const stage of layout.stages)
    features.push(polygonFeature([stage.ring], { type: 'STAGE', name: stage.name, stage: stage.name }));
  for (const block of layout.blocks) {
    const number = block.code.slice(1);
    features.push(
      polygonFeature([block.ring], {
        type: 'BLOCK',
        name: `Quadra ${number}`,
        block: block.code,
        stage: block.stage,
        tag_value: number,
        customer_code: `${layout.prefix}-${block.code}`,
      }),
    );
    features.push(
      polygonFeature([block.sidewalkRing, block.ring], {
        type: 'CALCADA',
        name: `Calçada ${block.code}`,
        block: block.code,
        stage: block.stage,
      }),
    );
  }
  for (const lot of layout.lots) {
    features.push(
      polygonFeature([lot.ring], {
        type: 'LOT',
        name: `Lote ${lot.number}`,
        block: lot.block,
        stage: lot.stage,
        customer_code: lot.customerCode,
        tag_value: String(lot.number),
        lotKey: lot.lotKey,
      }),
    );
  }
  for (const area of layout.areas) {
    area.polygons.forEach((rings, i) => {
      const name = area.polygons.length > 1 ? `${area.name} (${i + 1})` : area.name;
      features.push(polygonFeature(rings, { type: area.type, name }));
    });
  }
  if (layout.stream.length >= 2)
    features.push(lineFeature(layout.stream, { type: 'STREAM', name: 'Córrego das Palmeiras' }));
  for (const network of layout.networks)
    features.push(lineFeature(network.line, { type: network.type, name: network.name }));
  return { type: 'FeatureCollection', features };
}
