/*
 * Random and malformed polygons for the geometry fuzzing of the reliability suite: self-crossings, spikes,
 * collapsed and unclosed rings, NaN/Infinity (written into the JSON text, where JSON.parse gives Infinity or
 * refuses), huge coordinates, empty rings, wrong nesting, wrong depths and types, and rings of many vertices.
 */

type Position = unknown[];
type Ring = Position[];

/** A seeded generator (mulberry32), so that a failure is reproducible from the seed the test prints. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** Lon/lat near the demo allotment (Maringá): a valid shape there is accepted by every endpoint. */
export const FUZZ_CENTRE: [number, number] = [-51.9735, -23.4385];

/** Markers replaced in the JSON text by tokens JSON cannot carry (`NaN`) or that overflow (`1e999`). */
const NAN = 'NaN-marker';
const INFINITY = 'Infinity-marker';

export class GeometryFuzzer {
  constructor(private readonly random: () => number) {}

  private int(max: number): number {
    return Math.floor(this.random() * max);
  }

  private pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)]!;
  }

  /** A star-shaped (simple) ring of `n` vertices around `centre`, radius in degrees, closed. */
  simpleRing(n: number, centre: [number, number] = FUZZ_CENTRE, radius = 0.0004): number[][] {
    const ring: number[][] = [];
    for (let i = 0; i < n; i++) {
      const angle = (2 * Math.PI * i) / n;
      const r = radius * (0.6 + 0.4 * this.random());
      ring.push([centre[0] + r * Math.cos(angle), centre[1] + r * Math.sin(angle)]);
    }
    ring.push([...ring[0]!]);
    return ring;
  }

  /** Random vertices in a small box: most cross themselves. */
  private scribble(n: number): number[][] {
    const ring = Array.from({ length: n }, () => [
      FUZZ_CENTRE[0] + (this.random() - 0.5) * 0.001,
      FUZZ_CENTRE[1] + (this.random() - 0.5) * 0.001,
    ]);
    ring.push([...ring[0]!]);
    return ring;
  }

  private oddValue(): unknown {
    return this.pick([NAN, INFINITY, `-${INFINITY}`, null, '12', {}, [], true, 1e308, -1e308, 1e20, 5e-324]);
  }

  /** One mutation of a ring, or of its positions. */
  private mutateRing(ring: Ring): Ring {
    const copy = ring.map((p) => (Array.isArray(p) ? [...p] : p)) as Ring;
    // Already cut below a triangle (or holding a non-position) by an earlier mutation: broken enough.
    if (copy.length < 3 || !copy.every((p) => Array.isArray(p) && p.length >= 2)) return copy;
    switch (this.int(11)) {
      case 0: // bow-tie: swap two vertices
        if (copy.length > 4) {
          const a = 1 + this.int(copy.length - 2);
          const b = 1 + this.int(copy.length - 2);
          [copy[a], copy[b]] = [copy[b]!, copy[a]!];
        }
        return copy;
      case 1: // unclosed
        return copy.slice(0, -1);
      case 2: // a position holding an odd value
        copy[this.int(copy.length)]![this.int(2)] = this.oddValue();
        return copy;
      case 3: // collapsed: every vertex the same
        return copy.map(() => [...copy[0]!]);
      case 4: // too few points
        return copy.slice(0, this.int(4));
      case 5: // spike: go out and come back on the same line
        copy.splice(2, 0, [copy[1]![0] as number, (copy[1]![1] as number) + 0.001], [...copy[1]!]);
        return copy;
      case 6: // huge coordinates
        return copy.map((p) => p.map((v) => (v as number) * this.pick([1e6, 1e15, 1e300])));
      case 7: // wrong position arity
        copy[this.int(copy.length)] = this.pick([[], [1], [1, 2, 3, 4, 5], [[1, 2]]]);
        return copy;
      case 8: // repeated consecutive points
        return copy.flatMap((p) => [p, [...p]]);
      case 9: // all on one line
        return copy.map((p, i) => [FUZZ_CENTRE[0] + i * 1e-5, p[1]]);
      default: // the original ring reversed (orientation does not matter)
        return copy.reverse();
    }
  }

  /** A polygon value: valid, broken in one or more ways, or not a polygon at all. */
  polygon(): unknown {
    const shell = this.simpleRing(4 + this.int(30));
    switch (this.int(14)) {
      case 0:
        return { type: 'Polygon', coordinates: [shell] };
      case 1:
        return { type: 'Polygon', coordinates: [this.scribble(4 + this.int(40))] };
      case 2: {
        let ring: Ring = shell;
        for (let i = 0, n = 1 + this.int(3); i < n; i++) ring = this.mutateRing(ring);
        return { type: 'Polygon', coordinates: [ring] };
      }
      case 3: // empty rings
        return { type: 'Polygon', coordinates: this.pick([[], [[]], [shell, []], [[[]]]]) };
      case 4: // hole outside the shell
        return {
          type: 'Polygon',
          coordinates: [shell, this.simpleRing(5, [FUZZ_CENTRE[0] + 0.01, FUZZ_CENTRE[1]], 0.0001)],
        };
      case 5: // hole larger than the shell (wrong nesting)
        return { type: 'Polygon', coordinates: [this.simpleRing(6, FUZZ_CENTRE, 0.0001), shell] };
      case 6: // nested holes
        return {
          type: 'Polygon',
          coordinates: [
            this.simpleRing(12, FUZZ_CENTRE, 0.001),
            this.simpleRing(10, FUZZ_CENTRE, 0.0004),
            this.simpleRing(8, FUZZ_CENTRE, 0.0001),
          ],
        };
      case 7: // a valid polygon with a hole
        return {
          type: 'Polygon',
          coordinates: [this.simpleRing(12, FUZZ_CENTRE, 0.001), this.simpleRing(8, FUZZ_CENTRE, 0.0001)],
        };
      case 8: // wrong depth
        return { type: 'Polygon', coordinates: this.pick<unknown>([shell, shell[0], [[shell]], 'x', null]) };
      case 9: // overlapping parts of a multipolygon
        return { type: 'MultiPolygon', coordinates: [[shell], [this.simpleRing(7)]] };
      case 10: // other or missing types
        return this.pick<unknown>([
          { type: 'LineString', coordinates: shell },
          { type: 'Point', coordinates: shell[0] },
          { type: 'GeometryCollection', geometries: [{ type: 'Polygon', coordinates: [shell] }] },
          { type: 'Polygon' },
          { coordinates: [shell] },
          { type: 'polygon', coordinates: [shell] },
          null,
          'POLYGON((0 0,1 0,1 1,0 0))',
        ]);
      case 11: // many holes, some touching
        return {
          type: 'Polygon',
          coordinates: [
            this.simpleRing(40, FUZZ_CENTRE, 0.01),
            ...Array.from({ length: 2 + this.int(20) }, () =>
              this.simpleRing(
                4,
                [
                  FUZZ_CENTRE[0] + (this.random() - 0.5) * 0.01,
                  FUZZ_CENTRE[1] + (this.random() - 0.5) * 0.01,
                ],
                0.0005,
              ),
            ),
          ],
        };
      case 12: // a fine circle of many vertices (valid)
        return { type: 'Polygon', coordinates: [this.simpleRing(500 + this.int(4000), FUZZ_CENTRE, 0.001)] };
      default: {
        const ring = this.mutateRing(shell);
        return { type: 'Polygon', coordinates: [ring, ...(this.int(2) ? [this.mutateRing(shell)] : [])] };
      }
    }
  }

  /** A line or a point for the notes of those types, sometimes broken. */
  lineOrPoint(kind: 'LineString' | 'Point'): unknown {
    const ring = this.simpleRing(3 + this.int(10));
    if (kind === 'Point') {
      return {
        type: 'Point',
        coordinates: this.int(3) ? ring[0] : this.pick<unknown>([[NAN, 0], [], [1e300, 1], ring]),
      };
    }
    const line = this.int(3) ? ring : this.mutateRing(ring);
    return { type: 'LineString', coordinates: this.int(5) ? line : line.map((p) => [...p]).slice(0, 1) };
  }
}

/** JSON text of a value with the NaN/Infinity markers written as JSON cannot (NaN) or overflows (1e999). */
export function fuzzJson(value: unknown): string {
  return JSON.stringify(value)
    .replaceAll(`"${NAN}"`, 'NaN')
    .replaceAll(`"-${INFINITY}"`, '-1e999')
    .replaceAll(`"${INFINITY}"`, '1e999');
}

/** A closed ring of `vertices` vertices on a circle, as compact JSON text (6 decimals). */
function circleJson(vertices: number, centre: [number, number], radius: number): string {
  const points: string[] = [];
  for (let i = 0; i < vertices; i++) {
    const angle = (2 * Math.PI * i) / vertices;
    const x = (centre[0] + radius * Math.cos(angle)).toFixed(6);
    const y = (centre[1] + radius * Math.sin(angle)).toFixed(6);
    points.push(`[${x},${y}]`);
  }
  points.push(points[0]!);
  return `[${points.join(',')}]`;
}

/**
 * A valid polygon of `holes + 1` rings of `vertices` vertices each (a shell and small disjoint holes in a row
 * inside it), written compactly so that a body under the limit carries as many vertices as fit.
 */
export function hugePolygonJson(vertices: number, holes = 0): string {
  const rings = [circleJson(vertices, FUZZ_CENTRE, 0.05)];
  for (let i = 0; i < holes; i++) {
    const x = FUZZ_CENTRE[0] - 0.03 + (0.06 * i) / Math.max(1, holes - 1);
    rings.push(circleJson(vertices, [x, FUZZ_CENTRE[1]], 0.002));
  }
  return `{"type":"Polygon","coordinates":[${rings.join(',')}]}`;
}

/**
 * A closed 'star' ring whose radius alternates between two close values: a dense zigzag, valid, on which JTS's
 * sweep line is quadratic (30 000 vertices held a process for minutes before the indexed check).
 */
export function zigzagPolygonJson(vertices: number): string {
  const points: string[] = [];
  for (let i = 0; i < vertices; i++) {
    const angle = (2 * Math.PI * i) / vertices;
    const radius = i % 2 ? 0.01 : 0.011;
    const x = (FUZZ_CENTRE[0] + radius * Math.cos(angle)).toFixed(7);
    const y = (FUZZ_CENTRE[1] + radius * Math.sin(angle)).toFixed(7);
    points.push(`[${x},${y}]`);
  }
  points.push(points[0]!);
  return `{"type":"Polygon","coordinates":[[${points.join(',')}]]}`;
}
