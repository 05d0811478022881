import { detectionName, displayDate, isSoldStatus, type SaleAlert } from '@mirante/shared';

/** What the alerts read of one lot: its sale data and its two latest statuses seen on the imagery. */
export interface AlertInput {
  statusUnidade: string | null;
  dataVenda: string | null;
  valorInadimplencia: number | null;
  lastStatus: string | null;
  lastDate: string | null;
  previousStatus: string | null;
}

/** Building progress of a lot: empty, earthwork, under construction, built. */
const PROGRESS: Record<string, number> = { V: 0, B: 1, E: 2, C: 3 };
/** Statuses that mean someone is building (or occupying) the lot. */
const ACTIVITY = new Set(['B', 'E', 'C', 'I']);

const money = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });

/** Whole months from `from` to `to` (YYYY-MM-DD), counting a month only once its day is reached. */
export function monthsBetween(from: string, to: string): number {
  const [fy, fm, fd] = from.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = to.split('-').map(Number) as [number, number, number];
  return (ty - fy) * 12 + (tm - fm) - (td < fd ? 1 : 0);
}

/**
 * Sales read against the imagery, the one place they are computed (the portfolio, its filter and indicator
 * and the map layer all read this):
 * - sold_empty: sold or paid off, and the latest image, `months` or more after the sale, still shows it empty;
 * - built_unsold: earthwork, construction, a house or an invasion ('I') on a lot that is not sold (possible
 *   invasion);
 * - default_building: in default while the construction advances (earthwork or construction under way, or
 *   the latest image shows more progress than the one before).
 */
export function saleAlerts(lot: AlertInput, months: number): SaleAlert[] {
  const alerts: SaleAlert[] = [];
  const sold = isSoldStatus(lot.statusUnidade);
  const { lastStatus, lastDate } = lot;
  if (!lastStatus || !lastDate) return alerts;
  const seen = `na imagem de ${displayDate(lastDate)}`;

  if (sold && lastStatus === 'V' && lot.dataVenda && lot.dataVenda <= lastDate) {
    const elapsed = monthsBetween(lot.dataVenda, lastDate);
    if (elapsed >= months) {
      alerts.push({
        type: 'sold_empty',
        text: `Vendido em ${displayDate(lot.dataVenda)} e ainda vazio ${seen} (${elapsed} meses).`,
      });
    }
  }

  if (!sold && ACTIVITY.has(lastStatus)) {
    const unit = lot.statusUnidade?.trim() ? `'${lot.statusUnidade.trim()}'` : 'sem venda registrada';
    alerts.push({
      type: 'built_unsold',
      text:
        lastStatus === 'I'
          ? `Invasão detectada ${seen}; unidade ${unit}.`
          : `${detectionName(lastStatus)} ${seen} em lote não vendido (unidade ${unit}): possível invasão.`,
    });
  }

  const debt = lot.valorInadimplencia ?? 0;
  if (debt > 0) {
    const now = PROGRESS[lastStatus];
    const before = lot.previousStatus ? PROGRESS[lot.previousStatus] : undefined;
    const advanced = now !== undefined && before !== undefined && now > before;
    if (lastStatus === 'B' || lastStatus === 'E' || advanced) {
      const progress =
        advanced && lot.previousStatus
          ? `${detectionName(lot.previousStatus)} → ${detectionName(lastStatus)}`
          : detectionName(lastStatus);
      alerts.push({
        type: 'default_building',
        text: `Inadimplente (${money.format(debt)}) com a obra avançando: ${progress} ${seen}.`,
      });
    }
  }
  return alerts;
}
