import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { authApi, type EndpointInput } from '@mirante/shared';
import { callApi } from '../../../shared/api/callApi';

export type CreateAccessLinkBody = NonNullable<EndpointInput<typeof authApi.createAccessToken>['body']>;

const ACCESS_LINKS_KEY = ['admin', 'access-links'] as const;

export function useAccessLinks() {
  return useQuery({ queryKey: ACCESS_LINKS_KEY, queryFn: () => callApi(authApi.listAccessTokens) });
}

function useRefreshAccessLinks() {
  const client = useQueryClient();
  return () => void client.invalidateQueries({ queryKey: ACCESS_LINKS_KEY });
}

export function useCreateAccessLink() {
  const refresh = useRefreshAccessLinks();
  return useMutation({
    mutationFn: (body: CreateAccessLinkBody) => callApi(authApi.createAccessToken, { body }),
    onSuccess: refresh,
  });
}

export function useRevokeAccessLink() {
  const refresh = useRefreshAccessLinks();
  return useMutation({
    mutationFn: (id: number) => callApi(authApi.revokeAccessToken, { params: { id } }),
    onSuccess: refresh,
  });
}
