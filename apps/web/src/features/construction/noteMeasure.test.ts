import { describe, expect, it } from 'vitest';
import { formatNoteMeasure, formatVolume, measureShape } from './noteMeasure';

const dLat = 100 / 111_195;

describe('measureShape', () => {
  it('measures a 100 m line in metres and gives a marker nothing', () => {
    const length = measureShape({
      type: 'LineString',
      coordinates: [
        [-51.9, -23.4],
        [-51.9, -23.4 + dLat],
      ],
    });
    expect(Math.abs((length ?? 0) - 100)).toBeLessThan(0.5);
    expect(measureShape({ type: 'Point', coordinates: [-51.9, -23.4] })).toBeNull();
    expect(measureShape(null)).toBeNull();
  });

  it('measures a polygon in m² with 2 decimals', () => {
    const dLng = 100 / (111_195 * Math.cos((23.4 * Math.PI) / 180));
    const area = measureShape({
      type: 'Polygon',
      coordinates: [
        [
          [-51.9, -23.4],
          [-51.9 + dLng, -23.4],
          [-51.9 + dLng, -23.4 + dLat],
          [-51.9, -23.4 + dLat],
          [-51.9, -23.4],
        ],
      ],
    });
    expect(Math.abs((area ?? 0) - 10_000)).toBeLessThan(50);
    expect(Number((area ?? 0).toFixed(2))).toBe(area);
  });
});

describe('formats', () => {
  it('writes m for lines, m² otherwise, a dash when empty; m³ only above zero', () => {
    expect(formatNoteMeasure('line', 12.5)).toBe('12,50 m');
    expect(formatNoteMeasure('polygon', 1234.5)).toBe('1.234,50 m²');
    expect(formatNoteMeasure('marker', null)).toBe('—');
    expect(formatVolume(0)).toBe('—');
    expect(formatVolume(3.256)).toBe('3,26 m³');
  });
});
