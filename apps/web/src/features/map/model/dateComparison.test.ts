import { describe, expect, it } from 'vitest';
import { COMPARE_DATE_ORDER, checkDates, clickScene, comparedPair } from './dateComparison';

const march = { id: 1, isoDate: '2026-03-01' };
const april = { id: 2, isoDate: '2026-04-01' };
const may = { id: 3, isoDate: '2026-05-01' };

describe('date comparison', () => {
  it('needs both dates, the earlier strictly before the later', () => {
    expect(checkDates(undefined, april)).toEqual({ kind: 'incomplete' });
    expect(checkDates(march, undefined)).toEqual({ kind: 'incomplete' });
    expect(checkDates(march, april)).toEqual({ kind: 'valid', before: 1, after: 2 });
    expect(checkDates(april, march)).toEqual({ kind: 'invalid', message: COMPARE_DATE_ORDER });
    expect(checkDates(april, april)).toEqual({ kind: 'invalid', message: COMPARE_DATE_ORDER });
  });

  it('orders two selected scenes by date, whatever the click order', () => {
    expect(comparedPair([3, 1], [march, april, may])).toEqual([1, 3]);
    expect(comparedPair([1], [march])).toBeNull();
    expect(comparedPair([1, 9], [march])).toBeNull();
  });

  it('replaces the oldest selection, unless dates are being compared', () => {
    expect(clickScene([1, 2], 3, false)).toEqual({ selected: [2, 3], warning: null });
    expect(clickScene([1, 2], 2, true)).toEqual({ selected: [1], warning: null });
    expect(clickScene([1, 2], 3, true)).toEqual({
      selected: [1, 2],
      warning: 'Você deve desmarcar uma das cenas selecionadas para visualizar outra cena.',
    });
  });
});
