import { useDeferredValue, useMemo, useState } from 'react';
import {
  filterInformations,
  financeTotals,
  managesProjects,
  searchInformations,
  type InformationList,
} from '@mirante/shared';
import { informationsExportHref } from '../api';
import { portfolioColumns } from '../model/portfolioColumns';
import { alertsOnly, fullSelection, toFilters, type PortfolioSelection } from '../model/portfolioFilters';
import { nextSort, sortRows, type SortState } from '../model/sortRows';
import { useCredentials } from '../../../shared/session/SessionContext';
import { FinanceSettingsModal } from './FinanceSettingsModal';
import { HelpModal } from './HelpModal';
import { IMPORT_MODAL } from './importSlot';
import { IndicatorCards } from './IndicatorCards';
import { InformationDialog } from './InformationDialog';
import { PortfolioFilters } from './PortfolioFilters';
import { PortfolioTable } from './PortfolioTable';
import { PortfolioToolbar } from './PortfolioToolbar';

export interface PortfolioProps {
  projectId: number;
  list: InformationList;
  /** Reload after an import (the parent remounts this with the filters reset). */
  onImported(): void;
}

/** Análise da carteira: indicators, filters, search, the table and the lot dialog. */
export function Portfolio({ projectId, list, onImported }: PortfolioProps) {
  const [selection, setSelection] = useState<PortfolioSelection>(() => fullSelection(list));
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<SortState | null>(null);
  const [indicatorsVisible, setIndicatorsVisible] = useState(true);
  const [openLot, setOpenLot] = useState<number | null>(null);
  const [helpOpen, setHelpOpen] = useState(false);
  const [importOpen, setImportOpen] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const maySetUp = managesProjects(useCredentials());
  const deferredSearch = useDeferredValue(search);

  const filters = useMemo(() => toFilters(list, selection), [list, selection]);
  const filtered = useMemo(() => filterInformations(list.list, filters), [list, filters]);
  const columns = useMemo(() => portfolioColumns(list.hasStage), [list.hasStage]);
  const searched = useMemo(() => searchInformations(filtered, deferredSearch), [filtered, deferredSearch]);
  const rows = useMemo(() => sortRows(searched, columns, sort), [searched, columns, sort]);
  const totals = useMemo(() => financeTotals(rows), [rows]);
  const ImportModal = IMPORT_MODAL;

  return (
    <>
      <PortfolioToolbar
        search={search}
        onSearch={setSearch}
        onReset={() => {
          setSelection(fullSelection(list));
          setSearch('');
          setSort(null);
        }}
        indicatorsVisible={indicatorsVisible}
        onToggleIndicators={() => setIndicatorsVisible((visible) => !visible)}
        onImport={ImportModal ? () => setImportOpen(true) : undefined}
        exportHref={(fileType) => informationsExportHref(projectId, filters, fileType)}
        onHelp={() => setHelpOpen(true)}
        onSettings={maySetUp ? () => setSettingsOpen(true) : undefined}
      />
      {indicatorsVisible && (
        <IndicatorCards totals={totals} onShowAlerts={() => setSelection(alertsOnly(selection))} />
      )}
      <PortfolioFilters list={list} selection={selection} onChange={setSelection} />
      <div className="finance-count" data-testid="portfolio-count">
        {rows.length} de {list.list.length} lotes
      </div>
      <PortfolioTable
        rows={rows}
        columns={columns}
        sort={sort}
        onSort={(key) => setSort(nextSort(sort, key))}
        onOpenLot={setOpenLot}
      />
      <InformationDialog layerId={openLot} onClose={() => setOpenLot(null)} />
      <HelpModal open={helpOpen} onClose={() => setHelpOpen(false)} />
      {maySetUp && (
        <FinanceSettingsModal
          projectId={projectId}
          alertMonths={list.alertMonths}
          open={settingsOpen}
          onClose={() => setSettingsOpen(false)}
        />
      )}
      {ImportModal && (
        <ImportModal
          projectId={projectId}
          hasStage={list.hasStage}
          open={importOpen}
          onClose={() => setImportOpen(false)}
          onImported={onImported}
        />
      )}
    </>
  );
}
