import { useMutation } from '@tanstack/react-query';
import {
  buildPath,
  endpointUrl,
  informationsIoApi,
  type ImportResult,
  type InformationFiltersInput,
} from '@mirante/shared';
import { uploadWithProgress } from '../../../shared/api/uploadWithProgress';
import { readStoredCredentials } from '../../../shared/session/credentialsStorage';

const token = () => readStoredCredentials()?.api_token ?? '';

/** The export's download link (spec 7): the current filters, the file type and the session's api_token. */
export function portfolioExportHref(
  projectId: number,
  filters: InformationFiltersInput,
  fileType: 'csv' | 'xls',
): string {
  const query = new URLSearchParams({ fileType });
  for (const [key, value] of Object.entries(filters)) {
    const items = Array.isArray(value) ? value : value === undefined ? [] : [value];
    if (items.length > 0) query.set(key, items.map(String).join(','));
  }
  query.set('api_token', token());
  return `${buildPath(endpointUrl(informationsIoApi.export), { id: projectId })}?${query.toString()}`;
}

/** The template download link (spec 7: api_token in the query). */
export function templateHref(projectId: number): string {
  const path = buildPath(endpointUrl(informationsIoApi.example), { projectId });
  return `${path}?${new URLSearchParams({ api_token: token() }).toString()}`;
}

/** POST project/:id/informations/import with the chosen file (multipart part `file`). */
export function useImportPortfolio(projectId: number) {
  return useMutation({
    mutationFn: (file: File): Promise<ImportResult> => {
      const form = new FormData();
      form.append('file', file, file.name);
      return uploadWithProgress(informationsIoApi.import, form, { params: { id: projectId } });
    },
  });
}
