import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { API_BASE_PATH, endpointUrl, overlaysApi, type OverlayCreate } from '@mirante/shared';
import { callApi } from '../../shared/api/callApi';

export const overlaysKey = (projectId: number) => ['overlays', projectId] as const;

export function useOverlays(projectId: number, enabled = true) {
  return useQuery({
    queryKey: overlaysKey(projectId),
    queryFn: () => callApi(overlaysApi.list, { params: { projectId } }),
    enabled,
    staleTime: 60_000,
  });
}

/** Step 1 of the wizard: the PDF goes up when continuing and comes back as an image. */
export function useUploadPlan(projectId: number) {
  return useMutation({
    mutationFn: (file: File) => {
      // The project travels before the file: the server checks it before reading a byte of the PDF.
      const form = new FormData();
      form.append('project_id', String(projectId));
      form.append('file', file);
      return callApi(overlaysApi.upload, { body: form as unknown as { project_id: number } });
    },
  });
}

export function useCreateOverlay(projectId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: OverlayCreate) => callApi(overlaysApi.create, { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: overlaysKey(projectId) }),
  });
}

export function useDestroyOverlay(projectId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (overlayId: number) =>
      callApi(overlaysApi.destroy, { body: { project_id: projectId, overlay_id: overlayId } }),
    onSuccess: () => client.invalidateQueries({ queryKey: overlaysKey(projectId) }),
  });
}

/** The plan image's URL (full, or the wizard's reduced copy), with the token `<img>` and MapLibre can't send. */
export function planImageUrl(hash: string, apiToken: string, small = false, origin = ''): string {
  const path = endpointUrl(overlaysApi.image);
  const query = new URLSearchParams({ hash, ...(small ? { small: '1' } : {}), api_token: apiToken });
  return `${origin}${path.startsWith(API_BASE_PATH) ? path : `${API_BASE_PATH}${path}`}?${query}`;
}
