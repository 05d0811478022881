import {
  compareNatural,
  filterInformations,
  lotOfName,
  NO_VALUE,
  type InformationFilters,
  type InformationList,
  type InformationRow,
} from '@mirante/shared';
import type { InformationDbRow } from './finance.repo';
import { saleAlerts } from './sale-alerts';

/** A project's portfolio as read from the database, before it becomes the contract's list. */
export interface PortfolioRows {
  rows: InformationDbRow[];
  alertMonths: number;
  projectHasStage: boolean;
}

/**
 * A database row as the contract's Information row. Without the finance module (`withFinance` false) everything
 * it guards is blank (`INFORMATION_FINANCE_FIELDS`), and so are the alerts, which are read from the sale and its
 * payments.
 */
export function toInformationRow(
  row: InformationDbRow,
  alertMonths: number,
  withFinance: boolean,
): InformationRow {
  const guarded = <T>(value: T): T | null => (withFinance ? value : null);
  return {
    layer_id: row.layerId,
    name: row.name,
    block: row.block,
    stage: row.stage,
    codigo_lote: row.customerCode,
    codigo_comprador: guarded(row.codigoComprador),
    nome_comprador: guarded(row.nomeComprador),
    cpf_cnpj_comprador: guarded(row.cpfCnpjComprador),
    status_unidade: guarded(row.statusUnidade),
    status: guarded(row.status),
    ult_deteccao: row.lastStatus,
    ult_deteccao_data: row.lastDate,
    valor_venda: guarded(row.valorVenda),
    valor_inadimplencia: guarded(row.valorInadimplencia),
    qtde_parcelas_vencidas: guarded(row.qtdeParcelasVencidas),
    codigo_venda: guarded(row.codigoVenda),
    data_venda: guarded(row.dataVenda),
    inscricao_iptu: row.inscricaoIptu,
    termo_posse: row.termoPosse,
    escritura: row.escritura,
    registro: row.registro,
    status_construcao: row.statusConstrucao,
    status_escritura: row.statusEscritura,
    notas: row.notas,
    obs: row.obs,
    alertas: withFinance ? saleAlerts(row, alertMonths) : [],
  };
}

const distinctSorted = (values: Iterable<string>) => [...new Set(values)].sort(compareNatural);
const orNoValue = (value: string | null) => (value === null || value.trim() === '' ? NO_VALUE : value);

/** The filter options of the entities and their fields list response, from every lot of the project (not the filtered ones). */
function available(rows: readonly InformationRow[]) {
  const pairs = new Map<string, { block: string; lot: string }>();
  for (const row of rows) {
    const pair = { block: orNoValue(row.block), lot: lotOfName(row.name) };
    pairs.set(`${pair.block}\u0000${pair.lot}`, pair);
  }
  return {
    blocksLotsAvailable: [...pairs.values()].sort(
      (a, b) => compareNatural(a.block, b.block) || compareNatural(a.lot, b.lot),
    ),
    statusAvailable: distinctSorted(rows.map((row) => orNoValue(row.status))),
    blocksAvailable: distinctSorted(rows.map((row) => orNoValue(row.block))),
    lotsAvailable: distinctSorted(rows.map((row) => lotOfName(row.name))),
    statusUnityAvailable: distinctSorted(rows.map((row) => orNoValue(row.status_unidade))),
    stagesAvailable: distinctSorted(rows.flatMap((row) => (row.stage ? [row.stage] : []))),
    detectTypesAvailable: distinctSorted(rows.map((row) => row.ult_deteccao ?? 'X')),
  };
}

/** By stage, block, lot (natural order), then id; each row's lot read once, not at every comparison. */
function sortRows(rows: InformationRow[]): InformationRow[] {
  const keyed = rows.map((row) => ({ row, lot: lotOfName(row.name) }));
  keyed.sort(
    (a, b) =>
      compareNatural(a.row.stage, b.row.stage) ||
      compareNatural(a.row.block, b.row.block) ||
      compareNatural(a.lot, b.lot) ||
      a.row.layer_id - b.row.layer_id,
  );
  return keyed.map((item) => item.row);
}

/**
 * The portfolio list of the contract from its stored rows: alerts, filter options, filters, natural order. Pure,
 * so that the export builds it on a CPU pool thread (10,000 lots' alerts and sorts blocked the event loop).
 */
export function informationList(portfolio: PortfolioRows, filters: InformationFilters): InformationList {
  const rows = portfolio.rows.map((row) => toInformationRow(row, portfolio.alertMonths, true));
  const options = available(rows);
  return {
    list: sortRows(filterInformations(rows, filters)),
    ...options,
    alertMonths: portfolio.alertMonths,
    hasStage: portfolio.projectHasStage || options.stagesAvailable.length > 0,
  };
}
