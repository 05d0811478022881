import {
  compareNatural,
  filterInformations,
  INFORMATION_MESSAGES,
  INFORMATION_FINANCE_FIELDS,
  lotOfName,
  MAP_MESSAGES,
  NO_VALUE,
  type FinanceSettings,
  type InformationChange,
  type InformationDetail,
  type InformationFilters,
  type InformationList,
  type InformationRow,
  type InformationUpdate,
} from '@mirante/shared';
import { notFound } from '../../http/app-error';
import type { AuthUser } from '../auth';
import type { ProjectsService } from '../projects';
import { assertMayChangeFinanceSettings, seesSaleValues, seesUnpublished } from '../../policies';
import type { Author, FinanceRepo, FinanceTransaction, InformationDbRow, SaleValues } from './finance.repo';
import { saleAlerts } from './sale-alerts';
import { EMPTY_SALE_VALUES, mergeSaleValues } from './sale-values';

const layerNotFound = () => notFound(MAP_MESSAGES.layerNotFound, 'LAYER_NOT_FOUND');

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

function toChange(row: Awaited<ReturnType<FinanceRepo['history']>>[number]): InformationChange {
  return {
    field: row.field,
    old_value: row.oldValue,
    new_value: row.newValue,
    changed_by_name: row.changedByName,
    changed_at: row.changedAt.toISOString(),
    source: row.source,
  };
}

/**
 * Writes one lot's sale values inside the caller's transaction (the repo is bound to it): the dialog's update
 * and the spreadsheet import (finance-io) both write through here, so every change lands in the history.
 */
export async function writeSaleValues(
  repo: FinanceRepo,
  lot: { layerId: number; projectId: number },
  update: Partial<Omit<InformationUpdate, 'layer_id'>>,
  author: Author,
): Promise<{ changed: number }> {
  const stored: SaleValues = (await repo.lockSaleValues(lot.layerId)) ?? EMPTY_SALE_VALUES;
  const { values, changes } = mergeSaleValues(stored, update);
  if (changes.length === 0) return { changed: 0 };
  await repo.saveSaleValues(lot.layerId, lot.projectId, values, changes, author);
  return { changed: changes.length };
}

/** The finance portfolio and the lot information dialog. */
export function createFinanceService(
  repo: FinanceRepo,
  inTransaction: FinanceTransaction,
  projects: ProjectsService,
) {
  /** The lot and its project, if the user sees it; `family` is the module family the call needs. */
  async function lotForUser(user: AuthUser, layerId: number, family: string) {
    const layer = await repo.layerProject(layerId);
    if (!layer) throw layerNotFound();
    const project = await projects.assertAccess(user, layer.projectId, family, layerNotFound);
    if (layer.type !== 'LOT') throw notFound(INFORMATION_MESSAGES.lotNotFound, 'LAYER_NOT_FOUND');
    return project;
  }

  async function detail(user: AuthUser, layerId: number, alertMonths: number): Promise<InformationDetail> {
    const withValues = seesSaleValues(user);
    const [row, history] = await Promise.all([
      repo.findLot(layerId, seesUnpublished(user)),
      repo.history(layerId),
    ]);
    if (!row) throw layerNotFound();
    const hidden = new Set<string>(withValues ? [] : INFORMATION_FINANCE_FIELDS);
    return {
      information: toInformationRow(row, alertMonths, withValues),
      history: history.filter((change) => !hidden.has(change.field)).map(toChange),
      canSeeValues: withValues,
      canEdit: withValues,
    };
  }

  return {
    /** The whole portfolio of a project with the alerts, filtered (the API calls project/{id}/informations). */
    async list(user: AuthUser, projectId: number, filters: InformationFilters): Promise<InformationList> {
      const project = await projects.assertAccess(user, projectId, 'finance');
      const rows = (await repo.listLots(projectId, seesUnpublished(user))).map((row) =>
        toInformationRow(row, project.saleAlertMonths, true),
      );
      const options = available(rows);
      return {
        list: sortRows(filterInformations(rows, filters)),
        ...options,
        alertMonths: project.saleAlertMonths,
        hasStage: project.hasStage || options.stagesAvailable.length > 0,
      };
    },

    /** The portfolio's settings (ADMIN or MANAGER of a project they see, with the finance module). */
    async saveSettings(user: AuthUser, projectId: number, input: FinanceSettings): Promise<FinanceSettings> {
      const project = await projects.assertAccess(user, projectId, 'finance');
      assertMayChangeFinanceSettings(user);
      await repo.setSaleAlertMonths(project.id, input.sale_alert_months);
      return { sale_alert_months: input.sale_alert_months };
    },

    /** One lot's record and history; map users without the finance module see it without what that module guards. */
    async get(user: AuthUser, layerId: number): Promise<InformationDetail> {
      const project = await lotForUser(user, layerId, seesSaleValues(user) ? 'finance' : 'map');
      return detail(user, layerId, project.saleAlertMonths);
    },

    /** POST information: writes the given fields, recording who changed what, when, old → new. */
    async update(user: AuthUser, input: InformationUpdate): Promise<InformationDetail> {
      const project = await lotForUser(user, input.layer_id, 'finance');
      const { layer_id: layerId, ...fields } = input;
      await inTransaction((tx) =>
        writeSaleValues(tx, { layerId, projectId: project.id }, fields, {
          userId: user.id,
          name: user.name,
          source: 'manual',
        }),
      );
      return detail(user, layerId, project.saleAlertMonths);
    },
  };
}

export type FinanceService = ReturnType<typeof createFinanceService>;
