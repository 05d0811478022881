import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { outboundHostsApi } from '@mirante/shared';
import { callApi } from '../../../shared/api/callApi';

const OUTBOUND_HOSTS_KEY = ['admin', 'outbound-hosts'] as const;

export function useOutboundHosts() {
  return useQuery({
    queryKey: OUTBOUND_HOSTS_KEY,
    queryFn: () => callApi(outboundHostsApi.listOutboundHosts),
  });
}

export function useSaveOutboundHosts() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (hosts: string[]) => callApi(outboundHostsApi.saveOutboundHosts, { body: { hosts } }),
    onSuccess: (saved) => client.setQueryData(OUTBOUND_HOSTS_KEY, saved),
  });
}
