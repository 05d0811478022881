import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { gisKeysApi, type CreateGisKey } from '@mirante/shared';
import { callApi } from '../../shared/api/callApi';

const GIS_KEYS_KEY = ['gis-keys'] as const;

export function useGisKeys() {
  return useQuery({ queryKey: GIS_KEYS_KEY, queryFn: () => callApi(gisKeysApi.listGisKeys) });
}

function useRefreshGisKeys() {
  const client = useQueryClient();
  return () => void client.invalidateQueries({ queryKey: GIS_KEYS_KEY });
}

export function useCreateGisKey() {
  const refresh = useRefreshGisKeys();
  return useMutation({
    mutationFn: (body: CreateGisKey) => callApi(gisKeysApi.createGisKey, { body }),
    onSuccess: refresh,
  });
}

export function useRevokeGisKey() {
  const refresh = useRefreshGisKeys();
  return useMutation({
    mutationFn: (id: number) => callApi(gisKeysApi.revokeGisKey, { params: { id } }),
    onSuccess: refresh,
  });
}
