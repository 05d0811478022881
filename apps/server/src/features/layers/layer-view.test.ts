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
    detectBeforeDate: null,
    detectAfterDate: null,
    projectSpace: null,
    beforePreview: null,
    afterPreview: null,
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

  it('gives analysis layers their dates, space and the previews of the scenes that exist', () => {
    const defo: LayerTextRow = {
      ...row,
      type: 'DEFO',
      latestStatus: null,
      rect: 'Supressão de vegetação nativa em APP',
      categoryName: 'Supressão de vegetação nativa',
      categoryColor: '#d64541',
      detectBeforeDate: '2025-07-01',
      detectAfterDate: '2025-11-01',
      projectSpace: 'app-ribeirao-pinguim',
      beforePreview: true,
      afterPreview: false,
    };
    const [layer] = JSON.parse(layersJson([defo])) as Record<string, unknown>[];
    expect(layer).toMatchObject({
      type: 'DEFO',
      rect: 'Supressão de vegetação nativa em APP',
      category_name: 'Supressão de vegetação nativa',
      category_color: '#d64541',
      project_space: 'app-ribeirao-pinguim',
      detect_before_date: '2025-07-01',
      detect_after_date: '2025-11-01',
      before_img_url: '/tiles/app-ribeirao-pinguim/2025-07-01/preview.png',
    });
    expect(layer).not.toHaveProperty('after_img_url');
  });
});
