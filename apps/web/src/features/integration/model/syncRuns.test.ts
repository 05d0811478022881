import { describe, expect, it } from 'vitest';
import type { SyncRun } from '@mirante/shared';
import { firstFinishedAt } from './syncRuns';

const run = (id: number, erp: SyncRun['erp'], finished_at: string | null): SyncRun => ({
  id,
  erp,
  trigger: 'schedule',
  status: finished_at ? 'succeeded' : 'running',
  queued_at: '2026-11-20T10:00:00.000Z',
  started_at: '2026-11-20T10:00:01.000Z',
  finished_at,
  units_read: 0,
  units_changed: 0,
  units_unmatched: 0,
  errors: [],
});

describe('firstFinishedAt', () => {
  it('is the oldest finished run of that ERP in a newest-first list', () => {
    const runs = [
      run(4, 'uau', null),
      run(3, 'uau', '2026-11-22T10:00:00.000Z'),
      run(2, 'mega', '2026-11-21T10:00:00.000Z'),
      run(1, 'uau', '2026-11-20T10:05:00.000Z'),
    ];
    expect(firstFinishedAt(runs, 'uau')).toBe('2026-11-20T10:05:00.000Z');
    expect(firstFinishedAt(runs, 'mega')).toBe('2026-11-21T10:00:00.000Z');
  });

  it('is null while no run of that ERP finished', () =>
    expect(firstFinishedAt([run(1, 'sienge', null)], 'sienge')).toBeNull());
});
