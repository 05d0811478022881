import { describe, expect, it } from 'vitest';
import type { Inspection } from '@mirante/shared';
import { COMPARE_DATE_ORDER } from '../../map/model/dateComparison';
import { checkInspections } from './inspectionCompare';

const inspection = (id: number, sceneId: number, date: string, phase: number): Inspection => ({
  id,
  project_id: 1,
  scene_id: sceneId,
  phase,
  date,
  dateText: date.split('-').reverse().join('/'),
  scene: { id: sceneId, isoDate: date, published: true },
  hasDsm: false,
});

const list = [inspection(1, 11, '2026-01-10', 1), inspection(2, 12, '2026-03-10', 2)];

describe('checkInspections', () => {
  it('waits for both inspections', () => {
    expect(checkInspections(list, { before: 1 })).toEqual({ kind: 'incomplete' });
  });

  it('compares the two inspections’ scenes, the older first', () => {
    expect(checkInspections(list, { before: 1, after: 2 })).toEqual({ kind: 'valid', before: 11, after: 12 });
  });

  it('refuses an earlier inspection that is not older, with the spec’s warning', () => {
    expect(checkInspections(list, { before: 2, after: 1 })).toEqual({
      kind: 'invalid',
      message: COMPARE_DATE_ORDER,
    });
    expect(checkInspections(list, { before: 1, after: 1 })).toEqual({
      kind: 'invalid',
      message: COMPARE_DATE_ORDER,
    });
  });
});
