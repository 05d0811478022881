import { describe, expect, it } from 'vitest';
import type { StyleSpecification } from 'maplibre-gl';
import { withoutDetectionColors } from './withoutDetectionColors';

type Collection = { data: { features: { properties: { status: string } }[] } };
const statuses = (style: StyleSpecification) =>
  (style.sources.layers as unknown as Collection).data.features.map((f) => f.properties.status);

describe('withoutDetectionColors', () => {
  it('clears the status of lots only, leaving other features and sources as they were', () => {
    const style = {
      version: 8,
      layers: [],
      sources: {
        layers: {
          type: 'geojson',
          data: {
            type: 'FeatureCollection',
            features: [
              { type: 'Feature', geometry: null, properties: { id: 1, type: 'LOT', status: 'C' } },
              { type: 'Feature', geometry: null, properties: { id: 2, type: 'PPA', status: 'X' } },
            ],
          },
        },
        tiles: { type: 'raster', tiles: ['https://example.test/{z}/{x}/{y}.png'] },
      },
    } as unknown as StyleSpecification;
    const out = withoutDetectionColors(style);
    expect(statuses(out)).toEqual(['', 'X']);
    expect(out.sources.tiles).toBe(style.sources.tiles);
    expect(statuses(style)).toEqual(['C', 'X']);
  });

  it("reads every lot's status as unclassified in the layers drawn from vector tiles", () => {
    const fill = { 'fill-color': ['match', ['get', 'status'], 'C', '#f00', '#999'], 'fill-opacity': 0.7 };
    const style = {
      version: 8,
      sources: { lots: { type: 'vector', tiles: ['http://h/{z}/{x}/{y}'] } },
      layers: [
        { id: 'fills', type: 'fill', source: 'lots', 'source-layer': 'layers', paint: fill },
        { id: 'background', type: 'background', paint: { 'background-color': '#fff' } },
      ],
    } as unknown as StyleSpecification;
    const out = withoutDetectionColors(style);
    expect(out.layers[0]).toMatchObject({ paint: { 'fill-color': ['match', '', 'C', '#f00', '#999'] } });
    expect(out.layers[1]).toBe(style.layers[1]);
    expect(style.layers[0]).toMatchObject({ paint: fill });
  });
});
