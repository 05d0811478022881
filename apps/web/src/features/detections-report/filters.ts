import {
  compareNatural,
  filterableDetectionKeys,
  type DateType,
  type DetectionsHistory,
} from '@mirante/shared';

/** The filters sent to detections-history; empty block/lot lists mean "all" (the states and transitions defaults). */
export interface AppliedFilters {
  startDate?: string;
  endDate?: string;
  dateType: DateType;
  detectTypes: string[];
  blocks: string[];
  lots: string[];
  stage: string[];
}

/** The filter form: every list holds the selected values. */
export interface DraftFilters {
  startDate?: string;
  endDate?: string;
  dateType: DateType;
  detectTypes: string[];
  blocks: string[];
  lots: string[];
}

export const DEFAULT_APPLIED: AppliedFilters = {
  dateType: 'and',
  detectTypes: filterableDetectionKeys(),
  blocks: [],
  lots: [],
  stage: [],
};

export function toRequest(applied: AppliedFilters): Record<string, string | undefined> {
  return {
    startDate: applied.startDate,
    endDate: applied.endDate,
    dateType: applied.dateType,
    detectTypes: applied.detectTypes.join(','),
    blocks: applied.blocks.join(','),
    lots: applied.lots.join(','),
    stage: applied.stage.join(','),
  };
}

export const allBlocks = (history: DetectionsHistory) => history.blocksAvailable.map((item) => item.block);

/** Lots of the selected blocks, unique and sorted numerically. */
export function lotsOf(history: DetectionsHistory, blocks: string[]): string[] {
  const chosen = new Set(blocks);
  const lots = new Set<string>();
  for (const item of history.blocksAvailable)
    if (chosen.has(item.block)) item.lots.forEach((lot) => lots.add(lot));
  return [...lots].sort(compareNatural);
}

/** The form as the report shows it: explicit selections, "all" expanded. */
export function draftFrom(history: DetectionsHistory, applied: AppliedFilters): DraftFilters {
  const blocks = applied.blocks.length ? applied.blocks : allBlocks(history);
  return {
    startDate: history.startDate,
    endDate: history.endDate,
    dateType: history.dateType,
    detectTypes: applied.detectTypes,
    blocks,
    lots: applied.lots.length ? applied.lots : lotsOf(history, blocks),
  };
}

/** The form turned into request filters: full selections collapse to "all". */
export function applyDraft(history: DetectionsHistory, draft: DraftFilters, stage: string[]): AppliedFilters {
  const everyBlock = draft.blocks.length === history.blocksAvailable.length;
  const everyLot = draft.lots.length === lotsOf(history, draft.blocks).length;
  return {
    startDate: draft.startDate,
    endDate: draft.endDate,
    dateType: draft.dateType,
    detectTypes: draft.detectTypes,
    blocks: everyBlock ? [] : draft.blocks,
    lots: everyLot ? [] : draft.lots,
    stage,
  };
}
