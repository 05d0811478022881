import Flatbush from 'flatbush';

/**
 * A quick verdict on a polygon's validity without the topology engine, for any number of vertices: JTS's
 * `IsValidOp` (jsts 2.x, a sweep line over monotone chains) grows quadratically on zigzag outlines — 30 000
 * vertices held the process for minutes — so every segment pair that can meet is found through a packed R-tree.
 *
 * 'valid' only when that is certain: closed rings of at least three distinct points, no two segments touching
 * or crossing (every test far from degenerate), each hole inside its shell and in no other hole, no part inside
 * another part's shell. 'crossing' when two segments certainly cross (JTS: self-intersection). Anything else —
 * a touch, a near-touch, nested parts, segments so close that too many pairs would need testing (a dense
 * diagonal zigzag) — is left to JTS (null).
 */
export type QuickVerdict = { kind: 'valid' } | { kind: 'crossing'; at: [number, number] } | null;

type Ring = number[][];

/** |sin| of the angle between two segments below which they are too close to parallel to judge here. */
const DEGENERATE = 1e-9;
/** Segment pairs tested per segment (plus a floor) before the quick test gives up: a budget against bad inputs. */
const PAIRS_PER_SEGMENT = 64;
const PAIRS_FLOOR = 100_000;
const SMALL = 48;

function orientation(a: number[], b: number[], c: number[]): number {
  const ux = b[0]! - a[0]!;
  const uy = b[1]! - a[1]!;
  const vx = c[0]! - a[0]!;
  const vy = c[1]! - a[1]!;
  const cross = ux * vy - uy * vx;
  const scale = Math.hypot(ux, uy) * Math.hypot(vx, vy);
  if (scale === 0) return 0;
  const sine = cross / scale;
  return Math.abs(sine) < DEGENERATE ? 0 : Math.sign(sine);
}

const boxesMeet = (a: number[], b: number[], c: number[], d: number[]) =>
  Math.max(a[0]!, b[0]!) >= Math.min(c[0]!, d[0]!) &&
  Math.max(c[0]!, d[0]!) >= Math.min(a[0]!, b[0]!) &&
  Math.max(a[1]!, b[1]!) >= Math.min(c[1]!, d[1]!) &&
  Math.max(c[1]!, d[1]!) >= Math.min(a[1]!, b[1]!);

/** The ring without consecutive repeated points (JTS accepts those). */
function distinct(ring: Ring): Ring {
  const points: Ring = [];
  for (const point of ring) {
    const last = points[points.length - 1];
    if (!last || last[0] !== point[0] || last[1] !== point[1]) points.push(point);
  }
  return points;
}

/** Where two crossing segments meet. */
function crossingPoint(a: number[], b: number[], p: number[], q: number[]): [number, number] {
  const rx = b[0]! - a[0]!;
  const ry = b[1]! - a[1]!;
  const sx = q[0]! - p[0]!;
  const sy = q[1]! - p[1]!;
  const t = ((p[0]! - a[0]!) * sy - (p[1]! - a[1]!) * sx) / (rx * sy - ry * sx);
  return [a[0]! + t * rx, a[1]! + t * ry];
}

interface IndexedRings {
  rings: Ring[];
  /** For each ring, the part it belongs to and whether it is that part's shell. */
  part: number[];
  shell: boolean[];
  /** Segment k runs from rings[ringOf[k]][startOf[k]] to the next point. */
  ringOf: Int32Array;
  startOf: Int32Array;
  index: Flatbush;
}

function indexRings(parts: Ring[][]): IndexedRings | null {
  const rings: Ring[] = [];
  const part: number[] = [];
  const shell: boolean[] = [];
  for (const [p, polygon] of parts.entries()) {
    if (!Array.isArray(polygon) || polygon.length === 0) return null;
    for (const [r, raw] of polygon.entries()) {
      const ring = distinct(raw);
      const first = ring[0];
      const last = ring[ring.length - 1];
      if (ring.length < 4 || !first || !last || first[0] !== last[0] || first[1] !== last[1]) return null;
      rings.push(ring);
      part.push(p);
      shell.push(r === 0);
    }
  }
  const total = rings.reduce((sum, ring) => sum + ring.length - 1, 0);
  const ringOf = new Int32Array(total);
  const startOf = new Int32Array(total);
  const index = new Flatbush(total);
  let k = 0;
  for (const [r, ring] of rings.entries()) {
    for (let i = 0; i < ring.length - 1; i++, k++) {
      const a = ring[i]!;
      const b = ring[i + 1]!;
      ringOf[k] = r;
      startOf[k] = i;
      index.add(
        Math.min(a[0]!, b[0]!),
        Math.min(a[1]!, b[1]!),
        Math.max(a[0]!, b[0]!),
        Math.max(a[1]!, b[1]!),
      );
    }
  }
  index.finish();
  return { rings, part, shell, ringOf, startOf, index };
}

/** A ring that goes straight back over its last segment touches itself. */
function doublesBack(ring: Ring): boolean {
  const n = ring.length - 1;
  for (let i = 0; i < n; i++) {
    const a = ring[i]!;
    const b = ring[i + 1]!;
    const c = ring[(i + 2) % n]!;
    if (orientation(a, b, c) !== 0) continue;
    const dot = (b[0]! - a[0]!) * (c[0]! - b[0]!) + (b[1]! - a[1]!) * (c[1]! - b[1]!);
    if (!(dot > 0)) return true;
  }
  return false;
}

type PairsVerdict = 'apart' | 'uncertain' | { at: [number, number] };

/** Whether any two non-adjacent segments meet: 'apart' when none does, or where two certainly cross. */
function segmentPairs({ rings, ringOf, startOf, index }: IndexedRings): PairsVerdict {
  const total = ringOf.length;
  let budget = PAIRS_FLOOR + PAIRS_PER_SEGMENT * total;
  let uncertain = false;
  // A lot's few segments are tested pair by pair (cheaper than the index's searches).
  const small = total <= SMALL;
  const everySegment = small ? Array.from({ length: total }, (_, k) => k) : [];
  for (let s = 0; s < total; s++) {
    const ring = rings[ringOf[s]!]!;
    const i = startOf[s]!;
    const n = ring.length - 1;
    const a = ring[i]!;
    const b = ring[i + 1]!;
    const candidates = small
      ? everySegment
      : index.search(
          Math.min(a[0]!, b[0]!),
          Math.min(a[1]!, b[1]!),
          Math.max(a[0]!, b[0]!),
          Math.max(a[1]!, b[1]!),
        );
    budget -= candidates.length;
    if (budget < 0) return 'uncertain';
    for (const t of candidates) {
      if (t <= s) continue;
      if (small && !boxesMeet(a, b, rings[ringOf[t]!]![startOf[t]!]!, rings[ringOf[t]!]![startOf[t]! + 1]!))
        continue;
      if (ringOf[t] === ringOf[s]) {
        const j = startOf[t]!;
        if (j === i + 1 || (i === 0 && j === n - 1)) continue;
      }
      const other = rings[ringOf[t]!]!;
      const p = other[startOf[t]!]!;
      const q = other[startOf[t]! + 1]!;
      const o1 = orientation(a, b, p);
      const o2 = orientation(a, b, q);
      const o3 = orientation(p, q, a);
      const o4 = orientation(p, q, b);
      if (o1 === 0 || o2 === 0 || o3 === 0 || o4 === 0) uncertain = true;
      else if (o1 !== o2 && o3 !== o4) return { at: crossingPoint(a, b, p, q) };
    }
  }
  return uncertain ? 'uncertain' : 'apart';
}

/**
 * Which rings contain a point (even-odd rule), counted over the segments a ray eastwards from it meets. Exact
 * here because no segment of the rings touches another and the point is a vertex of none of the rings asked.
 */
function ringsAround({ rings, ringOf, startOf, index }: IndexedRings, point: number[]): Set<number> {
  const [x, y] = point as [number, number];
  const inside = new Set<number>();
  for (const s of index.search(x, y, Infinity, y)) {
    const ring = rings[ringOf[s]!]!;
    const a = ring[startOf[s]!]!;
    const b = ring[startOf[s]! + 1]!;
    if (a[1]! > y === b[1]! > y) continue;
    const crossX = a[0]! + ((y - a[1]!) * (b[0]! - a[0]!)) / (b[1]! - a[1]!);
    if (crossX <= x) continue;
    const r = ringOf[s]!;
    if (inside.has(r)) inside.delete(r);
    else inside.add(r);
  }
  return inside;
}

/** Holes inside their shell and in no other hole; shells in no other part's shell. */
function nestedRightly(indexed: IndexedRings): boolean {
  const { rings, part, shell } = indexed;
  for (const [r, ring] of rings.entries()) {
    const around = ringsAround(indexed, ring[0]!);
    around.delete(r);
    for (const other of around) {
      // A hole lies in its own shell and nowhere else; a shell lies in no other ring.
      const ownShell = !shell[r] && shell[other] && part[other] === part[r];
      if (!ownShell) return false;
    }
    if (!shell[r] && around.size !== 1) return false;
  }
  return true;
}

export function quickVerdict(geometry: { type: string; coordinates: unknown }): QuickVerdict {
  const parts =
    geometry.type === 'Polygon'
      ? [geometry.coordinates as Ring[]]
      : geometry.type === 'MultiPolygon'
        ? (geometry.coordinates as Ring[][])
        : null;
  if (!parts || parts.length === 0) return null;
  const indexed = indexRings(parts);
  if (!indexed) return null;
  const pairs = segmentPairs(indexed);
  if (typeof pairs === 'object') return { kind: 'crossing', at: pairs.at };
  if (pairs === 'uncertain' || indexed.rings.some(doublesBack)) return null;
  return nestedRightly(indexed) ? { kind: 'valid' } : null;
}

/** True only when the polygon is certainly valid by JTS's definition (see `quickVerdict`). */
export const quicklyValid = (geometry: { type: string; coordinates: unknown }): true | null =>
  quickVerdict(geometry)?.kind === 'valid' ? true : null;
