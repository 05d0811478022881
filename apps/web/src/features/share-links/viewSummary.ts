import { SHARE_COMPARE_MODE_LABELS, type SharedView } from '@mirante/shared';

/** What the shared view shows, in one line of its banner. */
export function viewSummary(view: SharedView): string {
  const [first, second] = view.scenes;
  if (view.kind === 'lot' && view.lot)
    return `Histórico do lote ${view.lot.name}${view.lot.block ? ` — ${view.lot.block}` : ''}`;
  if (view.kind === 'compare') {
    const mode = view.compare_mode ? ` (${SHARE_COMPARE_MODE_LABELS[view.compare_mode]})` : '';
    return first && second
      ? `Comparação ${first.dateFormatted} → ${second.dateFormatted}${mode}`
      : `Comparação${mode}`;
  }
  return first ? `Mapa em ${first.dateFormatted}` : 'Mapa';
}
