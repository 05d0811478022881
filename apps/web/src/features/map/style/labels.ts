import { MAP_LIMITS, type Layer } from '@mirante/shared';
import { labelPoint } from './labelPoint';

export interface LabelAnchor {
  id: number;
  kind: 'lot' | 'block' | 'stage';
  text: string;
  lng: number;
  lat: number;
  /** The polygon's outer ring ([lng, lat]): a lot's number is shown only where it fits inside it. */
  ring: readonly (readonly number[])[];
}

export interface ViewBounds {
  west: number;
  south: number;
  east: number;
  north: number;
}

/** Block code without its letter prefix ('Q07' → '07'), as people say it. */
export function blockNumber(block: string | null): string {
  return (block ?? '').replace(/^Q(?=\d)/, '');
}

/** The map screens: the popup title is the lot name plus 'Quadra' and the block. */
export function lotTitle(layer: Pick<Layer, 'name' | 'block'>): string {
  return layer.block ? `${layer.name} Quadra ${blockNumber(layer.block)}` : layer.name;
}

function outerRing(layer: Layer): number[][] | null {
  const geometry = layer.geo_json;
  if (geometry.type === 'Polygon') return geometry.coordinates[0] ?? null;
  if (geometry.type === 'MultiPolygon') return geometry.coordinates[0]?.[0] ?? null;
  return null;
}

/**
 * Label positions (poles of inaccessibility) of lots (number), blocks and stages, once per layer list. Each
 * position is worked out when first read (most lots are never in view at label zooms: 5,000 of them up front
 * held the map's first frame ~0.1–1 s); reading it copies it in a spread.
 */
export function labelAnchors(layers: readonly Layer[]): LabelAnchor[] {
  const anchors: LabelAnchor[] = [];
  for (const layer of layers) {
    const kind =
      layer.type === 'LOT'
        ? 'lot'
        : layer.type === 'BLOCK'
          ? 'block'
          : layer.type === 'STAGE'
            ? 'stage'
            : null;
    const ring = kind ? outerRing(layer) : null;
    const first = ring?.[0];
    if (!kind || !ring || ring.length < 4 || first?.[0] === undefined || first[1] === undefined) continue;
    const text =
      kind === 'lot'
        ? (layer.tag_value ?? layer.name)
        : kind === 'block'
          ? `Quadra ${blockNumber(layer.block)}`
          : layer.name;
    const fallback: [number, number] = [first[0], first[1]];
    let centre: [number, number] | undefined;
    const point = () => (centre ??= labelPoint(ring) ?? fallback);
    anchors.push({
      id: layer.id,
      kind,
      text,
      get lng() {
        return point()[0];
      },
      get lat() {
        return point()[1];
      },
      ring,
    });
  }
  return anchors;
}

/** Whether a ring lies wholly outside the bounds (then so does its label point; its position is not worked out). */
function ringOutside(ring: readonly (readonly number[])[], bounds: ViewBounds): boolean {
  let west = Infinity;
  let south = Infinity;
  let east = -Infinity;
  let north = -Infinity;
  for (const [lng = NaN, lat = NaN] of ring) {
    west = Math.min(west, lng);
    east = Math.max(east, lng);
    south = Math.min(south, lat);
    north = Math.max(north, lat);
  }
  return east < bounds.west || west > bounds.east || north < bounds.south || south > bounds.north;
}

/**
 * The labels to draw now: blocks and stages from zoom 16, lots from zoom 19, only inside the view and
 * at most `limit` of them (labels are DOM elements: the map has no glyph server offline).
 */
export function labelsInView(
  anchors: readonly LabelAnchor[],
  zoom: number,
  bounds: ViewBounds,
  enabled: { lots: boolean; blocks: boolean },
  limit = 400,
): LabelAnchor[] {
  const result: LabelAnchor[] = [];
  for (const anchor of anchors) {
    const minZoom = anchor.kind === 'lot' ? MAP_LIMITS.lotLabelMinZoom : MAP_LIMITS.blockLabelMinZoom;
    if (zoom < minZoom) continue;
    if (anchor.kind === 'lot' ? !enabled.lots : !enabled.blocks) continue;
    if (
      ringOutside(anchor.ring, bounds) ||
      anchor.lng < bounds.west ||
      anchor.lng > bounds.east ||
      anchor.lat < bounds.south ||
      anchor.lat > bounds.north
    )
      continue;
    // Blocks give way to lots once lot numbers show.
    if (anchor.kind === 'block' && zoom >= MAP_LIMITS.lotLabelMinZoom && enabled.lots) continue;
    result.push(anchor);
    if (result.length >= limit) break;
  }
  return result;
}
