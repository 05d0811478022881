import { describe, expect, it } from 'vitest';
import type { ImportProblem, LayerImportReport } from '@mirante/shared';
import { importPreviewStyle, previewBounds } from './importPreviewStyle';

const feature = (index: number, outcome: 'create' | 'invalid', west: number) => ({
  type: 'Feature' as const,
  geometry: {
    type: 'Polygon' as const,
    coordinates: [
      [
        [west, -23.4],
        [west + 0.001, -23.4],
        [west + 0.001, -23.399],
        [west, -23.4],
      ],
    ] as [number, number][][],
  },
  properties: {
    index,
    layer_type: 'LOT' as const,
    name: String(index + 1),
    block: 'A',
    stage: null,
    customer_code: null,
    tag_value: String(index + 1),
    outcome,
    matched_layer_id: null,
  },
});

const report = {
  preview: {
    type: 'FeatureCollection',
    features: [feature(0, 'create', -51.95), feature(1, 'invalid', -51.9)],
  },
} as unknown as LayerImportReport;

const problem: ImportProblem = {
  code: 'INVALID_GEOMETRY',
  severity: 'error',
  message: 'Feição 2 (lote 2, quadra A): autointerseção',
  index: 1,
  featureId: null,
  location: [-51.85, -23.5],
};

describe('previewBounds', () => {
  it('spans every feature and problem location', () => {
    expect(previewBounds(report, [problem])).toEqual([
      [-51.95, -23.5],
      [-51.85, -23.399],
    ]);
  });

  it('is null when nothing has coordinates', () => {
    const empty = { preview: { type: 'FeatureCollection', features: [] } } as unknown as LayerImportReport;
    expect(previewBounds(empty, [])).toBeNull();
  });
});

describe('importPreviewStyle', () => {
  it('draws the features by outcome and a ring at each located problem', () => {
    const style = importPreviewStyle(report, [problem, { ...problem, location: null }]);
    expect(style.layers.map((layer) => layer.id)).toEqual([
      'background',
      'preview-fill',
      'preview-line',
      'problems',
    ]);
    const problems = style.sources.problems as { data: { features: unknown[] } };
    expect(problems.data.features).toHaveLength(1);
  });
});
