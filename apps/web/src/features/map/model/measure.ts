import { lineString } from '@turf/helpers';
import turfLength from '@turf/length';
import { MAP_LIMITS, planarArea, type LayerGeometry } from '@mirante/shared';

type Position = [number, number];

const number = (digits: number) =>
  new Intl.NumberFormat('pt-BR', { minimumFractionDigits: digits, maximumFractionDigits: digits });

/** Geodesic length of a drawn line, in metres. */
export function lineLength(coordinates: readonly Position[]): number {
  if (coordinates.length < 2) return 0;
  return turfLength(lineString(coordinates.map((point) => [...point])), { units: 'meters' });
}

/**
 * Area (m², planar in the ring's SIRGAS 2000 / UTM zone: a surveyor's area) and geodesic perimeter (m) of a
 * polygon's outer ring (closed or not).
 */
export function ringMeasures(ring: readonly Position[]): { area: number; perimeter: number } {
  if (ring.length < 3) return { area: 0, perimeter: 0 };
  const first = ring[0] as Position;
  const last = ring[ring.length - 1] as Position;
  const closed = first[0] === last[0] && first[1] === last[1] ? [...ring] : [...ring, first];
  if (closed.length < 4) return { area: 0, perimeter: 0 };
  return {
    area: planarArea({ type: 'Polygon', coordinates: [closed.map((point) => [...point])] }),
    perimeter: lineLength(closed),
  };
}

/** Area and perimeter of a lot's geometry (all outer rings of a multipolygon). */
export function geometryMeasures(geometry: LayerGeometry): { area: number; perimeter: number } {
  const rings: Position[][] =
    geometry.type === 'Polygon'
      ? [geometry.coordinates[0] as Position[]]
      : geometry.type === 'MultiPolygon'
        ? geometry.coordinates.map((part) => part[0] as Position[])
        : [];
  return rings.reduce(
    (sum, ring) => {
      const measures = ringMeasures(ring);
      return { area: sum.area + measures.area, perimeter: sum.perimeter + measures.perimeter };
    },
    { area: 0, perimeter: 0 },
  );
}

/** Distances: metres below 1 km, kilometres from there (km, m, m²). */
export function formatDistance(metres: number): string {
  return metres < 1000 ? `${number(2).format(metres)} m` : `${number(3).format(metres / 1000)} km`;
}

/** The validation rules / 9: the rotation angle is clamped to -360..360. */
export function clampRotation(value: number): number {
  if (!Number.isFinite(value)) return 0;
  return Math.min(MAP_LIMITS.rotationMax, Math.max(MAP_LIMITS.rotationMin, value));
}
