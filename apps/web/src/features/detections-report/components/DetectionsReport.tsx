import { GlobalOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState, type ReactNode } from 'react';
import {
  dateCellKey,
  displayDate,
  type DetectionRow,
  type DetectionsHistory,
  type RowStatus,
  type StatusCount,
} from '@mirante/shared';
import { GeoExportModal } from '../../../shared/geo-export/GeoExportModal';
import { detectionsGeoExportHref } from '../../../shared/geo-export/geoExportUrl';
import { exportHref, type ExportOptions } from '../api';
import { applyDraft, DEFAULT_APPLIED, draftFrom, toRequest, type AppliedFilters } from '../filters';
import { DetectionsTable } from './DetectionsTable';
import { ExportMenu } from './ExportMenu';
import { HelpModal } from './HelpModal';
import { LotsModal } from './LotsModal';
import { ReportFilters } from './ReportFilters';
import { StatusSideTable } from './StatusSideTable';
import { SummaryTags } from './SummaryTags';

export interface DetectionsReportProps {
  projectId: number;
  /** `[lon, lat]`: the project's SIRGAS 2000 / UTM zone for the geometry export. */
  projectCenter: readonly number[];
  hasStage: boolean;
  history: DetectionsHistory;
  applied: AppliedFilters;
  onApply(applied: AppliedFilters): void;
  /** Buttons of other features shown before the exports (the scheduled reports). */
  extraActions?: ReactNode;
}

interface OpenModal {
  title: string;
  rows: DetectionRow[];
  options: ExportOptions;
}

/** The report once loaded: filters, summary tags, the two side tables with charts, the lots table. */
export function DetectionsReport({
  projectId,
  projectCenter,
  hasStage,
  history,
  applied,
  onApply,
  extraActions,
}: DetectionsReportProps) {
  const [geometryOpen, setGeometryOpen] = useState(false);
  const [draft, setDraft] = useState(() => draftFrom(history, applied));
  const [chartsVisible, setChartsVisible] = useState(true);
  const [helpOpen, setHelpOpen] = useState(false);
  const [modal, setModal] = useState<OpenModal | null>(null);
  const lastIndex = history.uniqueDates.length - 1;
  const href = (options: ExportOptions) => (fileType: 'csv' | 'xls') =>
    exportHref(projectId, applied, fileType, options);

  const openStatus = (status: RowStatus) =>
    setModal({
      title: status === 'Modificado' ? 'Lotes que mudaram de status' : 'Lotes que mantiveram o status',
      rows: history.tableRows.filter((row) => row.status === status),
      options: { status_type: status },
    });
  const openDate = (index: number) => (status: StatusCount) => {
    const date = history.uniqueDates[index] ?? '';
    setModal({
      title: `${status.name} em ${displayDate(date)}`,
      rows: history.tableRows.filter((row) => row[dateCellKey(index)] === status.key),
      options: { specific_status: status.key, specific_date: date },
    });
  };

  return (
    <div className="detections-report">
      <ReportFilters
        history={history}
        draft={draft}
        onChange={setDraft}
        onSearch={() => onApply(applyDraft(history, draft, applied.stage))}
        onClear={() => onApply(DEFAULT_APPLIED)}
        chartsVisible={chartsVisible}
        onToggleCharts={() => setChartsVisible(!chartsVisible)}
        onHelp={() => setHelpOpen(true)}
      />
      <div className="detections-toolbar">
        <SummaryTags diff={history.diffStatus} onOpen={openStatus} />
        <div className="detections-toolbar__exports">
          {extraActions}
          <Button icon={<GlobalOutlined aria-hidden />} onClick={() => setGeometryOpen(true)}>
            Exportar geometria
          </Button>
          <ExportMenu href={href({})} />
        </div>
      </div>
      <GeoExportModal
        open={geometryOpen}
        subject="Lotes da lista (filtros aplicados) com a situação na data final, data, confiança e área."
        center={projectCenter}
        href={(choice) => detectionsGeoExportHref(projectId, toRequest(applied), choice)}
        onClose={() => setGeometryOpen(false)}
      />
      <div className="detections-sides">
        <StatusSideTable
          title="Data inicial"
          testId="side-initial"
          date={history.uniqueDates[0] ?? ''}
          statuses={history.initialStatuses}
          showChart={chartsVisible}
          onPick={openDate(0)}
        />
        <StatusSideTable
          title="Data final"
          testId="side-final"
          date={history.uniqueDates[lastIndex] ?? ''}
          statuses={history.finalStatuses}
          showChart={chartsVisible}
          onPick={openDate(lastIndex)}
        />
      </div>
      <DetectionsTable
        testId="detections-table"
        history={history}
        rows={history.tableRows}
        hasStage={hasStage}
        stage={applied.stage}
        onStageChange={(stage) => onApply({ ...applied, stage })}
      />
      <HelpModal open={helpOpen} onClose={() => setHelpOpen(false)} />
      {modal && (
        <LotsModal
          title={modal.title}
          history={history}
          rows={modal.rows}
          hasStage={hasStage}
          exportHref={href(modal.options)}
          onClose={() => setModal(null)}
        />
      )}
    </div>
  );
}
