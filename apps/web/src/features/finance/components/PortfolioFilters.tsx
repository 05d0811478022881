import type { InformationList } from '@mirante/shared';
import {
  filterOptions,
  lotsOfBlocks,
  type FilterKey,
  type PortfolioSelection,
} from '../model/portfolioFilters';
import { MultiSelectAll } from '../../../shared/ui/MultiSelectAll';

const FILTERS: { key: FilterKey; label: string; maxTag: number }[] = [
  { key: 'stage', label: 'Etapas', maxTag: 5 },
  { key: 'statusUnity', label: 'Status da unidade', maxTag: 5 },
  { key: 'status', label: 'Status financeiro', maxTag: 5 },
  { key: 'detectTypes', label: 'Tipos de detecção', maxTag: 5 },
  { key: 'blocks', label: 'Quadras', maxTag: 2 },
  { key: 'lots', label: 'Lotes', maxTag: 5 },
  { key: 'alerts', label: 'Alertas', maxTag: 5 },
];

/** The portfolio's multi-select filters, each with select all / deselect all, plus 'Alertas'. */
export function PortfolioFilters({
  list,
  selection,
  onChange,
}: {
  list: InformationList;
  selection: PortfolioSelection;
  onChange(selection: PortfolioSelection): void;
}) {
  const options = filterOptions(list, selection);
  const change = (key: FilterKey, value: string[]) =>
    key === 'blocks'
      ? onChange({ ...selection, blocks: value, lots: lotsOfBlocks(list, value) })
      : onChange({ ...selection, [key]: value });
  return (
    <div className="finance-filters">
      {FILTERS.filter((filter) => filter.key !== 'stage' || list.hasStage).map((filter) => (
        <MultiSelectAll
          key={filter.key}
          className="finance-filter"
          label={filter.label}
          testId={`filter-${filter.key}`}
          options={options[filter.key]}
          value={selection[filter.key]}
          maxTagTextLength={filter.maxTag}
          onChange={(value) => change(filter.key, value)}
        />
      ))}
    </div>
  );
}
