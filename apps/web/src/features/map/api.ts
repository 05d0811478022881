import {
  keepPreviousData,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { layersApi, scenesApi, systemApi } from '@mirante/shared';
import { callApi } from '../../shared/api/callApi';
import { sceneListRefreshMs } from './model/sceneListRefresh';

export const layersKey = (projectId: number) => ['map', 'layers', projectId] as const;
/** Prefix of every date's lot statuses of a project (invalidated with the layers). */
export const lotStatusesKey = (projectId: number) => ['map', 'lot-statuses', projectId] as const;
export const layerDetailKey = (layerId: number) => ['map', 'layer', layerId] as const;
/** A count of this page's own writes to the project's lot statuses: the map's vector tiles are fetched again. */
const tilesGenerationKey = (projectId: number) => ['map', 'tiles-generation', projectId] as const;

/** How many times this page changed the project's lot statuses (part of its tile URLs). */
export function useTilesGeneration(projectId: number): number {
  const { data } = useQuery({
    queryKey: tilesGenerationKey(projectId),
    queryFn: () => 0,
    initialData: 0,
    staleTime: Infinity,
  });
  return data;
}

/** After a write to the project's lot statuses: its tiles change (even on dates the layer list doesn't show). */
export function bumpTilesGeneration(client: QueryClient, projectId: number): void {
  client.setQueryData<number>(tilesGenerationKey(projectId), (count) => (count ?? 0) + 1);
}

export function useProjectLayers(projectId: number) {
  return useQuery({
    queryKey: layersKey(projectId),
    queryFn: () => callApi(layersApi.listForProject, { params: { projectId } }),
    staleTime: 60_000,
  });
}

/** Each lot's status on a date (null: no request, the layers' latest statuses apply). */
export function useLotStatusesAt(projectId: number, isoDate: string | null) {
  return useQuery({
    queryKey: [...lotStatusesKey(projectId), isoDate],
    queryFn: () =>
      callApi(layersApi.lotStatusesAt, { params: { projectId }, query: { date: isoDate ?? '' } }),
    enabled: isoDate !== null,
    // While another date of the same project loads, its lots keep their last colours (never another project's).
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[2] === projectId ? keepPreviousData(previous) : undefined,
    staleTime: 60_000,
  });
}

/**
 * The project's scenes, asked again while the map is open so their signed tile URLs never run out, and often
 * while some are still being processed so each shows once it is ready.
 */
export function useProjectScenes(projectId: number) {
  return useQuery({
    queryKey: ['map', 'scenes', projectId],
    queryFn: () => callApi(scenesApi.listForProject, { params: { id: projectId } }),
    staleTime: 60_000,
    refetchInterval: (query) => sceneListRefreshMs(query.state.data),
    refetchIntervalInBackground: true,
  });
}

export function useLayerDetail(layerId: number | null) {
  return useQuery({
    queryKey: layerDetailKey(layerId ?? 0),
    queryFn: () => callApi(layersApi.detail, { params: { id: layerId ?? 0 } }),
    enabled: layerId !== null,
  });
}

export interface NewObservation {
  date: string;
  description: string;
  images: File[];
}

export function useCreateObservation(layerId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: NewObservation) => {
      const form = new FormData();
      form.append('date', input.date);
      form.append('description', input.description);
      for (const image of input.images) form.append('images[]', image);
      return callApi(layersApi.createObservation, {
        params: { layerId },
        body: form as unknown as { date: string; description: string },
      });
    },
    onSuccess: () => client.invalidateQueries({ queryKey: layerDetailKey(layerId) }),
  });
}

export function useDeleteObservation(layerId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (obsId: number) => callApi(layersApi.deleteObservation, { params: { layerId, obsId } }),
    onSuccess: () => client.invalidateQueries({ queryKey: layerDetailKey(layerId) }),
  });
}

export function usePublishScene(projectId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number; publish: boolean }) =>
      callApi(scenesApi.update, { params: { id: input.id }, body: { approval_status: input.publish } }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['map', 'scenes', projectId] }),
  });
}

export function useSceneOffset(projectId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number; offsetX: number; offsetY: number }) =>
      callApi(scenesApi.update, {
        params: { id: input.id },
        body: { offsetX: input.offsetX, offsetY: input.offsetY },
      }),
    // Not awaited: the toast shouldn't wait for the list to come back.
    onSuccess: () => void client.invalidateQueries({ queryKey: ['map', 'scenes', projectId] }),
  });
}

export function useUpdateLabels(projectId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { layerName: string; tagType: string; tagValue: string; layers: number[] }) =>
      callApi(layersApi.updateLabels, {
        body: {
          layerName: input.layerName,
          tagType: input.tagType,
          tagValue: input.tagValue,
          'layers[]': input.layers,
        },
      }),
    // Not awaited: refetching thousands of layers shouldn't hold the modal.
    onSuccess: () => void client.invalidateQueries({ queryKey: layersKey(projectId) }),
  });
}

/** The external base maps the server is configured with (none: 'Mapa' draws the project as a street map). */
export function useBaseMaps() {
  return useQuery({
    queryKey: ['map', 'base-maps'] as const,
    queryFn: () => callApi(systemApi.baseMaps, {}),
    staleTime: Infinity,
  });
}
