import { describe, expect, it } from 'vitest';
import { clearPoint, fitOf, markPoint, pointLabel, type DraftPoint } from './controlPoints';

const a: DraftPoint = { map: { lng: -51.93, lat: -23.42 }, image: { x: 10, y: 10 } };
const b: DraftPoint = { map: { lng: -51.929, lat: -23.421 }, image: { x: 500, y: 400 } };
const c: DraftPoint = { map: { lng: -51.9295, lat: -23.4201 }, image: { x: 300, y: 50 } };

describe('control points of the overlay wizard', () => {
  it('labels points A, B, C…', () => {
    expect([0, 1, 2].map(pointLabel)).toEqual(['A', 'B', 'C']);
  });

  it('clears B (and every later point) together with A', () => {
    expect(clearPoint([a, b, c], 0)).toEqual([{}]);
  });

  it('clears B alone, keeping A', () => {
    expect(clearPoint([a, b, c], 1)).toEqual([a, {}]);
  });

  it('marks the map and the image sides of a point separately', () => {
    const marked = markPoint(markPoint([a], 1, { map: b.map }), 1, { image: b.image });
    expect(marked).toEqual([a, b]);
  });

  it('fits only when two points are complete on both sides', () => {
    expect(fitOf([a, { map: b.map }], { width: 1000, height: 800 }).fit).toBeNull();
    expect(fitOf([a, b], { width: 1000, height: 800 }).fit?.kind).toBe('similarity');
    expect(fitOf([a, b, c], { width: 1000, height: 800 }).fit?.kind).toBe('affine');
  });

  it('says why two points in the same image place give no fit', () => {
    const same = { ...b, image: a.image };
    expect(fitOf([a, same], { width: 1000, height: 800 }).error).toMatch(/diferentes/);
  });
});
