import { describe, expect, it } from 'vitest';
import type { Layer } from '@mirante/shared';
import { layersAtDate } from './layersAtDate';

const square = {
  type: 'Polygon' as const,
  coordinates: [
    [
      [0, 0],
      [1, 0],
      [1, 1],
      [0, 0],
    ],
  ],
};
const lot = (id: number, status: 'C' | 'E' | null): Layer =>
  ({
    id,
    type: 'LOT',
    name: `Lote ${id}`,
    geo_json: square,
    detectAllotment: status ? { detect_type: status, date: '2026-11-01', precision: 1 } : null,
  }) as Layer;
const block = { ...lot(9, null), type: 'BLOCK' } as Layer;

describe('layersAtDate', () => {
  it('keeps the same array when every lot has the same status on that date', () => {
    const layers = [lot(1, 'C'), block];
    const statuses = {
      date: '2026-01-15',
      lots: [{ id: 1, detect_type: 'C' as const, date: '2026-01-01', precision: 1 }],
    };
    expect(layersAtDate(layers, statuses)).toBe(layers);
    expect(layersAtDate(layers, undefined)).toBe(layers);
  });

  it('gives lots their status on the date, and none to lots without a status yet', () => {
    const layers = [lot(1, 'C'), lot(2, 'C'), block];
    const statuses = {
      date: '2026-01-15',
      lots: [{ id: 1, detect_type: 'E' as const, date: '2026-01-01', precision: 0.8 }],
    };
    const result = layersAtDate(layers, statuses);
    expect(result[0]?.detectAllotment).toEqual({ detect_type: 'E', date: '2026-01-01', precision: 0.8 });
    expect(result[1]?.detectAllotment).toBeNull();
    expect(result[2]).toBe(block);
    expect(layers[0]?.detectAllotment?.detect_type).toBe('C');
  });
});
