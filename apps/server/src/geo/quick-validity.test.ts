import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { MultiPolygon, Polygon } from 'geojson';
import IsValidOp from 'jsts/org/locationtech/jts/operation/valid/IsValidOp.js';
import GeometryFactory from 'jsts/org/locationtech/jts/geom/GeometryFactory.js';
import GeoJSONReader from 'jsts/org/locationtech/jts/io/GeoJSONReader.js';
import { describe, expect, it } from 'vitest';
import { quickVerdict, quicklyValid } from './quick-validity';
import { validityProblem } from './validity';

const reader = new GeoJSONReader(new GeometryFactory());
const jtsValid = (polygon: Polygon | MultiPolygon) => {
  try {
    return new IsValidOp(reader.read(polygon)).isValid() as boolean;
  } catch {
    return false;
  }
};

/** A pseudo-random generator with a seed, so that a failure is reproducible. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

/** Random rings of 3–12 vertices on a 6×6 grid of lon/lat points: many touch, cross or repeat themselves. */
function randomPolygons(count: number): Polygon[] {
  const next = random(42);
  const polygons: Polygon[] = [];
  for (let i = 0; i < count; i++) {
    const n = 3 + Math.floor(next() * 10);
    const ring = Array.from({ length: n }, () => [
      -51.95 + Math.floor(next() * 6) * 1e-5,
      -23.42 + Math.floor(next() * 6) * 1e-5,
    ]);
    polygons.push({ type: 'Polygon', coordinates: [[...ring, ring[0]!]] });
  }
  return polygons;
}

describe('quicklyValid', () => {
  it(
    'never clears a polygon JTS holds invalid (20,000 random rings, many degenerate)',
    { timeout: 120_000 },
    () => {
      let cleared = 0;
      let invalid = 0;
      for (const polygon of randomPolygons(20_000)) {
        const valid = jtsValid(polygon);
        if (!valid) invalid += 1;
        if (quicklyValid(polygon)) {
          cleared += 1;
          expect(valid, JSON.stringify(polygon.coordinates)).toBe(true);
        }
      }
      // The sample has both kinds, and the quick test clears a fair share of the valid ones.
      expect(invalid).toBeGreaterThan(5_000);
      expect(cleared).toBeGreaterThan(1_000);
    },
  );

  it('clears the real São Paulo lots, which JTS holds valid too', { timeout: 60_000 }, () => {
    const kml = readFileSync(
      path.resolve(import.meta.dirname, '../../../../testdata/vectors/saopaulo_lotes_wgs84.kml'),
      'utf8',
    );
    const polygons = [...kml.matchAll(/<coordinates>([^<]+)</g)].map((match): Polygon => ({
      type: 'Polygon',
      coordinates: [
        match[1]!
          .trim()
          .split(/\s+/)
          .map((point) => point.split(',').slice(0, 2).map(Number)),
      ],
    }));
    expect(polygons.length).toBe(192);
    const cleared = polygons.filter((polygon) => quicklyValid(polygon));
    expect(cleared.length).toBeGreaterThan(180);
    for (const polygon of polygons) expect(jtsValid(polygon)).toBe(true);
  });

  it('answers a bow tie’s crossing itself, leaves a spike and an open ring to JTS, and clears a square with a hole', () => {
    const bowTie: Polygon = {
      type: 'Polygon',
      coordinates: [
        [
          [0, 0],
          [2, 2],
          [2, 0],
          [0, 2],
          [0, 0],
        ],
      ],
    };
    expect(quicklyValid(bowTie)).toBeNull();
    expect(quickVerdict(bowTie)).toEqual({ kind: 'crossing', at: [1, 1] });
    expect(validityProblem(bowTie)).toEqual({
      message: 'autointerseção (o contorno se cruza)',
      location: [1, 1],
      selfIntersection: true,
    });
    const spike: Polygon = {
      type: 'Polygon',
      coordinates: [
        [
          [0, 0],
          [2, 0],
          [2, 2],
          [2, 3],
          [2, 2],
          [0, 2],
          [0, 0],
        ],
      ],
    };
    expect(quicklyValid(spike)).toBeNull();
    expect(validityProblem(spike)).not.toBeNull();
    const open: Polygon = {
      type: 'Polygon',
      coordinates: [
        [
          [0, 0],
          [2, 0],
          [2, 2],
          [0, 2],
        ],
      ],
    };
    expect(validityProblem(open)?.message).toMatch(/anel não fechado|pontos de menos/);
    const withHole: Polygon = {
      type: 'Polygon',
      coordinates: [
        [
          [0, 0],
          [4, 0],
          [4, 4],
          [0, 4],
          [0, 0],
        ],
        [
          [1, 1],
          [1, 2],
          [2, 2],
          [2, 1],
          [1, 1],
        ],
      ],
    };
    expect(quicklyValid(withHole)).toBe(true);
    expect(jtsValid(withHole)).toBe(true);
  });

  it(
    'never clears what JTS holds invalid, and every crossing it names JTS calls a self-intersection (10,000 random polygons with holes and multipolygons)',
    { timeout: 120_000 },
    () => {
      const next = random(7);
      const ring = (x0: number, y0: number, size: number) => {
        const n = 3 + Math.floor(next() * 5);
        const points = Array.from({ length: n }, () => [
          x0 + Math.floor(next() * size),
          y0 + Math.floor(next() * size),
        ]);
        return [...points, points[0]!];
      };
      const box = (x0: number, y0: number, size: number) => [
        [x0, y0],
        [x0 + size, y0],
        [x0 + size, y0 + size],
        [x0, y0 + size],
        [x0, y0],
      ];
      let cleared = 0;
      let crossings = 0;
      for (let i = 0; i < 10_000; i++) {
        const holes = Array.from({ length: Math.floor(next() * 3) }, () => ring(1, 1, 8));
        const shell = next() < 0.5 ? box(0, 0, 10) : ring(0, 0, 10);
        const geometry: Polygon | MultiPolygon =
          next() < 0.5
            ? { type: 'Polygon', coordinates: [shell, ...holes] }
            : { type: 'MultiPolygon', coordinates: [[shell, ...holes], [box(next() < 0.5 ? 12 : 5, 0, 4)]] };
        const verdict = quickVerdict(geometry);
        if (verdict?.kind === 'valid') {
          cleared += 1;
          expect(jtsValid(geometry), JSON.stringify(geometry.coordinates)).toBe(true);
        }
        if (verdict?.kind === 'crossing') {
          crossings += 1;
          const op = new IsValidOp(reader.read(geometry));
          expect(op.isValid(), JSON.stringify(geometry.coordinates)).toBe(false);
          expect([5, 6], JSON.stringify(geometry.coordinates)).toContain(
            op.getValidationError().getErrorType(),
          );
        }
      }
      expect(cleared).toBeGreaterThan(500);
      expect(crossings).toBeGreaterThan(500);
    },
  );

  /** A 'star' ring of n vertices whose radius alternates: a zigzag that makes JTS's sweep line quadratic. */
  const zigzag = (n: number): number[][] => {
    const points = Array.from({ length: n }, (_, i) => {
      const angle = (2 * Math.PI * i) / n;
      const radius = i % 2 ? 0.01 : 0.011;
      return [-47 + radius * Math.cos(angle), -23 + radius * Math.sin(angle)];
    });
    return [...points, points[0]!];
  };

  it(
    'clears a 200,000-vertex wavy outline (a river bank), and names the crossing once two of its vertices are swapped',
    { timeout: 60_000 },
    () => {
      const n = 200_000;
      const points = Array.from({ length: n }, (_, i) => {
        const angle = (2 * Math.PI * i) / n;
        const radius = 0.01 + 0.0005 * Math.sin(50 * angle);
        return [-47 + radius * Math.cos(angle), -23 + radius * Math.sin(angle)];
      });
      const ring = [...points, points[0]!];
      expect(quickVerdict({ type: 'Polygon', coordinates: [ring] })).toEqual({ kind: 'valid' });
      expect(validityProblem({ type: 'Polygon', coordinates: [ring] })).toBeNull();
      const crossed = zigzag(200_000);
      [crossed[10], crossed[12]] = [crossed[12]!, crossed[10]!];
      expect(validityProblem({ type: 'Polygon', coordinates: [crossed] })).toMatchObject({
        message: 'autointerseção (o contorno se cruza)',
        selfIntersection: true,
      });
    },
  );

  it(
    'refuses a 20,000-vertex zigzag whose segments are too close to clear quickly, rather than handing it to JTS',
    { timeout: 60_000 },
    () => {
      const problem = validityProblem({ type: 'Polygon', coordinates: [zigzag(20_000)] });
      expect(problem?.message).toMatch(/^geometria complexa demais para validar: 20\.001 vértices/);
    },
  );

  it('still hands a 1,000-vertex zigzag to JTS, which holds it valid', () => {
    const ring = zigzag(1_000);
    expect(validityProblem({ type: 'Polygon', coordinates: [ring] })).toBeNull();
  });
});
