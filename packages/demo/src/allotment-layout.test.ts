import { booleanPointInPolygon, kinks, polygon } from '@turf/turf';
import { describe, expect, it } from 'vitest';
import { allotmentLayers } from './allotment-layers';
import { generateAllotmentLayout } from './allotment-layout';
import type { Utm } from './projection';

describe('generateAllotmentLayout', { timeout: 60_000 }, () => {
  const layout = generateAllotmentLayout(2025);

  it('lays out ~600 lots in ~24 blocks and 3 stages', () => {
    expect(layout.lots.length).toBeGreaterThanOrEqual(560);
    expect(layout.lots.length).toBeLessThanOrEqual(660);
    expect(layout.blocks.length).toBeGreaterThanOrEqual(20);
    expect(layout.blocks.length).toBeLessThanOrEqual(28);
    expect(new Set(layout.lots.map((l) => l.stage))).toEqual(new Set(['Etapa 1', 'Etapa 2', 'Etapa 3']));
    const blockCodes = new Set(layout.blocks.map((b) => b.code));
    for (const lot of layout.lots) expect(blockCodes.has(lot.block)).toBe(true);
    expect(new Set(layout.lots.map((l) => l.lotKey)).size).toBe(layout.lots.length);
  });

  it('puts every lot inside its stage: no stage edge cuts across a lot', () => {
    const stages = new Map(
      layout.stages.map((stage) => [stage.name, polygon([stage.ring.map((p) => [p[0], p[1]])])]),
    );
    for (const lot of layout.lots) {
      const stage = stages.get(lot.stage);
      expect(stage, lot.lotKey).toBeDefined();
      for (const p of lot.ring) expect(booleanPointInPolygon([p[0], p[1]], stage!), lot.lotKey).toBe(true);
    }
  });

  it('makes lots of 12–14 m × 25–30 m (300–400 m²) inside the outline, without overlaps', () => {
    const outline = polygon([layout.outline.map((p) => [p[0], p[1]])]);
    for (const lot of layout.lots) {
      expect(lot.width * lot.depth).toBeGreaterThanOrEqual(300);
      expect(lot.width * lot.depth).toBeLessThanOrEqual(400);
      for (const p of lot.ring) expect(booleanPointInPolygon([p[0], p[1]], outline)).toBe(true);
    }
    // Separating-axis test on the grid's axes (every lot is an oriented rectangle on the same axes).
    const [ax, ay] = layout.lots[0]?.along ?? [1, 0];
    const project = (ring: Utm[]): [number, number, number, number] => {
      const us = ring.map((p) => p[0] * ax + p[1] * ay);
      const vs = ring.map((p) => -p[0] * ay + p[1] * ax);
      return [Math.min(...us), Math.max(...us), Math.min(...vs), Math.max(...vs)];
    };
    const boxes = layout.lots.map((l) => project(l.ring));
    for (let i = 0; i < boxes.length; i++) {
      for (let j = i + 1; j < boxes.length; j++) {
        const a = boxes[i] as number[];
        const b = boxes[j] as number[];
        const overlapU = Math.min(a[1] as number, b[1] as number) - Math.max(a[0] as number, b[0] as number);
        const overlapV = Math.min(a[3] as number, b[3] as number) - Math.max(a[2] as number, b[2] as number);
        expect(overlapU > 0.01 && overlapV > 0.01).toBe(false);
      }
    }
  });

  it('writes RFC 7946 layers with the properties the map needs', () => {
    const layers = allotmentLayers(layout);
    const types = new Set(layers.features.map((f) => f.properties.type));
    for (const t of [
      'LIMIT',
      'STAGE',
      'BLOCK',
      'LOT',
      'AREA_VERDE',
      'PPA',
      'STREAM',
      'RETENTION_BASIN',
      'WATER_SYSTEM',
      'SEWERAGE',
      'ELECTRICAL_SYSTEM',
      'DRAINAGE_SYSTEM',
      'CALCADA',
    ])
      expect(types).toContain(t);
    const lots = layers.features.filter((f) => f.properties.type === 'LOT');
    expect(lots).toHaveLength(layout.lots.length);
    const first = lots[0];
    expect(first?.properties).toMatchObject({
      name: expect.stringMatching(/^Lote \d+$/),
      block: expect.stringMatching(/^Q\d\d$/),
      stage: expect.stringMatching(/^Etapa \d$/),
      customer_code: expect.stringMatching(/^JDP-Q\d\d-L\d\d$/),
      tag_value: expect.stringMatching(/^\d+$/),
    });
    for (const f of layers.features) {
      if (f.geometry.type !== 'Polygon') continue;
      for (const ring of f.geometry.coordinates) {
        expect(ring[0]).toEqual(ring[ring.length - 1]);
        for (const [lon, lat] of ring) {
          expect(lon).toBeGreaterThan(-52.1);
          expect(lon).toBeLessThan(-51.8);
          expect(lat).toBeGreaterThan(-23.5);
          expect(lat).toBeLessThan(-23.3);
        }
      }
      expect(kinks(f as Parameters<typeof kinks>[0]).features).toHaveLength(0);
    }
  });

  it('is deterministic', () => {
    expect(JSON.stringify(generateAllotmentLayout(2025))).toBe(JSON.stringify(layout));
    expect(JSON.stringify(generateAllotmentLayout(7).lots[0])).not.toBe(JSON.stringify(layout.lots[0]));
  });
});
