import { describe, expect, it, vi } from 'vitest';
import type { Layer } from '@mirante/shared';
import type polylabelType from 'polylabel';
import { labelAnchors, labelsInView, lotTitle } from './labels';

// polylabel as it is, counted: which label positions were worked out.
const polylabelCalls = vi.hoisted(() => ({ count: 0 }));
vi.mock('polylabel', async (original) => {
  const { default: polylabel } = await original<{ default: typeof polylabelType }>();
  return {
    default: (...args: Parameters<typeof polylabel>) => {
      polylabelCalls.count += 1;
      return polylabel(...args);
    },
  };
});

const square = (x: number): Layer['geo_json'] => ({
  type: 'Polygon',
  coordinates: [
    [
      [x, 0],
      [x + 2, 0],
      [x + 2, 2],
      [x, 2],
      [x, 0],
    ],
  ],
});
const layer = (id: number, type: Layer['type'], name: string, x: number): Layer => ({
  id,
  project_id: 1,
  type,
  name,
  block: 'Q07',
  stage: null,
  customer_code: null,
  tag_value: String(id),
  area: 1,
  perimeter: 1,
  start_visible: true,
  geo_json: square(x),
  detectAllotment: null,
});

const anchors = labelAnchors([
  layer(1, 'LOT', 'Lote 1', 0),
  layer(2, 'BLOCK', 'Quadra 07', 10),
  layer(3, 'STAGE', 'Etapa 1', 20),
]);
const world = { west: -180, south: -90, east: 180, north: 90 };
const all = { lots: true, blocks: true };

describe('labels', () => {
  it('titles a lot with its name, Quadra and the block number', () => {
    expect(lotTitle({ name: 'Lote 12', block: 'Q03' })).toBe('Lote 12 Quadra 03');
  });

  it('anchors labels at polygon centroids', () => {
    expect(anchors.map((a) => [a.kind, a.text, a.lng, a.lat])).toEqual([
      ['lot', '1', 1, 1],
      ['block', 'Quadra 07', 11, 1],
      ['stage', 'Etapa 1', 21, 1],
    ]);
  });

  it('shows blocks and stages from zoom 16 and lots from zoom 19 (blocks give way to lots)', () => {
    expect(labelsInView(anchors, 15.9, world, all)).toEqual([]);
    expect(labelsInView(anchors, 16, world, all).map((a) => a.kind)).toEqual(['block', 'stage']);
    expect(labelsInView(anchors, 19, world, all).map((a) => a.kind)).toEqual(['lot', 'stage']);
    expect(labelsInView(anchors, 19, world, { lots: false, blocks: true }).map((a) => a.kind)).toEqual([
      'block',
      'stage',
    ]);
  });

  it('keeps only labels inside the view, up to the limit', () => {
    expect(labelsInView(anchors, 20, { west: 0, south: 0, east: 5, north: 5 }, all).map((a) => a.id)).toEqual(
      [1],
    );
    expect(labelsInView(anchors, 20, world, all, 1)).toHaveLength(1);
  });

  it('works out a label position only for anchors read, and not for rings wholly outside the view', () => {
    const lots = labelAnchors([1, 2, 3, 4].map((id) => layer(id, 'LOT', `Lote ${id}`, id * 10)));
    polylabelCalls.count = 0;
    expect(labelsInView(lots, 20, { west: 19, south: 0, east: 23, north: 5 }, all).map((a) => a.id)).toEqual([
      2,
    ]);
    expect(polylabelCalls.count).toBe(1);
    expect([lots[3]?.lng, lots[3]?.lat]).toEqual([41, 1]);
    expect(polylabelCalls.count).toBe(2);
  });
});
