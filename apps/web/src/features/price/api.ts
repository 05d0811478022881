import { useQuery } from '@tanstack/react-query';
import { informationsApi, layersApi } from '@mirante/shared';
import { callApi } from '../../shared/api/callApi';

/** The layer list with each lot's price per m² (withAllotmentValue). */
export function usePriceLayers(projectId: number) {
  return useQuery({
    queryKey: ['price', 'layers', projectId],
    queryFn: () =>
      callApi(layersApi.listForProject, { params: { projectId }, query: { withAllotmentValue: 'true' } }),
    staleTime: 60_000,
  });
}

/** The lots flagged by sales read against the imagery (finance users only). */
export function useSaleAlertLots(projectId: number, enabled: boolean) {
  return useQuery({
    queryKey: ['price', 'alerts', projectId],
    queryFn: async () => {
      const list = await callApi(informationsApi.list, { params: { id: projectId }, body: {} });
      return new Map(
        list.list.filter((row) => row.alertas.length > 0).map((row) => [row.layer_id, row.alertas]),
      );
    },
    enabled,
    staleTime: 60_000,
  });
}
