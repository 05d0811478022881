import { describe, expect, it } from 'vitest';
import { lotPopupPlacement } from './lotPopupPlacement';

const stage = { stageWidth: 1016, popupWidth: 700, leftMargin: 12, rightMargin: 64 };

describe('lotPopupPlacement', () => {
  it('puts the popup on the left of a lot on the right and pans it clear when it reaches under', () => {
    const placement = lotPopupPlacement({ ...stage, lotLeft: 700, lotRight: 740 });
    expect(placement.side).toBe('left');
    // The free strip is 712..952: the lot's centre (720) moves to 832.
    expect(placement.shiftX).toBe(112);
  });

  it('puts the popup on the right of a lot on the left, no pan when the lot is clear of it', () => {
    expect(lotPopupPlacement({ ...stage, lotLeft: 60, lotRight: 120 })).toEqual({ side: 'right', shiftX: 0 });
  });

  it('pans a lot in the middle into the free strip beside the popup', () => {
    const placement = lotPopupPlacement({ ...stage, lotLeft: 480, lotRight: 520 });
    expect(placement.side).toBe('right');
    expect(500 + placement.shiftX).toBe(126);
  });
});
