import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { delimiterFromGeoJson, toCreateBody, toEditBody } from './projectFormValues';

const ring = [
  [-51.95, -23.42],
  [-51.94, -23.42],
  [-51.94, -23.41],
  [-51.95, -23.42],
];

describe('delimiterFromGeoJson', () => {
  it('reads a bare geometry, a Feature and a FeatureCollection', () => {
    const polygon = { type: 'Polygon', coordinates: [ring] };
    expect(delimiterFromGeoJson(JSON.stringify(polygon))).toEqual(polygon);
    expect(
      delimiterFromGeoJson(JSON.stringify({ type: 'Feature', properties: {}, geometry: polygon })),
    ).toEqual(polygon);
    expect(
      delimiterFromGeoJson(
        JSON.stringify({ type: 'FeatureCollection', features: [{ type: 'Feature', geometry: polygon }] }),
      ),
    ).toEqual(polygon);
  });

  it('joins several polygons into one MultiPolygon and ignores points and lines', () => {
    const a = { type: 'Feature', geometry: { type: 'Polygon', coordinates: [ring] } };
    const b = { type: 'Feature', geometry: { type: 'Point', coordinates: [-51.9, -23.4] } };
    const result = delimiterFromGeoJson(JSON.stringify({ type: 'FeatureCollection', features: [a, b, a] }));
    expect(result).toEqual({ type: 'MultiPolygon', coordinates: [[ring], [ring]] });
  });

  it('answers null without a polygon and throws on text that is not JSON', () => {
    expect(delimiterFromGeoJson('{"type":"Point","coordinates":[0,0]}')).toBeNull();
    expect(() => delimiterFromGeoJson('not json')).toThrow();
  });
});

describe('form values to request bodies', () => {
  it('sends blanks as null on an edit, so a cleared field is cleared', () => {
    const body = toEditBody({
      name: 'Vila',
      team: '  ',
      city: ' Maringá ',
      releaseDate: dayjs('2026-03-01'),
    });
    expect(body).toMatchObject({
      name: 'Vila',
      team: null,
      city: 'Maringá',
      releaseDate: '2026-03-01',
      lots: null,
    });
  });

  it('leaves out an absent boundary on a creation and carries the customer', () => {
    const body = toCreateBody({ name: 'Vila', customerId: 4, projectType: 'CONSTRUCTION', delimiter: null });
    expect(body).toMatchObject({ name: 'Vila', customerId: 4, projectType: 'CONSTRUCTION' });
    expect(body).not.toHaveProperty('delimiter');
  });
});
