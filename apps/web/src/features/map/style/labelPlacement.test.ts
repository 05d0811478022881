import { describe, expect, it } from 'vitest';
import { placeLabels, type LabelCandidate } from './labelPlacement';

/** Every character 6 px wide, 14 px high. */
const size = (text: string) => ({ width: text.length * 6, height: 14 });
const rect = (x: number, y: number, width: number, height: number) => [
  { x, y },
  { x: x + width, y },
  { x: x + width, y: y + height },
  { x, y: y + height },
  { x, y },
];
const lot = (id: number, x: number, y: number, width: number, height: number, text = String(id)) => ({
  id,
  kind: 'lot' as const,
  text,
  x: x + width / 2,
  y: y + height / 2,
  ring: rect(x, y, width, height),
});

describe('placeLabels', () => {
  it('shows one label per lot, at its anchor', () => {
    const placed = placeLabels([lot(1, 0, 0, 60, 40), lot(2, 60, 0, 60, 40)], size);
    expect(placed).toEqual([
      { id: 1, kind: 'lot', text: '1', x: 30, y: 20 },
      { id: 2, kind: 'lot', text: '2', x: 90, y: 20 },
    ]);
  });

  it('never shows a lot twice', () => {
    expect(placeLabels([lot(1, 0, 0, 60, 40), lot(1, 0, 0, 60, 40)], size)).toHaveLength(1);
  });

  it('leaves out a lot whose number does not fit inside it', () => {
    const placed = placeLabels([lot(1, 0, 0, 60, 40), lot(2, 60, 0, 10, 40, '1234')], size);
    expect(placed.map((label) => label.id)).toEqual([1]);
  });

  it('leaves out a lot label whose anchor lies outside its ring', () => {
    const outside: LabelCandidate = { ...lot(1, 0, 0, 60, 40), x: 100, y: 100 };
    expect(placeLabels([outside], size)).toEqual([]);
  });

  it('never draws two labels over each other: the block or stage goes first, a colliding lot gives way', () => {
    const block: LabelCandidate = { id: 9, kind: 'block', text: 'Quadra 07', x: 30, y: 20 };
    const placed = placeLabels([lot(1, 0, 0, 60, 40), block, lot(2, 200, 0, 60, 40)], size);
    expect(placed.map((label) => label.id)).toEqual([9, 2]);
  });

  it('keeps a gap between neighbouring lots’ numbers when their lots are thin', () => {
    // Two 20 px lots side by side with 18 px labels: each fits its own lot, centres 20 px apart: no overlap.
    const placed = placeLabels([lot(1, 0, 0, 20, 40, '123'), lot(2, 20, 0, 20, 40, '124')], size);
    expect(placed.map((label) => label.id)).toEqual([1, 2]);
  });
});
