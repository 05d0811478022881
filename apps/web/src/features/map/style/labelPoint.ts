import polylabel from 'polylabel';

const METRES_PER_DEGREE = 111_320;

/**
 * Where a polygon's label goes: its pole of inaccessibility (the inside point farthest from every edge), so a
 * label sits inside its own lot even when the lot is long, bent or concave. Worked out in metres around the
 * ring's first vertex: in raw degrees an area-weighted centroid loses its precision (products of ~1200 cancel
 * down to ~1e-8) and lands tens of metres away, on a neighbour's border.
 */
export function labelPoint(ring: readonly (readonly number[])[]): [number, number] | null {
  const [lng0, lat0] = ring[0] ?? [];
  if (lng0 === undefined || lat0 === undefined || ring.length < 4) return null;
  const xScale = METRES_PER_DEGREE * Math.cos((lat0 * Math.PI) / 180);
  const local = ring.map(([lng = lng0, lat = lat0]) => [
    (lng - lng0) * xScale,
    (lat - lat0) * METRES_PER_DEGREE,
  ]);
  const [x, y] = polylabel([local], 0.05);
  if (!Number.isFinite(x) || !Number.isFinite(y)) return null;
  return [lng0 + x / xScale, lat0 + y / METRES_PER_DEGREE];
}
