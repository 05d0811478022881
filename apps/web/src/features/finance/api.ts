import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  buildPath,
  endpointUrl,
  informationsApi,
  informationsIoApi,
  type FinanceSettingsInput,
  type InformationDetail,
  type InformationFilters,
  type InformationUpdateInput,
} from '@mirante/shared';
import { callApi } from '../../shared/api/callApi';
import { readStoredCredentials } from '../../shared/session/credentialsStorage';

const listKey = (projectId: number) => ['informations', projectId] as const;
const detailKey = (layerId: number) => ['information', layerId] as const;

/**
 * The whole portfolio of the project (the API calls project/{id}/informations), filtered in the browser with the
 * same rule the server applies (`filterInformations`), so a filter answers at once even with 10,000 lots.
 */
export function useInformations(projectId: number) {
  return useQuery(informationsQuery(projectId));
}

/** Also prefetched by the route while the page's code loads (the two in parallel, not one after the other). */
export const informationsQuery = (projectId: number) =>
  queryOptions({
    queryKey: listKey(projectId),
    queryFn: () => callApi(informationsApi.list, { params: { id: projectId }, body: {} }),
    retry: false,
  });

/** One lot's sale information and its history (the lot dialog, the map popup's section). */
export function useInformation(layerId: number | null) {
  return useQuery({
    queryKey: detailKey(layerId ?? 0),
    queryFn: () => callApi(informationsApi.get, { params: { id: layerId ?? 0 } }),
    enabled: layerId !== null,
    retry: false,
  });
}

export function useUpdateInformation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: InformationUpdateInput) => callApi(informationsApi.update, { body }),
    onSuccess: (detail: InformationDetail) => {
      client.setQueryData(detailKey(detail.information.layer_id), detail);
      void client.invalidateQueries({ queryKey: ['informations'] });
    },
  });
}

/** The portfolio's settings (ADMIN or MANAGER); the list is read again (its alerts depend on them). */
export function useSaveFinanceSettings(projectId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: FinanceSettingsInput) =>
      callApi(informationsApi.settings, { params: { id: projectId }, body }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['informations'] }),
  });
}

/** Reloads the portfolio (after an import: the states and transitions, filters reset by the page). */
export function useReloadInformations() {
  const client = useQueryClient();
  return (projectId: number) => client.invalidateQueries({ queryKey: listKey(projectId) });
}

/** The export download: the current filters, the file type and the session's api_token. */
export function informationsExportHref(
  projectId: number,
  filters: InformationFilters,
  fileType: 'csv' | 'xls',
): string {
  const query = new URLSearchParams({ fileType });
  for (const [key, value] of Object.entries(filters)) {
    if (Array.isArray(value)) query.set(key, value.join(','));
  }
  query.set('api_token', readStoredCredentials()?.api_token ?? '');
  return `${buildPath(endpointUrl(informationsIoApi.export), { id: projectId })}?${query.toString()}`;
}
