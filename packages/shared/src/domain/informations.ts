import { compareNatural } from './detections-report';

/** Texts of the finance portfolio and the lot information dialog, word for word where quoted. */
export const INFORMATION_MESSAGES = {
  title: 'Análise da carteira',
  updateFailed: 'Falha ao atualizar informação:',
  updateFailedFallback: 'Erro interno',
  updateSucceeded: 'Sucesso!',
  helpText:
    'Os dados da carteira podem ser preenchidos manualmente (clicando no lote), por planilha (Importar) ou por integração com o ERP.',
  lotNotFound: 'Lote não encontrado.',
} as const;

/** "S\N": the lot or block of a lot that has none; also the filter option of an empty value. */
export const NO_VALUE = 'S\\N';

/**
 * The lot of a lot record: the second word of its name ('Lote 12' → '12'); a name that is one
 * word holding a digit is the lot number itself ('12', '07A': the lot import names lots by their number); else S\N.
 */
export function lotOfName(name: string | null | undefined): string {
  const words = (name ?? '').trim().split(/\s+/);
  const second = words[1];
  if (second) return second;
  const only = words[0];
  return only && /\d/.test(only) ? only : NO_VALUE;
}

/** Kinds of "sales read against the imagery" alerts, computed by the server (finance sale-alerts). */
export const SALE_ALERT_TYPES = ['sold_empty', 'built_unsold', 'default_building'] as const;
export type SaleAlertType = (typeof SALE_ALERT_TYPES)[number];

export const SALE_ALERT_NAMES: Record<SaleAlertType, string> = {
  sold_empty: 'Vendido sem obra',
  built_unsold: 'Obra em lote não vendido',
  default_building: 'Inadimplente com obra',
};

/** The 'Alertas' filter option of a lot with no alert. */
export const NO_ALERT = 'none';
export const NO_ALERT_NAME = 'Sem alerta';

/** Default months a sold lot may stay empty before it is flagged. */
export const DEFAULT_SALE_ALERT_MONTHS = 12;

/** The business limits: sold/paid counts unit statuses beginning 'Vend' or 'Quit'. */
export function isSoldStatus(statusUnidade: string | null | undefined): boolean {
  const status = (statusUnidade ?? '').trim().toLowerCase();
  return status.startsWith('vend') || status.startsWith('quit');
}

/** The business limits: constructions count last detection C (Construído) or E (Em construção). */
export const isConstructionDetection = (key: string | null | undefined) => key === 'C' || key === 'E';

/** The fields the totals read. */
export interface TotalsRow {
  status_unidade: string | null;
  ult_deteccao: string | null;
  valor_venda: number | null;
  valor_inadimplencia: number | null;
  alertas: readonly unknown[];
}

export interface FinanceTotals {
  totalLots: number;
  soldLots: number;
  constructions: number;
  salesValue: number;
  defaults: number;
  defaultValue: number;
  alerts: number;
}

/** The six indicator cards of the finance page (totals as the business limits says), plus the lots with an alert. */
export function financeTotals(rows: readonly TotalsRow[]): FinanceTotals {
  const totals: FinanceTotals = {
    totalLots: rows.length,
    soldLots: 0,
    constructions: 0,
    salesValue: 0,
    defaults: 0,
    defaultValue: 0,
    alerts: 0,
  };
  for (const row of rows) {
    // Sales are the lots the business limits counts as sold or paid off: an available lot's valor_venda is its list
    // price (the price map reads it), not a sale.
    if (isSoldStatus(row.status_unidade)) {
      totals.soldLots += 1;
      totals.salesValue += row.valor_venda ?? 0;
    }
    if (isConstructionDetection(row.ult_deteccao)) totals.constructions += 1;
    if ((row.valor_inadimplencia ?? 0) > 0) {
      totals.defaults += 1;
      totals.defaultValue += row.valor_inadimplencia ?? 0;
    }
    if (row.alertas.length > 0) totals.alerts += 1;
  }
  // cents, not float noise
  totals.salesValue = Math.round(totals.salesValue * 100) / 100;
  totals.defaultValue = Math.round(totals.defaultValue * 100) / 100;
  return totals;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const BR_DATE = /^(\d{2})\/(\d{2})\/(\d{4})$/;

type Cell = string | number | boolean | null | undefined;

function asNumber(value: Cell): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value.trim())) return Number(value);
  return undefined;
}

function asDate(value: Cell): string | undefined {
  if (typeof value !== 'string') return undefined;
  if (ISO_DATE.test(value)) return value;
  const match = BR_DATE.exec(value);
  return match ? `${match[3]}-${match[2]}-${match[1]}` : undefined;
}

/**
 * The portfolio's sort: numbers numerically, then dates chronologically, then text in natural
 * pt-BR order. Empty cells always go last.
 */
export function compareCells(a: Cell, b: Cell): number {
  const emptyA = a === null || a === undefined || a === '';
  const emptyB = b === null || b === undefined || b === '';
  if (emptyA || emptyB) return emptyA === emptyB ? 0 : emptyA ? 1 : -1;
  const numA = asNumber(a);
  const numB = asNumber(b);
  if (numA !== undefined && numB !== undefined) return numA - numB;
  const dateA = asDate(a);
  const dateB = asDate(b);
  if (dateA !== undefined && dateB !== undefined) return dateA < dateB ? -1 : dateA > dateB ? 1 : 0;
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  return compareNatural(String(a), String(b));
}
