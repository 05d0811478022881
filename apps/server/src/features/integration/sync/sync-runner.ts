import { ERP_NAMES, type Erp, type SyncStatus } from '@mirante/shared';
import type { Db } from '../../../db/database';
import type { OutboundFetch } from '../../../outbound/outbound-fetch';
import type { SyncErrorJson } from '../../../db/schema-integration';
import { financeRepoFor, writeSaleValues } from '../../finance';
import type { ErpConnector, ErpCredentialsByKind } from '../connectors/erp-connector';
import type { CredentialsCipher } from '../credentials-cipher';
import type { IntegrationRepo, SyncRunRow, WalletLinkRow } from '../integration.repo';
import { salesStatusOf, unitFieldsOf, type ConnectorFactory } from '../integration.service';
import { lotUpdate, matchUnits, saleOfUnit, type LotRef, type SaleFields } from './unit-matching';

export interface SyncRunnerDeps {
  db: Db;
  repo: IntegrationRepo;
  cipher: CredentialsCipher;
  createConnector: ConnectorFactory;
  /** The guarded HTTP of calls to user-supplied URLs (`outbound/outbound-fetch.ts`). */
  outbound: OutboundFetch;
  /** After each finished run: the notification e-mail when due. */
  afterRun?: (run: SyncRunRow) => Promise<void>;
}

interface AllotmentResult {
  unitsRead: number;
  unitsChanged: number;
  unitsUnmatched: number;
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Reads everything one allotment needs from the ERP (units, sales, defaults of each linked wallet), then writes
 * the finance rows in ONE transaction through the finance feature: an ERP failure half-way writes nothing, a
 * database failure rolls the whole allotment back.
 */
async function syncAllotment(
  deps: SyncRunnerDeps,
  connector: ErpConnector,
  erp: Erp,
  project: { id: number; name: string },
  links: readonly WalletLinkRow[],
  mappings: ReturnType<typeof mappingsOf>,
): Promise<AllotmentResult> {
  const lots: LotRef[] = (await financeRepoFor(deps.db).listLots(project.id, true)).map((row) => ({
    layerId: row.layerId,
    name: row.name,
    block: row.block,
    stage: row.stage,
    customerCode: row.customerCode,
  }));
  const updates = new Map<number, SaleFields>();
  let unitsRead = 0;
  let unitsUnmatched = 0;
  for (const link of links) {
    const units = await connector.listUnits(link.customerCode);
    const sales = await connector.listSales(link.customerCode);
    const defaults = await connector.listDefaults(link.customerCode);
    unitsRead += units.length;
    const scope = link.layerId === null ? lots : lots.filter((lot) => lot.stage === link.layerName);
    const { matched, unmatched } = matchUnits(units, scope, mappings.unitFields);
    unitsUnmatched += unmatched.length;
    for (const { unit, lot } of matched) {
      const sale = saleOfUnit(unit, sales);
      const debt = sale ? (defaults.find((d) => d.saleCode === sale.code) ?? null) : null;
      updates.set(lot.layerId, {
        ...updates.get(lot.layerId),
        ...lotUpdate(unit, sale, debt, mappings.salesStatus),
      });
    }
  }
  const author = { userId: null, name: `Integração ${ERP_NAMES[erp]}`, source: 'integration' as const };
  const unitsChanged = await deps.db.transaction().execute(async (trx) => {
    const finance = financeRepoFor(trx);
    let changed = 0;
    for (const [layerId, update] of updates) {
      const result = await writeSaleValues(finance, { layerId, projectId: project.id }, update, author);
      if (result.changed > 0) changed += 1;
    }
    return changed;
  });
  return { unitsRead, unitsChanged, unitsUnmatched };
}

function mappingsOf(saved: Awaited<ReturnType<IntegrationRepo['mappings']>>) {
  return { unitFields: unitFieldsOf(saved.unitFields), salesStatus: salesStatusOf(saved.salesStatus) };
}

/** Runs one queued synchronisation of a customer's ERP and records its outcome. */
export function createSyncRunner(deps: SyncRunnerDeps) {
  const { repo } = deps;

  async function execute(run: SyncRunRow) {
    const errors: SyncErrorJson[] = [];
    const totals = { unitsRead: 0, unitsChanged: 0, unitsUnmatched: 0 };
    const fail = (message: string) => ({
      status: 'failed' as SyncStatus,
      ...totals,
      errors: [...errors, { project_id: null, project_name: null, customer_code: null, message }],
    });
    const config = await repo.config(run.customerId, run.erp);
    if (!config?.credentials) return fail('As credenciais deste ERP não estão salvas.');
    let credentials: ErpCredentialsByKind[Erp];
    try {
      credentials = deps.cipher.decrypt(config.credentials, `${run.customerId}:${run.erp}`);
    } catch (error) {
      return fail(errorText(error));
    }
    const connector = deps.createConnector(run.erp, credentials, {
      customerId: run.customerId,
      outbound: deps.outbound,
    });
    const projects = await repo.syncedProjects(run.customerId, run.erp);
    if (projects.length === 0) return fail('Nenhum loteamento vinculado a este ERP.');
    const mappings = mappingsOf(await repo.mappings(run.customerId));
    const links = await repo.walletLinks(projects.map((p) => p.id));
    let succeeded = 0;
    for (const project of projects) {
      const own = links.filter((link) => link.projectId === project.id);
      if (own.length === 0) {
        errors.push({
          project_id: project.id,
          project_name: project.name,
          customer_code: null,
          message: 'Loteamento sem carteiras vinculadas.',
        });
        continue;
      }
      try {
        const result = await syncAllotment(deps, connector, run.erp, project, own, mappings);
        totals.unitsRead += result.unitsRead;
        totals.unitsChanged += result.unitsChanged;
        totals.unitsUnmatched += result.unitsUnmatched;
        succeeded += 1;
      } catch (error) {
        errors.push({
          project_id: project.id,
          project_name: project.name,
          customer_code: null,
          message: errorText(error),
        });
      }
    }
    const status: SyncStatus = errors.length === 0 ? 'succeeded' : succeeded > 0 ? 'partial' : 'failed';
    return { status, ...totals, errors };
  }

  return {
    /** Runs `runId` unless it already finished (a retried job after a crash runs it again from the start). */
    async run(runId: number): Promise<SyncRunRow | null> {
      const run = await repo.run(runId);
      if (!run || run.finishedAt) return null;
      await repo.markRunning(runId);
      let result;
      try {
        result = await execute(run);
      } catch (error) {
        result = {
          status: 'failed' as const,
          unitsRead: 0,
          unitsChanged: 0,
          unitsUnmatched: 0,
          errors: [{ project_id: null, project_name: null, customer_code: null, message: errorText(error) }],
        };
      }
      const finished = await repo.finishRun(runId, result);
      await deps.afterRun?.(finished);
      return finished;
    },
  };
}

export type SyncRunner = ReturnType<typeof createSyncRunner>;
