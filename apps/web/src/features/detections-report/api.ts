import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { buildPath, detectionsReportApi, endpointUrl } from '@mirante/shared';
import { callApi } from '../../shared/api/callApi';
import { readStoredCredentials } from '../../shared/session/credentialsStorage';
import { toRequest, type AppliedFilters } from './filters';

export function useDetectionsHistory(projectId: number, applied: AppliedFilters) {
  return useQuery({
    queryKey: ['detections-history', projectId, applied],
    queryFn: () =>
      callApi(detectionsReportApi.history, { params: { id: projectId }, body: toRequest(applied) }),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export type ExportOptions = Record<string, string | undefined>;

/** A download link of the export: current filters, options and the session's api_token. */
export function exportHref(
  projectId: number,
  applied: AppliedFilters,
  fileType: 'csv' | 'xls',
  options: ExportOptions = {},
) {
  const query = new URLSearchParams();
  const values: ExportOptions = { fileType, ...toRequest(applied), ...options };
  for (const [key, value] of Object.entries(values)) if (value) query.set(key, value);
  query.set('api_token', readStoredCredentials()?.api_token ?? '');
  return `${buildPath(endpointUrl(detectionsReportApi.export), { id: projectId })}?${query.toString()}`;
}
