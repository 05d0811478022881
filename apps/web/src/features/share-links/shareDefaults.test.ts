import { describe, expect, it } from 'vitest';
import { initialShareValues, shareRequest } from './shareDefaults';

const dates = ['2025-01-01', '2025-06-01', '2025-12-01'];

describe('initialShareValues', () => {
  it('starts from the comparison on screen', () => {
    const values = initialShareValues(
      {
        date: '2025-12-01',
        compared: { before: '2025-01-01', after: '2025-06-01', mode: 'cortina' },
        lotId: 5,
      },
      dates,
    );
    expect(values).toMatchObject({
      kind: 'compare',
      date: '2025-06-01',
      before_date: '2025-01-01',
      compare_mode: 'cortina',
      expires_in_days: 30,
    });
  });

  it('starts from the open lot, else from the shown date, else the latest one', () => {
    expect(initialShareValues({ date: null, compared: null, lotId: 7 }, dates)).toMatchObject({
      kind: 'lot',
      layer_id: 7,
    });
    expect(initialShareValues({ date: '2025-06-01', compared: null, lotId: null }, dates).date).toBe(
      '2025-06-01',
    );
    expect(initialShareValues({ date: '2024-01-01', compared: null, lotId: null }, dates).date).toBe(
      '2025-12-01',
    );
  });
});

describe('shareRequest', () => {
  it('sends only what the kind uses, and no empty password', () => {
    const values = initialShareValues({ date: '2025-06-01', compared: null, lotId: 3 }, dates);
    expect(shareRequest({ ...values, kind: 'map' })).toEqual({
      kind: 'map',
      date: '2025-06-01',
      expires_in_days: 30,
      password: null,
      show_observations: false,
    });
    expect(shareRequest({ ...values, kind: 'lot', password: 'segredo1' })).toMatchObject({
      kind: 'lot',
      layer_id: 3,
      password: 'segredo1',
    });
  });
});
