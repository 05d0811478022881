import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Polygon } from 'geojson';
import IsValidOp from 'jsts/org/locationtech/jts/operation/valid/IsValidOp.js';
import GeometryFactory from 'jsts/org/locationtech/jts/geom/GeometryFactory.js';
import GeoJSONReader from 'jsts/org/locationtech/jts/io/GeoJSONReader.js';
import { describe, expect, it } from 'vitest';
import { quicklyValid } from './quick-validity';
import { validityProblem } from './validity';

const reader = new GeoJSONReader(new GeometryFactory());
const jtsValid = (polygon: Polygon) => {
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
  it('never clears a polygon JTS holds invalid (20,000 random rings, many degenerate)', () => {
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
  });

  it('clears the real São Paulo lots, which JTS holds valid too', () => {
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

  it('leaves a bow tie, a spike and holes to JTS, which says what and where', () => {
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
    expect(quicklyValid(withHole)).toBeNull();
    expect(validityProblem(withHole)).toBeNull();
  });
});
