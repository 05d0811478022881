import type { DetectionKey } from '@mirante/shared';
import type { AllotmentLayout, LotPlan } from './allotment-layout';
import { createRng, deriveSeed, type Rng } from './prng';

/** Detection types of the entities and their fields that a demo lot can be in (all but X Nenhuma; names in @mirante/shared). */
export type LotStatus = Exclude<DetectionKey, 'X'>;

/**
 * One lot's story in whole months from the first scene (month 0). Normal lots go V → B (earthwork, month
 * `earthwork`) → E (construction, month `construction`) → C (built, month `built`); a month of Infinity never
 * comes. Invaded and otherwise-used lots switch from V to I or O at `earthwork`.
 */
export interface LotTimeline {
  lotKey: string;
  kind: 'house' | 'invasion' | 'other';
  earthwork: number;
  construction: number;
  built: number;
}

export interface LotState {
  status: LotStatus;
  /** Months since the current status began (can exceed the scene window for lots built before it). */
  monthsInStatus: number;
  /** For E: 0 at the slab, 1 just before the roof is done. */
  progress: number;
}

export interface GroundTruthRecord {
  lotKey: string;
  date: string;
  status: LotStatus;
}

/** Monthly scene dates (first of the month), ISO YYYY-MM-DD. */
export function monthlyDates(first = '2025-06-01', count = 18): string[] {
  const [year, month] = first.split('-').map(Number) as [number, number];
  return Array.from({ length: count }, (_, i) => {
    const total = year * 12 + (month - 1) + i;
    return `${Math.floor(total / 12)}-${String((total % 12) + 1).padStart(2, '0')}-01`;
  });
}

/** When each stage's lots start being built: [earliest month, spread in months]. */
const STAGE_SCHEDULE: Record<string, [number, number]> = {
  'Etapa 1': [-14, 44],
  'Etapa 2': [1, 48],
  'Etapa 3': [7, 70],
};

export function generateLotTimelines(layout: AllotmentLayout, seed = layout.seed): LotTimeline[] {
  const rng = createRng(deriveSeed(seed, 'lot-timelines'));
  const invaded = pickSpecialLots(layout, rng, 'invasion');
  const otherUse = pickSpecialLots(layout, rng, 'other', invaded);
  return layout.lots.map((lot) => {
    if (invaded.has(lot.lotKey)) return special(lot, 'invasion', rng.int(2, 12));
    if (otherUse.has(lot.lotKey)) return special(lot, 'other', rng.chance(0.4) ? -6 : rng.int(1, 14));
    const [earliest, spread] = STAGE_SCHEDULE[lot.stage] ?? [20, 40];
    const earthwork = Math.floor(earliest + rng.next() * spread);
    const stalled = rng.chance(0.05);
    const construction = stalled ? Infinity : earthwork + rng.int(1, 3);
    const built = construction + rng.int(4, 9);
    return { lotKey: lot.lotKey, kind: 'house', earthwork, construction, built };
  });
}

function special(lot: LotPlan, kind: 'invasion' | 'other', start: number): LotTimeline {
  return { lotKey: lot.lotKey, kind, earthwork: start, construction: Infinity, built: Infinity };
}

/**
 * Invasions happen on the edge of the development (lots by the woods and the linear park, stage 3); other uses
 * (storage yards, parking) anywhere but mostly along the avenue.
 */
function pickSpecialLots(
  layout: AllotmentLayout,
  rng: Rng,
  kind: 'invasion' | 'other',
  exclude = new Set<string>(),
): Set<string> {
  const candidates = layout.lots.filter(
    (lot) => !exclude.has(lot.lotKey) && (kind === 'other' || lot.stage === 'Etapa 3'),
  );
  const count = kind === 'invasion' ? 10 : 14;
  const chosen = new Set<string>();
  if (kind === 'invasion') {
    // Two clusters of neighbouring lots: invasions spread from an occupied lot to its neighbours.
    const byBlock = new Map<string, LotPlan[]>();
    for (const lot of candidates) byBlock.set(lot.block, [...(byBlock.get(lot.block) ?? []), lot]);
    const blocks = [...byBlock.keys()].sort();
    for (const block of [blocks[0], blocks[blocks.length - 1]]) {
      const lots = byBlock.get(block ?? '') ?? [];
      const start = rng.int(0, Math.max(0, lots.length - 5));
      lots.slice(start, start + count / 2).forEach((lot) => chosen.add(lot.lotKey));
    }
  } else {
    while (chosen.size < count && chosen.size < candidates.length) chosen.add(rng.pick(candidates).lotKey);
  }
  return chosen;
}

export function lotStateAt(timeline: LotTimeline, month: number): LotState {
  const { kind, earthwork, construction, built } = timeline;
  if (month < earthwork) return { status: 'V', monthsInStatus: month - earthwork + 24, progress: 0 };
  if (kind === 'invasion') return { status: 'I', monthsInStatus: month - earthwork, progress: 0 };
  if (kind === 'other') return { status: 'O', monthsInStatus: month - earthwork, progress: 0 };
  if (month < construction) return { status: 'B', monthsInStatus: month - earthwork, progress: 0 };
  if (month < built)
    return {
      status: 'E',
      monthsInStatus: month - construction,
      progress: (month - construction) / (built - construction),
    };
  return { status: 'C', monthsInStatus: month - built, progress: 1 };
}

export function groundTruth(
  timelines: readonly LotTimeline[],
  dates: readonly string[],
): GroundTruthRecord[] {
  return timelines.flatMap((timeline) =>
    dates.map((date, month) => ({
      lotKey: timeline.lotKey,
      date,
      status: lotStateAt(timeline, month).status,
    })),
  );
}
