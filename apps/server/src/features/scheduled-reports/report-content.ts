import {
  dateCellKey,
  detectionName,
  detectionsFiltersSchema,
  detectionTypeOf,
  displayDate,
  financeTotals,
  type DetectionRow,
  type FinanceTotals,
  type ReportFrequency,
} from '@mirante/shared';
import { AppError } from '../../http/app-error';
import type { AuthUser } from '../auth';
import type { DetectionsReportService } from '../detections-report';
import type { FinanceService } from '../finance';
import type { InvadedLot, LotChange, LotGeometry, ReportDocument } from './report-document';
import type { LotShape } from './scheduled-reports.repo';

/** Changed lots listed in the PDF (the attached spreadsheet lists every lot). */
export const MAX_LISTED_CHANGES = 40;
/** Invaded lots shown with before/after images. */
export const MAX_INVASION_IMAGES = 6;

const lotLabel = (row: DetectionRow) =>
  [row.block ? `Quadra ${row.block}` : null, row.tag_value ? `Lote ${row.tag_value}` : null]
    .filter(Boolean)
    .join(', ') ||
  (row.customer_code ?? `Lote ${row.layer_id}`);

const isGeometry = (value: unknown): value is LotGeometry =>
  typeof value === 'object' &&
  value !== null &&
  ['Polygon', 'MultiPolygon'].includes((value as { type?: string }).type ?? '');

/** Refusals that mean "this recipient may not see this": he is skipped, not the whole run. */
export const isRefusal = (error: unknown) =>
  error instanceof AppError && (error.statusCode === 403 || error.statusCode === 404);

export interface ContentSources {
  detectionsReport: Pick<DetectionsReportService, 'history' | 'lastDetectDate'>;
  finance: Pick<FinanceService, 'list'>;
}

/**
 * The report as `recipient` may read it, through the detections report and the portfolio with his own
 * permissions (a refusal propagates: the caller skips him). `baseline` is the last scheduled report's date.
 */
export async function reportContent(
  sources: ContentSources,
  recipient: AuthUser,
  project: { id: number; name: string; boundary: unknown },
  lots: LotShape[],
  options: { frequency: ReportFrequency; baseline: string | null; today: string },
): Promise<{ document: ReportDocument; filters: { startDate: string; endDate: string } | null }> {
  const finance = await financeFor(sources, recipient, project.id);
  const base: ReportDocument = {
    projectName: project.name,
    frequency: options.frequency,
    generatedOn: displayDate(options.today),
    latestDate: null,
    baselineDate: null,
    counts: [],
    changedCount: 0,
    transitions: [],
    changes: [],
    invasionCount: 0,
    invasions: [],
    finance,
    lots: [],
    boundary: isGeometry(project.boundary) ? project.boundary : null,
  };
  const latest = await sources.detectionsReport.lastDetectDate(recipient, project.id);
  if (!latest) return { document: base, filters: null };
  const first = await sources.detectionsReport.history(
    recipient,
    project.id,
    detectionsFiltersSchema.parse({ startDate: latest, endDate: latest }),
  );
  const dates = first.datesAvailable.filter((date) => date < latest);
  const baseline =
    options.baseline && options.baseline < latest && first.datesAvailable.includes(options.baseline)
      ? options.baseline
      : (dates[dates.length - 1] ?? null);
  const history = baseline
    ? await sources.detectionsReport.history(
        recipient,
        project.id,
        detectionsFiltersSchema.parse({ startDate: baseline, endDate: latest }),
      )
    : first;
  const last = history.uniqueDates.length - 1;
  const statusAt = (row: DetectionRow, index: number) => String(row[dateCellKey(index)] ?? 'X');
  const changed = baseline ? history.tableRows.filter((row) => statusAt(row, 0) !== statusAt(row, last)) : [];
  const transitions = new Map<string, { from: string; to: string; count: number }>();
  for (const row of changed) {
    const from = detectionName(statusAt(row, 0));
    const to = detectionName(statusAt(row, last));
    const key = `${from}→${to}`;
    const entry = transitions.get(key) ?? { from, to, count: 0 };
    entry.count += 1;
    transitions.set(key, entry);
  }
  const changes: LotChange[] = changed.slice(0, MAX_LISTED_CHANGES).map((row) => ({
    label: lotLabel(row),
    from: detectionName(statusAt(row, 0)),
    to: detectionName(statusAt(row, last)),
  }));
  const statusByLot = new Map(history.tableRows.map((row) => [row.layer_id, statusAt(row, last)]));
  const geometryByLot = new Map(lots.map((lot) => [lot.id, lot.geometry]));
  const invaded = history.tableRows.filter((row) => statusAt(row, last) === 'I');
  const invasions: InvadedLot[] = invaded
    .map((row) => ({ label: lotLabel(row), geometry: geometryByLot.get(row.layer_id) }))
    .filter((lot): lot is InvadedLot => isGeometry(lot.geometry))
    .slice(0, MAX_INVASION_IMAGES);
  return {
    document: {
      ...base,
      latestDate: latest,
      baselineDate: baseline,
      counts: history.finalStatuses.map((status) => ({
        ...status,
        color: detectionTypeOf(status.key)?.color ?? '#9aa3ad',
      })),
      changedCount: changed.length,
      transitions: [...transitions.values()].sort((a, b) => b.count - a.count),
      changes,
      invasionCount: invaded.length,
      invasions,
      lots: lots
        .filter((lot) => isGeometry(lot.geometry))
        .map((lot) => ({ geometry: lot.geometry as LotGeometry, status: statusByLot.get(lot.id) ?? 'X' })),
    },
    filters: { startDate: baseline ?? latest, endDate: latest },
  };
}

/** The portfolio's totals, or null for a recipient without the finance module (or a project without it). */
async function financeFor(
  sources: ContentSources,
  recipient: AuthUser,
  projectId: number,
): Promise<FinanceTotals | null> {
  try {
    const list = await sources.finance.list(recipient, projectId, {});
    return financeTotals(list.list);
  } catch (error) {
    if (isRefusal(error)) return null;
    throw error;
  }
}
