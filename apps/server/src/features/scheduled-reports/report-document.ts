import type { FinanceTotals, ReportFrequency } from '@mirante/shared';
import type { MultiPolygon, Polygon } from 'geojson';
import type { SceneOnDisk } from '../../imagery/scene-on-disk';

export type LotGeometry = Polygon | MultiPolygon;

/** One lot that changed status between the report's two dates. */
export interface LotChange {
  label: string;
  from: string;
  to: string;
}

/** An invaded lot, with its outline for the before/after images. */
export interface InvadedLot {
  label: string;
  geometry: LotGeometry;
}

/**
 * What one recipient's report says, as plain data (it crosses to a CPU pool thread): the statuses on the
 * latest date, the changes since the baseline date, the invasions, and the finance totals only when the
 * recipient may see them.
 */
export interface ReportDocument {
  projectName: string;
  frequency: ReportFrequency;
  /** DD/MM/YYYY */
  generatedOn: string;
  /** YYYY-MM-DD; null: no published analysis yet. */
  latestDate: string | null;
  /** The date the changes are counted from (the last report's, else the analysis before the latest). */
  baselineDate: string | null;
  counts: { key: string; name: string; color: string; value: number }[];
  changedCount: number;
  transitions: { from: string; to: string; count: number }[];
  /** The first changed lots (the spreadsheet has them all). */
  changes: LotChange[];
  invasionCount: number;
  invasions: InvadedLot[];
  finance: FinanceTotals | null;
  /** Every lot with its status key on the latest date, for the map. */
  lots: { geometry: LotGeometry; status: string }[];
  boundary: LotGeometry | null;
}

/** The scenes of the two dates on local disk, for the invasions' images (null when unreadable or absent). */
export interface ReportScenes {
  before: SceneOnDisk | null;
  after: SceneOnDisk | null;
}
