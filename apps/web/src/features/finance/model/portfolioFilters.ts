import {
  DETECTION_TYPES,
  NO_ALERT,
  NO_ALERT_NAME,
  NO_VALUE,
  SALE_ALERT_NAMES,
  SALE_ALERT_TYPES,
  compareNatural,
  type InformationFilters,
  type InformationList,
} from '@mirante/shared';

/** The portfolio's filter selections: each a list of the kept values; all selected by default. */
export interface PortfolioSelection {
  statusUnity: string[];
  status: string[];
  detectTypes: string[];
  blocks: string[];
  lots: string[];
  stage: string[];
  alerts: string[];
}

export type FilterKey = keyof PortfolioSelection;

export interface Option {
  value: string;
  label: string;
}

const EMPTY_LABEL = 'Sem informação';
const labelled = (values: string[]): Option[] =>
  values.map((value) => ({ value, label: value === NO_VALUE ? EMPTY_LABEL : value }));

/** The lots of the chosen blocks (the detections list/2.7: lots depend on blocks), sorted numerically. */
export function lotsOfBlocks(list: InformationList, blocks: readonly string[]): string[] {
  const chosen = new Set(blocks);
  const lots = list.blocksLotsAvailable.filter((pair) => chosen.has(pair.block)).map((pair) => pair.lot);
  return [...new Set(lots)].sort(compareNatural);
}

export function filterOptions(
  list: InformationList,
  selection: PortfolioSelection,
): Record<FilterKey, Option[]> {
  return {
    statusUnity: labelled(list.statusUnityAvailable),
    status: labelled(list.statusAvailable),
    detectTypes: list.detectTypesAvailable.map((key) => ({
      value: key,
      label: DETECTION_TYPES.find((type) => type.key === key)?.name ?? key,
    })),
    blocks: labelled(list.blocksAvailable),
    lots: labelled(lotsOfBlocks(list, selection.blocks)),
    stage: labelled(list.stagesAvailable),
    alerts: [
      ...SALE_ALERT_TYPES.map((type) => ({ value: type, label: SALE_ALERT_NAMES[type] })),
      { value: NO_ALERT, label: NO_ALERT_NAME },
    ],
  };
}

/** Everything selected: the page's opening state and what 'Limpar' restores. */
export function fullSelection(list: InformationList): PortfolioSelection {
  return {
    statusUnity: [...list.statusUnityAvailable],
    status: [...list.statusAvailable],
    detectTypes: [...list.detectTypesAvailable],
    blocks: [...list.blocksAvailable],
    lots: lotsOfBlocks(list, list.blocksAvailable),
    stage: [...list.stagesAvailable],
    alerts: [...SALE_ALERT_TYPES, NO_ALERT],
  };
}

/** Only the alert rows (the 'Alertas' indicator's shortcut). */
export function alertsOnly(selection: PortfolioSelection): PortfolioSelection {
  return { ...selection, alerts: [...SALE_ALERT_TYPES] };
}

/**
 * The filters as the contract takes them: a list where every option is kept is no filter at all (a lot with a
 * value outside the options, e.g. added since, is not hidden by an untouched filter).
 */
export function toFilters(list: InformationList, selection: PortfolioSelection): InformationFilters {
  const options = filterOptions(list, selection);
  const filters: InformationFilters = {};
  for (const key of Object.keys(selection) as FilterKey[]) {
    if (key === 'stage' && list.stagesAvailable.length === 0) continue;
    const all = options[key].every((option) => selection[key].includes(option.value));
    if (!all || (key === 'lots' && selection.blocks.length < list.blocksAvailable.length)) {
      filters[key] = selection[key];
    }
  }
  return filters;
}
