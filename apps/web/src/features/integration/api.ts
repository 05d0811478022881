import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  erpIntegrationApi,
  integrationApi,
  isAdmin,
  type Erp,
  type IntegrationCustomerQuery,
  type NotificationInput,
  type SalesStatusMapping,
  type UnitFields,
} from '@mirante/shared';
import { callApi } from '../../shared/api/callApi';
import { JOB_PROGRESS_POLL_MS } from '../../shared/api/jobProgress';
import { useCredentials } from '../../shared/session/SessionContext';
import { useCurrentProject } from '../projects/ProjectContext';

/**
 * Whose integration: an ADMIN works on the selected project's customer (`customer_id`); everyone else on his own
 * customer, which the server knows from the session.
 */
function useCustomerQuery(): IntegrationCustomerQuery {
  const credentials = useCredentials();
  const project = useCurrentProject();
  return isAdmin(credentials) ? { customer_id: project.customerId } : {};
}

const keys = {
  all: ['integration'] as const,
  erp: (erp: Erp, what: string, query: IntegrationCustomerQuery) =>
    ['integration', erp, what, query] as const,
  shared: (what: string, query: IntegrationCustomerQuery) => ['integration', 'shared', what, query] as const,
};

/** What a credentials step shows: the saved values (never a secret) and which secrets are saved. */
export type CredentialValues = Record<string, string | undefined>;
export interface SavedCredentials {
  values: CredentialValues;
  /** Field name → a value is saved for this secret (password, UAU integration token). */
  secretsSaved: Record<string, boolean>;
}

const SECRET_FLAGS: Record<Erp, Record<string, string>> = {
  mega: { mega_password: 'has_password' },
  uau: { uau_password: 'has_password', uau_integration_token: 'has_integration_token' },
  sienge: { sienge_password: 'has_password' },
};

function toSavedCredentials(erp: Erp, view: Record<string, unknown>): SavedCredentials {
  const values: CredentialValues = {};
  const secretsSaved: Record<string, boolean> = {};
  const flags = SECRET_FLAGS[erp];
  for (const [field, flag] of Object.entries(flags)) secretsSaved[field] = view[flag] === true;
  for (const [field, value] of Object.entries(view)) {
    if (typeof value === 'string' && field !== 'updated_at') values[field] = value;
  }
  return { values, secretsSaved };
}

export function useErpCredentials(erp: Erp) {
  const query = useCustomerQuery();
  return useQuery({
    queryKey: keys.erp(erp, 'credentials', query),
    queryFn: async () =>
      toSavedCredentials(erp, await callApi(erpIntegrationApi[erp].getCredentials, { query })),
    retry: false,
  });
}

/** Tests and saves the credentials; a blank secret keeps the saved one. */
export function useSaveErpCredentials(erp: Erp) {
  const query = useCustomerQuery();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (values: CredentialValues) => {
      const body = Object.fromEntries(
        Object.entries(values).filter(([, value]) => value !== undefined && value.trim() !== ''),
      );
      // Each ERP's body is checked by its own schema on the server; the form holds exactly its fields.
      return callApi(erpIntegrationApi[erp].saveCredentials, { query, body: body as never });
    },
    onSuccess: (view) =>
      client.setQueryData(keys.erp(erp, 'credentials', query), toSavedCredentials(erp, view)),
  });
}

export function useErpNotification(erp: Erp) {
  const query = useCustomerQuery();
  return useQuery({
    queryKey: keys.erp(erp, 'notification', query),
    queryFn: () => callApi(erpIntegrationApi[erp].getNotification, { query }),
    retry: false,
  });
}

/** Saves the notification and completes the wizard: the server queues the first synchronisation. */
export function useSaveErpNotification(erp: Erp) {
  const query = useCustomerQuery();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: NotificationInput) =>
      callApi(erpIntegrationApi[erp].saveNotification, { query, body }),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.all }),
  });
}

/** The ERP's enterprises (wallets), read from the ERP itself: may be slow. */
export function useErpProjects(erp: Erp) {
  const query = useCustomerQuery();
  return useQuery({
    queryKey: keys.erp(erp, 'erp-projects', query),
    queryFn: async () => {
      const rows = await callApi(erpIntegrationApi[erp].listErpProjects, { query });
      return rows.map((row) => erpProjectOption(row));
    },
    retry: false,
  });
}

export interface ErpProjectOption {
  code: string;
  name: string;
}

/** Mega CodigoIntEmpreendimento/NomeEmpreendimentoWeb, UAU Codigo_emp/Desc_emp, Sienge id/name. */
function erpProjectOption(row: Record<string, string>): ErpProjectOption {
  if ('CodigoIntEmpreendimento' in row)
    return { code: row.CodigoIntEmpreendimento ?? '', name: row.NomeEmpreendimentoWeb ?? '' };
  if ('Codigo_emp' in row) return { code: row.Codigo_emp ?? '', name: row.Desc_emp ?? '' };
  return { code: row.id ?? '', name: row.name ?? '' };
}

/** The allotments synchronised from this ERP (each needs wallet links). */
export function useSaveErpProjects(erp: Erp) {
  const query = useCustomerQuery();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (projects: number[]) =>
      callApi(erpIntegrationApi[erp].saveProjects, { query, body: { projects } }),
    onSuccess: (projects) => client.setQueryData(keys.shared('customer-projects', query), projects),
  });
}

/** The customer's allotments with their wallet links and stages. */
/**
 * 'Tentar novamente' after 30 s: drops the integration reads still waiting (an ERP that does not answer) and asks
 * again. A plain refetch would join the pending request instead of sending a new one.
 */
export function useForceRetry() {
  const client = useQueryClient();
  return async (...queries: { refetch(): Promise<unknown> }[]) => {
    await client.cancelQueries({ queryKey: keys.all, fetchStatus: 'fetching' });
    await Promise.all(queries.map((query) => query.refetch()));
  };
}

export function useIntegrationProjects() {
  const query = useCustomerQuery();
  return useQuery({
    queryKey: keys.shared('customer-projects', query),
    queryFn: () => callApi(integrationApi.customerProjects, { query }),
    retry: false,
  });
}

/** Replaces one allotment's wallet links. */
export function useSaveWalletLinks() {
  const query = useCustomerQuery();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { project_id: number; links: { customer_code: string; layer_id: number | null }[] }) =>
      callApi(integrationApi.saveWalletLinks, { query, body }),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.shared('customer-projects', query) }),
  });
}

export function useUauUnitFieldOptions() {
  const query = useCustomerQuery();
  return useQuery({
    queryKey: keys.erp('uau', 'unit-field-options', query),
    queryFn: () => callApi(integrationApi.uauUnitFieldOptions, { query }),
    retry: false,
  });
}

export function useUnitFields() {
  const query = useCustomerQuery();
  return useQuery({
    queryKey: keys.shared('unit-fields', query),
    queryFn: () => callApi(integrationApi.getUnitFields, { query }),
    retry: false,
  });
}

export function useSaveUnitFields() {
  const query = useCustomerQuery();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: UnitFields) => callApi(integrationApi.saveUnitFields, { query, body }),
    onSuccess: (saved) => client.setQueryData(keys.shared('unit-fields', query), saved),
  });
}

export function useUauSalesStatusOptions() {
  const query = useCustomerQuery();
  return useQuery({
    queryKey: keys.erp('uau', 'sales-status-options', query),
    queryFn: () => callApi(integrationApi.uauSalesStatusOptions, { query }),
    retry: false,
  });
}

export function useSalesStatus() {
  const query = useCustomerQuery();
  return useQuery({
    queryKey: keys.shared('sales-status', query),
    queryFn: () => callApi(integrationApi.getSalesStatus, { query }),
    retry: false,
  });
}

export function useSaveSalesStatus() {
  const query = useCustomerQuery();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SalesStatusMapping) => callApi(integrationApi.saveSalesStatus, { query, body }),
    onSuccess: (saved) => client.setQueryData(keys.shared('sales-status', query), saved),
  });
}

/** Each ERP's state and the log of the synchronisations, newest first; refreshed while one runs. */
export function useSyncRuns() {
  const query = useCustomerQuery();
  return useQuery({
    queryKey: keys.shared('sync-runs', query),
    queryFn: () => callApi(integrationApi.syncRuns, { query: { ...query, limit: 50 } }),
    retry: false,
    refetchInterval: (state) =>
      state.state.data?.status.some((erp) => erp.running) === true ? JOB_PROGRESS_POLL_MS : false,
  });
}

/** Runs a synchronisation now (or returns the one already queued). */
export function useSyncNow(erp: Erp) {
  const query = useCustomerQuery();
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(erpIntegrationApi[erp].sync, { query }),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.shared('sync-runs', query) }),
  });
}
