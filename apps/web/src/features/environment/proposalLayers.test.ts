import { describe, expect, it } from 'vitest';
import type { EnvironmentFeature } from '@mirante/shared';
import type { StyleSpecification } from 'maplibre-gl';
import {
  PROPOSAL_SELECTED_COLOR,
  PROPOSALS_FILL,
  PROPOSALS_SOURCE,
  proposalCollection,
  proposalLayers,
  proposalLegend,
  withProposals,
} from './proposalLayers';

const square: EnvironmentFeature['geojson'] = {
  type: 'Polygon',
  coordinates: [
    [
      [-51.9, -23.4],
      [-51.899, -23.4],
      [-51.899, -23.399],
      [-51.9, -23.4],
    ],
  ],
};

const feature = (
  id: number,
  type: EnvironmentFeature['type'],
  review_status: EnvironmentFeature['review_status'],
): EnvironmentFeature => ({
  id,
  detectId: 7,
  source: 'ai',
  category_id: type === 'REFO' ? 0 : type === 'DEFO' ? 1 : 2,
  type,
  category_name: { REFO: 'Reflorestamento', DEFO: 'Desmatamento', GAMBIRA: 'Outra análise' }[type],
  category_color: { REFO: '#2e7d32', DEFO: '#d64541', GAMBIRA: '#f5a623' }[type],
  area: 2000,
  description: 'Mudança',
  confidence: 0.8,
  review_status,
  reject_reason: null,
  reviewed_by: null,
  reviewed_at: null,
  layer_id: null,
  geojson: square,
  has_previews: false,
});

const base: StyleSpecification = {
  version: 8,
  sources: { scene: { type: 'raster', tiles: ['/t/{z}/{x}/{y}.webp'] } },
  layers: [
    { id: 'background', type: 'background' },
    { id: 'scene', type: 'raster', source: 'scene' },
  ],
};

const features = [
  feature(1, 'DEFO', 'pending'),
  feature(2, 'REFO', 'approved'),
  feature(3, 'REFO', 'pending'),
  feature(4, 'DEFO', 'rejected'),
  feature(5, 'DEFO', 'pending'),
];

describe('proposal layers', () => {
  it('draws only the pending proposals, each with its id and its kind’s colour', () => {
    const data = proposalCollection(features);
    expect(data.features.map((f) => [f.id, f.properties.id, f.properties.color])).toEqual([
      [1, 1, '#d64541'],
      [3, 3, '#2e7d32'],
      [5, 5, '#d64541'],
    ]);
    expect(data.features[0]?.geometry).toBe(square);
  });

  it('adds the proposals over the map’s own layers, leaving them as they were', () => {
    const style = withProposals(base, proposalCollection(features), null);
    expect(style.layers.map((l) => l.id)).toEqual([
      'background',
      'scene',
      PROPOSALS_FILL,
      'proposals-halo',
      'proposals-outline',
      'proposals-selected',
    ]);
    expect(style.sources[PROPOSALS_SOURCE]).toMatchObject({ type: 'geojson' });
    expect(style.sources.scene).toBe(base.sources.scene);
    expect(base.layers).toHaveLength(2);
  });

  it('leaves the style unchanged when no proposal is pending', () => {
    const reviewed = [feature(2, 'REFO', 'approved'), feature(4, 'DEFO', 'rejected')];
    expect(withProposals(base, proposalCollection(reviewed), 2)).toBe(base);
  });

  it('fills and outlines each proposal in its kind’s colour, the outline dashed', () => {
    const [fill, , outline] = proposalLayers(null);
    expect(fill).toMatchObject({ type: 'fill', paint: { 'fill-color': ['get', 'color'] } });
    expect(outline).toMatchObject({
      type: 'line',
      paint: { 'line-color': ['get', 'color'], 'line-dasharray': ['literal', [2, 1.5]] },
    });
  });

  it('marks the selected proposal: a stronger fill and a cyan outline that only it passes', () => {
    const [fill, , , selected] = proposalLayers(3);
    expect(fill).toMatchObject({
      paint: { 'fill-opacity': ['case', ['==', ['get', 'id'], 3], 0.45, 0.15] },
    });
    expect(selected).toMatchObject({
      filter: ['==', ['get', 'id'], 3],
      paint: { 'line-color': PROPOSAL_SELECTED_COLOR },
    });
  });

  it('selects nothing without a selection (no proposal has id -1)', () => {
    const [, , , selected] = proposalLayers(null);
    expect(selected).toMatchObject({ filter: ['==', ['get', 'id'], -1] });
  });

  it('lists each pending kind once in the legend, with its name and colour, as a dashed swatch', () => {
    expect(proposalLegend(features)).toEqual({
      title: 'Propostas pendentes',
      items: [
        { key: 'proposal-DEFO', name: 'Desmatamento', color: '#d64541', dashed: true },
        { key: 'proposal-REFO', name: 'Reflorestamento', color: '#2e7d32', dashed: true },
      ],
    });
    expect(proposalLegend([feature(2, 'REFO', 'approved')])).toBeNull();
  });
});
