import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { API_BASE_PATH, buildPath, environmentReportApi } from '@mirante/shared';
import { callApi } from '../../shared/api/callApi';
import { uploadWithProgress } from '../../shared/api/uploadWithProgress';

const reportsKey = (projectId: number) => ['environment', 'reports', projectId] as const;

/** The API calls `GET project/{id}/detections-old`: the analyses with their report's URL. */
export function useReportAnalyses(projectId: number) {
  return useQuery({
    queryKey: reportsKey(projectId),
    queryFn: () => callApi(environmentReportApi.detectionsOld, { params: { id: projectId } }),
    retry: false,
  });
}

/** Uploads (or replaces) and removes the analysis's report PDF (ADMIN). */
export function useReportFile(projectId: number) {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: reportsKey(projectId) });
  const upload = useMutation({
    mutationFn: ({ detectId, file }: { detectId: number; file: File }) => {
      const form = new FormData();
      form.append('file', file);
      return uploadWithProgress(environmentReportApi.uploadReport, form, {
        params: { id: projectId, detectId },
      });
    },
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: (detectId: number) =>
      callApi(environmentReportApi.removeReport, { params: { id: projectId, detectId } }),
    onSuccess: refresh,
  });
  return { upload, remove };
}

/** A report's URL with the token a link and pdf.js can't send as a header. */
export const withToken = (url: string, apiToken: string) =>
  `${url}${url.includes('?') ? '&' : '?'}${new URLSearchParams({ api_token: apiToken })}`;

/** The before or after preview of a detector proposal, as an `<img>` source. */
export function previewUrl(
  ids: { projectId: number; detectId: number; featureId: number },
  side: 'before' | 'after',
  apiToken: string,
): string {
  const path = buildPath(environmentReportApi.preview.path, {
    id: ids.projectId,
    detectId: ids.detectId,
    featureId: ids.featureId,
    side,
  });
  return withToken(`${API_BASE_PATH}${path}`, apiToken);
}
