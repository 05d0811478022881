import { describe, expect, it } from 'vitest';
import {
  CUT_RAMP,
  differenceColour,
  differenceScale,
  FILL_RAMP,
  legendLabels,
  niceCeiling,
} from './elevation-difference';

describe('the elevation-difference colours', () => {
  it('leaves a change within the tolerance (and no value) transparent', () => {
    expect(differenceColour(0.1, 0.1, 2)).toBeNull();
    expect(differenceColour(-0.05, 0.1, 2)).toBeNull();
    expect(differenceColour(Number.NaN, 0.1, 2)).toBeNull();
  });

  it('paints cut blue and fill red, light just past the tolerance and darkest at the scale’s end', () => {
    expect(differenceColour(-2, 0.1, 2)).toEqual(CUT_RAMP[1]);
    expect(differenceColour(-30, 0.1, 2)).toEqual(CUT_RAMP[1]);
    expect(differenceColour(2, 0.1, 2)).toEqual(FILL_RAMP[1]);
    const light = differenceColour(0.1001, 0.1, 2)!;
    FILL_RAMP[0].forEach((channel, i) => expect(Math.abs(light[i]! - channel)).toBeLessThanOrEqual(1));
    const [r, , b] = differenceColour(-1, 0.1, 2)!;
    expect(b).toBeGreaterThan(r);
  });

  it('ends the ramp at a round number, at least twice the tolerance', () => {
    expect(niceCeiling(0.5)).toBe(0.5);
    expect(niceCeiling(0.51)).toBe(1);
    expect(niceCeiling(3.2)).toBe(5);
    expect(niceCeiling(7)).toBe(10);
    expect(niceCeiling(0.22)).toBe(0.25);
    expect(differenceScale(0.5, 0.05)).toBe(0.5);
    expect(differenceScale(0, 0.3)).toBe(1);
    expect(differenceScale(0, 0)).toBe(0.1);
  });

  it('labels the legend in metres, pt-BR', () => {
    expect(legendLabels(0.2, 10)).toEqual(['−10 m', '−5 m', '±0,2 m', '+5 m', '+10 m']);
    expect(legendLabels(0.05, 0.5)).toEqual(['−0,5 m', '−0,25 m', '±0,05 m', '+0,25 m', '+0,5 m']);
  });
});
