import type { InformationFilters, InformationRow } from '../api/informations';
import { lotOfName, NO_ALERT, NO_VALUE } from './informations';
import { normalizeForSearch } from './text';

const orNoValue = (value: string | null | undefined) =>
  value === null || value === undefined || value.trim() === '' ? NO_VALUE : value;

const keeps = (kept: readonly string[] | undefined, value: string) => !kept || kept.includes(value);

/**
 * The portfolio filters, one rule for server (list, export) and web: a row stays when each given list holds
 * its value (S\N for an empty value, 'X' for no detection, 'none' for no alert; a row with several alerts
 * stays when any of them is kept).
 */
export function filterInformations(
  rows: readonly InformationRow[],
  filters: InformationFilters,
): InformationRow[] {
  // The page's first render and an unfiltered export ask for everything: no per-row work then.
  if (Object.values(filters).every((kept) => kept === undefined)) return [...rows];
  return rows.filter(
    (row) =>
      keeps(filters.blocks, orNoValue(row.block)) &&
      keeps(filters.lots, lotOfName(row.name)) &&
      keeps(filters.status, orNoValue(row.status)) &&
      keeps(filters.statusUnity, orNoValue(row.status_unidade)) &&
      keeps(filters.detectTypes, row.ult_deteccao ?? 'X') &&
      keeps(filters.stage, orNoValue(row.stage)) &&
      (!filters.alerts ||
        (row.alertas.length === 0
          ? filters.alerts.includes(NO_ALERT)
          : row.alertas.some((alert) => filters.alerts?.includes(alert.type)))),
  );
}

/** The text search of the portfolio: every shown cell, case- and accent-insensitive. */
export function searchInformations(rows: readonly InformationRow[], search: string): InformationRow[] {
  const needle = normalizeForSearch(search.trim());
  if (needle === '') return [...rows];
  return rows.filter((row) =>
    [
      row.stage,
      row.codigo_lote,
      row.block,
      lotOfName(row.name),
      row.codigo_comprador,
      row.nome_comprador,
      row.status_unidade,
      row.status,
      row.codigo_venda,
      row.inscricao_iptu,
      row.status_construcao,
      row.status_escritura,
      row.notas,
    ].some((value) => value !== null && normalizeForSearch(value).includes(needle)),
  );
}
