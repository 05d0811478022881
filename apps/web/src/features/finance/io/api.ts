import { useMutation } from '@tanstack/react-query';
import { buildPath, endpointUrl, informationsIoApi, type ImportResult } from '@mirante/shared';
import { uploadWithProgress } from '../../../shared/api/uploadWithProgress';
import { readStoredCredentials } from '../../../shared/session/credentialsStorage';

const token = () => readStoredCredentials()?.api_token ?? '';

/** The template download link (api_token in the query). */
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
