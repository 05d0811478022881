import {
  DEFAULT_SALES_STATUS,
  DEFAULT_UNIT_FIELDS,
  INTEGRATION_MESSAGES as M,
  SALES_STATUS_KEYS,
  UNIT_FIELD_KEYS,
  type Erp,
  type ErpIntegrationStatus,
  type IntegrationProject,
  type MegaErpProject,
  type SiengeErpProject,
  type UauErpProject,
  type NotificationFrequency,
  type NotificationSettings,
  type SalesStatusMapping,
  type SyncRun,
  type SyncRuns,
  type SyncTrigger,
  type UnitFields,
  type WalletLink,
} from '@mirante/shared';
import { AppError, notFound, unprocessable } from '../../http/app-error';
import type { OutboundFetch } from '../../outbound/outbound-fetch';
import { integrationCustomerOf } from '../../policies';
import type { AuthUser } from '../auth';
import type { ProjectsService } from '../projects';
import { UAU_UNIT_FIELDS, UAU_UNIT_STATUSES } from './connectors/uau-connector';
import {
  ErpError,
  type ConnectorOptions,
  type ErpConnector,
  type ErpCredentialsByKind,
} from './connectors/erp-connector';
import type { CredentialsCipher } from './credentials-cipher';
import {
  credentialsFromInput,
  credentialsView,
  type CredentialInputs,
  type CredentialViews,
} from './integration-credentials';
import type { ConfigRow, IntegrationRepo, SyncRunRow } from './integration.repo';

/** A scheduled synchronisation runs once a day; 'up to 24 hours'. */
export const SYNC_INTERVAL_MS = 24 * 60 * 60 * 1000;
/** Saving credentials tests them against the ERP, at most this long. */
const TEST_TIMEOUT_MS = 15_000;

export type ConnectorFactory = <E extends Erp>(
  erp: E,
  credentials: ErpCredentialsByKind[E],
  options: ConnectorOptions,
) => ErpConnector;

export interface IntegrationServiceDeps {
  repo: IntegrationRepo;
  cipher: CredentialsCipher;
  projects: ProjectsService;
  createConnector: ConnectorFactory;
  /** The guarded HTTP of calls to user-supplied URLs (`outbound/outbound-fetch.ts`). */
  outbound: OutboundFetch;
  /** Queues a synchronisation (pg-boss, or in-process without a queue) and returns its run. */
  queueSync: (customerId: number, erp: Erp, trigger: SyncTrigger) => Promise<SyncRunRow>;
}

const context = (customerId: number, erp: Erp) => `${customerId}:${erp}`;

export function toSyncRun(row: SyncRunRow): SyncRun {
  return {
    id: row.id,
    erp: row.erp,
    trigger: row.trigger,
    status: row.status,
    queued_at: row.queuedAt.toISOString(),
    started_at: row.startedAt?.toISOString() ?? null,
    finished_at: row.finishedAt?.toISOString() ?? null,
    units_read: row.unitsRead,
    units_changed: row.unitsChanged,
    units_unmatched: row.unitsUnmatched,
    errors: row.errors,
  };
}

/** An ERP failure as the API answers it: 502 with the connector's pt-BR message. */
export function erpFailure(error: unknown): never {
  if (error instanceof ErpError) throw new AppError(502, 'ERP_UNAVAILABLE', error.message);
  throw error;
}

/**
 * Credentials the ERP refuses, or an address where no ERP answers, are the person's input to correct: 422 with
 * the connector's pt-BR message (no 5xx for what the user typed).
 */
function credentialsRefused(error: unknown): never {
  if (error instanceof ErpError) throw new AppError(422, 'ERP_UNAVAILABLE', error.message);
  throw error;
}

/** The ERP's enterprises as each wizard's contract names their fields. */
function erpProjects(
  erp: Erp,
  enterprises: { code: string; description: string }[],
): MegaErpProject[] | UauErpProject[] | SiengeErpProject[] {
  if (erp === 'mega')
    return enterprises.map((e) => ({
      CodigoIntEmpreendimento: e.code,
      NomeEmpreendimentoWeb: e.description,
    }));
  if (erp === 'uau') return enterprises.map((e) => ({ Codigo_emp: e.code, Desc_emp: e.description }));
  return enterprises.map((e) => ({ id: e.code, name: e.description }));
}

/** The wizards' side of the integration: configuration, links and mappings of a customer's ERPs. */
export function createIntegrationService(deps: IntegrationServiceDeps) {
  const { repo, cipher, projects } = deps;

  async function customerOf(user: AuthUser, requested: number | undefined): Promise<number> {
    const customerId = integrationCustomerOf(user, requested);
    const missing = () => notFound('Cliente não encontrado.', 'CUSTOMER_NOT_FOUND');
    if (customerId === 'hidden') throw missing();
    if (requested !== undefined && !(await repo.customerExists(customerId))) throw missing();
    return customerId;
  }

  /** The customer's allotments the user sees (ADMIN: all of them), not archived. */
  async function allotments(user: AuthUser, customerId: number): Promise<{ id: number; name: string }[]> {
    let visible;
    try {
      visible = await projects.listForUser(user);
    } catch (error) {
      if (error instanceof AppError && error.code === 'NO_PROJECTS') return [];
      throw error;
    }
    return visible
      .filter((p) => p.customerId === customerId && p.projectType === 'ALLOTMENT' && !p.archived)
      .map((p) => ({ id: p.id, name: p.name }));
  }

  /** One of the customer's allotments the user sees, else 404 (another customer's) or 422 (not an allotment). */
  async function allotment(user: AuthUser, customerId: number, projectId: number) {
    const found = (await allotments(user, customerId)).find((p) => p.id === projectId);
    if (found) return found;
    const project = await projects.getForUser(user, projectId).catch(() => null);
    if (!project || project.customerId !== customerId)
      throw notFound('Projeto não encontrado.', 'PROJECT_NOT_FOUND');
    throw unprocessable('VALIDATION', M.projectNotAllotment);
  }

  async function savedCredentials<E extends Erp>(
    customerId: number,
    erp: E,
  ): Promise<{ credentials: ErpCredentialsByKind[E] | null; row: ConfigRow | undefined }> {
    const row = await repo.config(customerId, erp);
    if (!row?.credentials) return { credentials: null, row };
    try {
      return { credentials: cipher.decrypt(row.credentials, context(customerId, erp)), row };
    } catch (error) {
      throw unprocessable('INTEGRATION_NOT_CONFIGURED', (error as Error).message);
    }
  }

  async function connectorOf(customerId: number, erp: Erp, timeoutMs?: number): Promise<ErpConnector> {
    const { credentials } = await savedCredentials(customerId, erp);
    if (!credentials) throw unprocessable('INTEGRATION_NOT_CONFIGURED', M.notConfigured);
    return deps.createConnector(erp, credentials, {
      customerId,
      outbound: deps.outbound,
      ...(timeoutMs ? { timeoutMs } : {}),
    });
  }

  async function integrationProjects(user: AuthUser, customerId: number): Promise<IntegrationProject[]> {
    const list = await allotments(user, customerId);
    const ids = list.map((p) => p.id);
    const [links, stages, erps] = await Promise.all([
      repo.walletLinks(ids),
      repo.stages(ids),
      repo.projectErps(customerId),
    ]);
    return list.map((project) => ({
      id: project.id,
      name: project.name,
      wallet_links: links.filter((l) => l.projectId === project.id).map(toWalletLink),
      layers: stages.filter((s) => s.projectId === project.id).map((s) => ({ id: s.id, name: s.name })),
      erp: erps.get(project.id) ?? null,
    }));
  }

  const toWalletLink = (row: {
    projectId: number;
    customerCode: string;
    layerId: number | null;
    layerName: string | null;
  }): WalletLink => ({
    project_id: row.projectId,
    customer_code: row.customerCode,
    layer_id: row.layerId,
    layer_name: row.layerId === null ? null : row.layerName,
  });

  async function queue(customerId: number, erp: Erp, trigger: SyncTrigger): Promise<SyncRun> {
    return toSyncRun(await deps.queueSync(customerId, erp, trigger));
  }

  return {
    customerOf,

    async getCredentials<E extends Erp>(
      user: AuthUser,
      erp: E,
      requested?: number,
    ): Promise<CredentialViews[E]> {
      const customerId = await customerOf(user, requested);
      const { credentials, row } = await savedCredentials(customerId, erp);
      return credentialsView(erp, credentials, row?.credentialsUpdatedAt ?? null);
    },

    /** Tests the credentials against the ERP, then saves them encrypted (a blank password keeps the saved one). */
    async saveCredentials<E extends Erp>(
      user: AuthUser,
      erp: E,
      input: CredentialInputs[E],
      requested?: number,
    ): Promise<CredentialViews[E]> {
      const customerId = await customerOf(user, requested);
      const saved = await savedCredentials(customerId, erp).catch(() => ({ credentials: null }));
      const credentials = credentialsFromInput(erp, input, saved.credentials);
      const connector = deps.createConnector(erp, credentials, {
        customerId,
        outbound: deps.outbound,
        timeoutMs: TEST_TIMEOUT_MS,
      });
      await connector.testConnection().catch(credentialsRefused);
      const row = await repo.saveCredentials(
        customerId,
        erp,
        cipher.encrypt(credentials, context(customerId, erp)),
      );
      return credentialsView(erp, credentials, row.credentialsUpdatedAt);
    },

    async getNotification(user: AuthUser, erp: Erp, requested?: number): Promise<NotificationSettings> {
      const row = await repo.config(await customerOf(user, requested), erp);
      return {
        email: row?.notificationEmail ?? null,
        frequency: (row?.notificationFrequency ?? null) as NotificationFrequency | null,
      };
    },

    /** The wizard's last step: saves the notification, marks the wizard completed and queues the first sync. */
    async saveNotification(
      user: AuthUser,
      erp: Erp,
      input: { email: string; frequency: NotificationFrequency },
      requested?: number,
    ) {
      const customerId = await customerOf(user, requested);
      const config = await repo.config(customerId, erp);
      if (!config?.credentials) throw unprocessable('INTEGRATION_NOT_CONFIGURED', M.notConfigured);
      const row = await repo.saveNotification(customerId, erp, input.email.trim(), input.frequency);
      return {
        email: row.notificationEmail,
        frequency: row.notificationFrequency as NotificationFrequency,
        sync_run: await queue(customerId, erp, 'wizard'),
      };
    },

    async listErpProjects(user: AuthUser, erp: Erp, requested?: number) {
      const customerId = await customerOf(user, requested);
      const connector = await connectorOf(customerId, erp);
      const enterprises = await connector.listEnterprises().catch(erpFailure);
      return erpProjects(erp, enterprises);
    },

    /** The allotments synchronised from `erp` become `projectIds`; each needs wallet links. */
    async saveProjects(user: AuthUser, erp: Erp, projectIds: number[], requested?: number) {
      const customerId = await customerOf(user, requested);
      const unique = [...new Set(projectIds)];
      const chosen = await Promise.all(unique.map((id) => allotment(user, customerId, id)));
      const links = await repo.walletLinks(unique);
      for (const project of chosen)
        if (!links.some((link) => link.projectId === project.id))
          throw unprocessable('VALIDATION', M.projectWithoutLinks(project.name));
      await repo.replaceProjects(customerId, erp, unique);
      return integrationProjects(user, customerId);
    },

    async customerProjects(user: AuthUser, requested?: number): Promise<IntegrationProject[]> {
      return integrationProjects(user, await customerOf(user, requested));
    },

    async walletLinks(user: AuthUser, projectId: number, requested?: number): Promise<WalletLink[]> {
      const customerId = await customerOf(user, requested);
      await allotment(user, customerId, projectId);
      return (await repo.walletLinks([projectId])).map(toWalletLink);
    },

    /**
     * Replaces a project's wallet links: rows without a wallet code are ignored, repeats of
     * customer_code + layer_id merged; a stage must be one of the project's STAGE layers.
     */
    async saveWalletLinks(
      user: AuthUser,
      input: { project_id: number; links: { customer_code?: string | null; layer_id?: number | null }[] },
      requested?: number,
    ): Promise<WalletLink[]> {
      const customerId = await customerOf(user, requested);
      await allotment(user, customerId, input.project_id);
      const stageIds = new Set((await repo.stages([input.project_id])).map((s) => s.id));
      const unique = new Map<string, { customerCode: string; layerId: number | null }>();
      for (const link of input.links) {
        const code = link.customer_code?.trim();
        if (!code) continue;
        const layerId = link.layer_id ?? null;
        if (layerId !== null && !stageIds.has(layerId))
          throw unprocessable('VALIDATION', M.walletStageInvalid);
        unique.set(`${code}\u0000${layerId ?? ''}`, { customerCode: code, layerId });
      }
      await repo.replaceWalletLinks(input.project_id, [...unique.values()]);
      return (await repo.walletLinks([input.project_id])).map(toWalletLink);
    },

    async uauUnitFieldOptions(user: AuthUser, requested?: number) {
      await customerOf(user, requested);
      return UAU_UNIT_FIELDS;
    },

    async uauSalesStatusOptions(user: AuthUser, requested?: number) {
      await customerOf(user, requested);
      return UAU_UNIT_STATUSES;
    },

    async getUnitFields(user: AuthUser, requested?: number): Promise<UnitFields> {
      const { unitFields } = await repo.mappings(await customerOf(user, requested));
      return unitFieldsOf(unitFields);
    },

    async saveUnitFields(user: AuthUser, input: UnitFields, requested?: number): Promise<UnitFields> {
      const customerId = await customerOf(user, requested);
      const fields = unitFieldsOf(input);
      await repo.saveUnitFields(customerId, fields);
      return fields;
    },

    async getSalesStatus(user: AuthUser, requested?: number): Promise<SalesStatusMapping> {
      const { salesStatus } = await repo.mappings(await customerOf(user, requested));
      return salesStatusOf(salesStatus);
    },

    async saveSalesStatus(
      user: AuthUser,
      input: Partial<Record<keyof SalesStatusMapping, number | null>>,
      requested?: number,
    ): Promise<SalesStatusMapping> {
      const customerId = await customerOf(user, requested);
      const mapping = Object.fromEntries(
        SALES_STATUS_KEYS.map((key) => [key, input[key] ?? null]),
      ) as SalesStatusMapping;
      await repo.saveSalesStatus(customerId, mapping);
      return mapping;
    },

    /** 'Sincronizar agora' / force retry: queues a run (or answers the one already queued or running). */
    async syncNow(user: AuthUser, erp: Erp, requested?: number): Promise<SyncRun> {
      const customerId = await customerOf(user, requested);
      const config = await repo.config(customerId, erp);
      if (!config?.credentials) throw unprocessable('INTEGRATION_NOT_CONFIGURED', M.notConfigured);
      return queue(customerId, erp, 'manual');
    },

    async syncRuns(
      user: AuthUser,
      query: { customer_id?: number; erp?: Erp; limit?: number },
    ): Promise<SyncRuns> {
      const customerId = await customerOf(user, query.customer_id);
      const [configs, runs, latest, finished, erps] = await Promise.all([
        repo.configs(customerId),
        repo.runs(customerId, query.erp, query.limit ?? 20),
        repo.latestRuns(customerId),
        repo.lastFinished(customerId),
        repo.projectErps(customerId),
      ]);
      const status: ErpIntegrationStatus[] = (['mega', 'uau', 'sienge'] as const).map((erp) => {
        const config = configs.find((c) => c.erp === erp);
        const last = latest.find((r) => r.erp === erp);
        const running = last?.status === 'queued' || last?.status === 'running';
        return {
          erp,
          credentials_saved: !!config?.credentials,
          notification_saved: !!config?.notificationEmail,
          completed_at: config?.completedAt?.toISOString() ?? null,
          project_ids: [...erps].filter(([, e]) => e === erp).map(([id]) => id),
          running,
          last_finished_at: finished.get(erp)?.toISOString() ?? null,
          next_run_at:
            config?.completedAt && last
              ? new Date(last.queuedAt.getTime() + SYNC_INTERVAL_MS).toISOString()
              : null,
        };
      });
      return { status, runs: runs.map(toSyncRun) };
    },
  };
}

/** The saved unit-field mapping over the defaults (each key to its own name). */
export function unitFieldsOf(saved: Partial<Record<string, string>> | null): UnitFields {
  return Object.fromEntries(
    UNIT_FIELD_KEYS.map((key) => [key, saved?.[key]?.trim() || DEFAULT_UNIT_FIELDS[key]]),
  ) as UnitFields;
}

/** The saved sales-status mapping, else the UAU defaults. */
export function salesStatusOf(saved: Partial<Record<string, number | null>> | null): SalesStatusMapping {
  if (!saved) return { ...DEFAULT_SALES_STATUS };
  return Object.fromEntries(SALES_STATUS_KEYS.map((key) => [key, saved[key] ?? null])) as SalesStatusMapping;
}

export type IntegrationService = ReturnType<typeof createIntegrationService>;
