import { describe, expect, it } from 'vitest';
import { readGeoJson } from './read-geojson';

const collection = (geometries: unknown[]) =>
  Buffer.from(
    JSON.stringify({
      type: 'FeatureCollection',
      features: geometries.map((geometry) => ({ type: 'Feature', properties: {}, geometry })),
    }),
  );

describe('readGeoJson', () => {
  it('reads a geometry whose coordinates do not nest as its type says as no geometry (found by the fuzzing)', () => {
    const square = [
      [
        [-51.97, -23.43],
        [-51.96, -23.43],
        [-51.96, -23.42],
        [-51.97, -23.43],
      ],
    ];
    const file = readGeoJson(
      collection([
        { type: 'Polygon', coordinates: square },
        { type: 'Polygon' },
        { type: 'Polygon', coordinates: 'x' },
        { type: 'Polygon', coordinates: square[0] },
        { type: 'MultiPolygon', coordinates: square },
        { type: 'Point', coordinates: null },
        { type: 'GeometryCollection', geometries: [{ type: 'Polygon' }] },
        { type: 'GeometryCollection' },
      ]),
    );
    expect(file.features.map((feature) => feature.geometry !== null)).toEqual([
      true,
      false,
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
  });
});
