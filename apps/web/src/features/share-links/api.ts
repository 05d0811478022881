import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { shareLinksApi, type CreateShareLink } from '@mirante/shared';
import { callApi } from '../../shared/api/callApi';

const linksKey = (projectId: number) => ['share-links', projectId] as const;

export function useShareLinks(projectId: number, enabled = true) {
  return useQuery({
    queryKey: linksKey(projectId),
    queryFn: () => callApi(shareLinksApi.listShareLinks, { params: { id: projectId } }),
    enabled,
  });
}

export function useCreateShareLink(projectId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateShareLink) =>
      callApi(shareLinksApi.createShareLink, { params: { id: projectId }, body }),
    onSuccess: () => void client.invalidateQueries({ queryKey: linksKey(projectId) }),
  });
}

export function useRevokeShareLink(projectId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callApi(shareLinksApi.revokeShareLink, { params: { id } }),
    onSuccess: () => void client.invalidateQueries({ queryKey: linksKey(projectId) }),
  });
}

/** Opening a shared view (no session): a mutation, since every opening counts one view. */
export function useOpenSharedView(token: string) {
  return useMutation({
    mutationFn: (password?: string) =>
      callApi(shareLinksApi.openSharedView, {
        params: { token },
        body: password === undefined ? {} : { password },
      }),
  });
}
