import {
  INFORMATION_MESSAGES,
  INFORMATION_FINANCE_FIELDS,
  MAP_MESSAGES,
  type FinanceSettings,
  type InformationChange,
  type InformationDetail,
  type InformationFilters,
  type InformationList,
  type InformationUpdate,
} from '@mirante/shared';
import { notFound } from '../../http/app-error';
import type { AuthUser } from '../auth';
import type { ProjectsService } from '../projects';
import { assertMayChangeFinanceSettings, seesSaleValues, seesUnpublished } from '../../policies';
import type { Author, FinanceRepo, FinanceTransaction, SaleValues } from './finance.repo';
import { informationList, toInformationRow, type PortfolioRows } from './information-list';
import { EMPTY_SALE_VALUES, mergeSaleValues } from './sale-values';

const layerNotFound = () => notFound(MAP_MESSAGES.layerNotFound, 'LAYER_NOT_FOUND');

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

  /** The portfolio's rows as stored, for `informationList` (here or on a CPU pool thread: the export). */
  async function portfolioRows(user: AuthUser, projectId: number): Promise<PortfolioRows> {
    const project = await projects.assertAccess(user, projectId, 'finance');
    return {
      rows: await repo.listLots(projectId, seesUnpublished(user)),
      alertMonths: project.saleAlertMonths,
      projectHasStage: project.hasStage,
    };
  }

  return {
    /** The whole portfolio of a project with the alerts, filtered (the API calls project/{id}/informations). */
    async list(user: AuthUser, projectId: number, filters: InformationFilters): Promise<InformationList> {
      return informationList(await portfolioRows(user, projectId), filters);
    },

    portfolioRows,

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
