import type { CreateShareLink, ShareCompareMode, ShareKind } from '@mirante/shared';
import { SHARE_DEFAULT_DAYS } from '@mirante/shared';

/** What the map shows when its user opens the share dialog: the link starts as that view. */
export interface ShareStart {
  /** The shown scene's date. */
  date: string | null;
  /** The compared dates, when the map compares two scenes. */
  compared: { before: string; after: string; mode: ShareCompareMode } | null;
  /** The lot open in the map's popup. */
  lotId: number | null;
}

export interface ShareFormValues {
  kind: ShareKind;
  date?: string;
  before_date?: string;
  compare_mode: ShareCompareMode;
  layer_id?: number;
  expires_in_days: number;
  password?: string;
  show_observations: boolean;
}

/** The form's first values: a comparison when comparing, a lot's history when a lot is open, else the map. */
export function initialShareValues(start: ShareStart, dates: readonly string[]): ShareFormValues {
  const latest = dates.at(-1);
  const date = start.date && dates.includes(start.date) ? start.date : latest;
  const kind: ShareKind = start.compared ? 'compare' : start.lotId !== null ? 'lot' : 'map';
  return {
    kind,
    date: start.compared?.after ?? date,
    before_date: start.compared?.before ?? (dates.length > 1 ? dates.at(-2) : undefined),
    compare_mode: start.compared?.mode ?? 'lado-a-lado',
    layer_id: start.lotId ?? undefined,
    expires_in_days: SHARE_DEFAULT_DAYS,
    password: '',
    show_observations: false,
  };
}

/** The request body of the form's values: only what the chosen kind uses. */
export function shareRequest(values: ShareFormValues): CreateShareLink {
  const common = {
    kind: values.kind,
    expires_in_days: values.expires_in_days,
    password: values.password ? values.password : null,
    show_observations: values.show_observations,
  };
  if (values.kind === 'map') return { ...common, date: values.date ?? null };
  if (values.kind === 'compare')
    return {
      ...common,
      date: values.date ?? null,
      before_date: values.before_date ?? null,
      compare_mode: values.compare_mode,
    };
  return { ...common, layer_id: values.layer_id ?? null };
}
