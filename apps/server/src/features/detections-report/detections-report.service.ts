import {
  DETECTIONS_REPORT_MESSAGES,
  type DetectionsExportQuery,
  type DetectionsFilters,
  type DetectionsHistory,
  XLSX_CONTENT_TYPE,
} from '@mirante/shared';
import { Readable } from 'node:stream';
import type { CpuPool } from '../../cpu/cpu-pool';
import { notFound } from '../../http/app-error';
import type { AuthUser } from '../auth';
import type { ProjectsService } from '../projects';
import { buildHistory, buildRows, reportWindow } from './detections-report.build';
import type { DetectionsReportRepo } from './detections-report.repo';
import { seesUnpublished } from '../../policies';

export interface ExportFile {
  /** Streamed to the reply (CSV in chunks, .xlsx from exceljs's streaming writer). */
  body: Readable;
  contentType: string;
  filename: string;
}

/** The detections report and its exports, module allotment.detections. */
export function createDetectionsReportService(
  repo: DetectionsReportRepo,
  projects: ProjectsService,
  cpu: CpuPool,
) {
  async function report(user: AuthUser, projectId: number, filters: DetectionsFilters) {
    const project = await projects.assertAccess(user, projectId, 'detections');
    const includeUnapproved = seesUnpublished(user);
    // the filter options don't depend on the dates: fetched alongside them
    const [available, options] = await Promise.all([
      repo.processedDates(projectId, includeUnapproved),
      repo.lotOptions(projectId),
    ]);
    if (available.length === 0) {
      throw notFound(DETECTIONS_REPORT_MESSAGES.processingNotFinished, 'PROCESSING_NOT_FINISHED');
    }
    const window = reportWindow(available, filters.dateType, filters.startDate, filters.endDate);
    const lots = await repo.lotHistory({
      projectId,
      dates: window.dates,
      includeUnapproved,
      blocks: filters.blocks,
      lots: filters.lots,
      stages: filters.stage,
      obs: filters.obs,
    });
    const history = buildHistory(
      window,
      buildRows(lots, window.dates, filters.detectTypes),
      options,
      available,
    );
    return { project, history };
  }

  return {
    async history(user: AuthUser, projectId: number, filters: DetectionsFilters): Promise<DetectionsHistory> {
      return (await report(user, projectId, filters)).history;
    },

    /** The report's rows with its project (the page's filters applied), for the geometry export. */
    report,

    async exportFile(user: AuthUser, projectId: number, query: DetectionsExportQuery): Promise<ExportFile> {
      const { project, history } = await report(user, projectId, query);
      const hasStage = project.hasStage || history.stagesAvailable.length > 0;
      const base = `deteccoes-${project.space}-${history.startDate}-${history.endDate}`;
      // The table and its file are written on the CPU pool (exceljs and the CSV rows), whole.
      const bytes = await cpu.run('writeDetectionsExport', { history, query, hasStage });
      const body = Readable.from([Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)]);
      return query.fileType === 'csv'
        ? { body, contentType: 'text/csv; charset=utf-8', filename: `${base}.csv` }
        : { body, contentType: XLSX_CONTENT_TYPE, filename: `${base}.xlsx` };
    },

    /** The latest processed date the caller may see (GET project/:id/last-date's detect_date), or null. */
    async lastDetectDate(user: AuthUser, projectId: number): Promise<string | null> {
      const dates = await repo.processedDates(projectId, seesUnpublished(user));
      return dates[dates.length - 1] ?? null;
    },
  };
}

export type DetectionsReportService = ReturnType<typeof createDetectionsReportService>;
