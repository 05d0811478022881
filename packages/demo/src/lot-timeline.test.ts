import { describe, expect, it } from 'vitest';
import { generateAllotmentLayout } from './allotment-layout';
import { generateLotTimelines, groundTruth, lotStateAt, monthlyDates, type LotStatus } from './lot-timeline';

describe('lot timelines', () => {
  const layout = generateAllotmentLayout(2025);
  const timelines = generateLotTimelines(layout);
  const dates = monthlyDates();
  const order: Record<LotStatus, number> = { V: 0, B: 1, E: 2, C: 3, I: 1, O: 1 };

  it('has 18 monthly dates from June 2025', () => {
    expect(dates).toHaveLength(18);
    expect(dates[0]).toBe('2025-06-01');
    expect(dates[17]).toBe('2026-11-01');
  });

  it('only moves forward: V → B → E → C, or V → I / V → O, never back', () => {
    for (const t of timelines) {
      const statuses = dates.map((_, m) => lotStateAt(t, m).status);
      for (let m = 1; m < statuses.length; m++) {
        const prev = statuses[m - 1] as LotStatus;
        const next = statuses[m] as LotStatus;
        expect(order[next]).toBeGreaterThanOrEqual(order[prev]);
        if (next === 'I' || next === 'O' || prev === 'I' || prev === 'O')
          expect(prev === next || prev === 'V').toBe(true);
      }
    }
  });

  it('starts mostly vacant, develops stage 1 first and has every class', () => {
    const truth = groundTruth(timelines, dates);
    const at = (date: string, stage?: string): Map<LotStatus, number> => {
      const counts = new Map<LotStatus, number>();
      const keys = new Set(layout.lots.filter((l) => !stage || l.stage === stage).map((l) => l.lotKey));
      for (const r of truth)
        if (r.date === date && keys.has(r.lotKey)) counts.set(r.status, (counts.get(r.status) ?? 0) + 1);
      return counts;
    };
    const first = at('2025-06-01');
    expect((first.get('V') ?? 0) / layout.lots.length).toBeGreaterThan(0.75);
    const built = (stage: string): number => {
      const c = at('2026-11-01', stage);
      return (c.get('C') ?? 0) + (c.get('E') ?? 0);
    };
    expect(built('Etapa 1')).toBeGreaterThan(built('Etapa 2'));
    expect(built('Etapa 2')).toBeGreaterThan(built('Etapa 3'));
    const all = new Set(truth.map((r) => r.status));
    expect([...all].sort()).toEqual(['B', 'C', 'E', 'I', 'O', 'V']);
    expect(truth).toHaveLength(layout.lots.length * 18);
  });
});
