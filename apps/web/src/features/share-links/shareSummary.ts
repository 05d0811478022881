import { SHARE_COMPARE_MODE_LABELS, SHARE_KIND_LABELS, displayDate, type ShareLink } from '@mirante/shared';

/** One line saying what a link shows: 'Mapa numa data: 10/06/2026', 'Comparação de datas: … → … (Cortina)'. */
export function shareLinkSummary(
  link: Pick<ShareLink, 'kind' | 'date' | 'before_date' | 'compare_mode' | 'lot_name'>,
): string {
  const label = SHARE_KIND_LABELS[link.kind];
  if (link.kind === 'map' && link.date) return `${label}: ${displayDate(link.date)}`;
  if (link.kind === 'compare' && link.date && link.before_date) {
    const mode = link.compare_mode ? ` (${SHARE_COMPARE_MODE_LABELS[link.compare_mode]})` : '';
    return `${label}: ${displayDate(link.before_date)} → ${displayDate(link.date)}${mode}`;
  }
  return `${label}: ${link.lot_name ?? '—'}`;
}

export type ShareLinkState = 'Ativo' | 'Expirado' | 'Revogado';

export function shareLinkState(
  link: Pick<ShareLink, 'revoked_at' | 'expires_at'>,
  now = Date.now(),
): ShareLinkState {
  if (link.revoked_at) return 'Revogado';
  return Date.parse(link.expires_at) <= now ? 'Expirado' : 'Ativo';
}
