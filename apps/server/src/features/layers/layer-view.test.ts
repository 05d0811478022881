import { describe, expect, it } from 'vitest';
import { compactGeometryText, layersJson } from './layer-view';
import type { LayerTextRow } from './layers.repo';

describe('compactGeometryText', () => {
  it('drops the spaces of jsonb::text', () => {
    const text = '{"type": "Polygon", "coordinates": [[[-51.1234568, -23.1], [1, 2e-9], [3, 4.5]]]}';
    expect(compactGeometryText(text)).toBe(
      '{"type":"Polygon","coordinates":[[[-51.1234568,-23.1],[1,2e-9],[3,4.5]]]}',
    );
  });
});

describe('layersJson', () => {
  const row: LayerTextRow = {
    id: 7,
    projectId: 1,
    type: 'LOT',
    name: 'Lote 1',
    block: 'Q01',
    stage: null,
    customerCode: 'C1',
    tagValue: '1',
    obs: null,
    areaM2: 300,
    perimeterM: 74,
    categoryName: null,
    categoryColor: null,
    rect: null,
    price: null,
    startVisible: true,
    latestStatus: 'V',
    latestDate: '2026-01-15',
    latestPrecision: 0.9,
    geoJsonText: '{"type": "Point", "coordinates": [-51.1, -23.2]}',
  };

  it('builds the Layer[] array with the geometry spliced in', () => {
    const layers = JSON.parse(layersJson([row, { ...row, id: 8, latestStatus: null }])) as unknown[];
    expect(layers).toHaveLength(2);
    expect(layers[0]).toMatchObject({
      id: 7,
      geo_json: { type: 'Point', coordinates: [-51.1, -23.2] },
      detectAllotment: { detect_type: 'V', date: '2026-01-15', precision: 0.9 },
    });
    expect(layers[1]).toMatchObject({ id: 8, detectAllotment: null });
    expect(layersJson([])).toBe('[]');
  });
});
