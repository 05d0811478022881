import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { analysesApi, scenesApi, type EndpointInput } from '@mirante/shared';
import { callApi } from '../../shared/api/callApi';
import { JOB_PROGRESS_POLL_MS } from '../../shared/api/jobProgress';
import { announceProjectChange } from '../../shared/api/projectData';
import { useAnnounceSettled } from '../../shared/api/useAnnounceSettled';

export type WithAnalysisQuery = NonNullable<EndpointInput<typeof analysesApi.scenesWithAnalysis>['query']>;
export type CreateAnalysisBody = NonNullable<EndpointInput<typeof analysesApi.create>['body']>;

const ADMIN_KEY = ['admin'] as const;
const SCENES_KEY = [...ADMIN_KEY, 'scenes'] as const;
const ANALYSES_KEY = [...ADMIN_KEY, 'analyses'] as const;

/**
 * Every admin list changes together (scenes, analyses and the AI lists derive from both tables), and so do the
 * other screens' scenes and lots: a removed scene leaves the map, a published analysis colours its lots.
 */
function useRefreshAdminLists() {
  const client = useQueryClient();
  return () => void announceProjectChange(client, 'scenes', 'lots');
}

export function useAdminScenes(withoutAnalysis = false) {
  return useQuery({
    queryKey: [...SCENES_KEY, { withoutAnalysis }],
    queryFn: () => callApi(scenesApi.list, withoutAnalysis ? { query: { withoutAnalysis: 'true' } } : {}),
  });
}

export function useAnalyses() {
  return useQuery({ queryKey: ANALYSES_KEY, queryFn: () => callApi(analysesApi.listAll) });
}

/** The ready scenes of `month` (YYYY-MM) without analysis; nothing is asked while the month is not known. */
export function useScenesWithoutDetect(month: string | null) {
  return useQuery({
    queryKey: [...ADMIN_KEY, 'without-detect', month],
    queryFn: () => callApi(analysesApi.scenesWithoutDetect, { query: { month: month ?? undefined } }),
    enabled: month !== null,
  });
}

/** The 'Processamento I.A' list; read again every second while any analysis is queued or processing. */
export function useScenesWithAnalysis(query: WithAnalysisQuery) {
  const rows = useQuery({
    queryKey: [...ADMIN_KEY, 'with-analysis', query],
    queryFn: () => callApi(analysesApi.scenesWithAnalysis, { query }),
    refetchInterval: (current) =>
      current.state.data?.some(
        (row) => row.processing_state === 'queued' || row.processing_state === 'processing',
      )
        ? JOB_PROGRESS_POLL_MS
        : false,
  });
  // An AI run that ends has written its lots' statuses: the map and the reports read them again.
  useAnnounceSettled(rows.data, {
    idOf: (row) => row.detect_id,
    stateOf: (row) => row.processing_state,
    settled: ['done', 'failed'],
    changes: ['lots'],
  });
  return rows;
}

/** Polls one project's scenes until the uploaded one is tiled (or failed); its end is news to every screen. */
export function useSceneIngest(projectId: number | null, sceneId: number | null) {
  const ingest = useQuery({
    queryKey: [...SCENES_KEY, 'ingest', projectId, sceneId],
    queryFn: async () => {
      const scenes = await callApi(scenesApi.listForProject, { params: { id: projectId ?? 0 } });
      return scenes.find((scene) => scene.id === sceneId) ?? null;
    },
    enabled: projectId !== null && sceneId !== null,
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return status === 'ready' || status === 'failed' ? false : JOB_PROGRESS_POLL_MS;
    },
  });
  useAnnounceSettled(ingest.data ? [ingest.data] : undefined, {
    idOf: (scene) => scene.id,
    stateOf: (scene) => scene.status,
    settled: ['ready', 'failed'],
    changes: ['scenes'],
    fresh: true,
  });
  return ingest;
}

export function useCreateAnalysis() {
  const refresh = useRefreshAdminLists();
  return useMutation({
    mutationFn: (body: CreateAnalysisBody) => callApi(analysesApi.create, { body }),
    onSuccess: refresh,
  });
}

export function useRemoveScenes() {
  const refresh = useRefreshAdminLists();
  return useMutation({
    mutationFn: (ids: number[]) => callApi(scenesApi.remove, { body: { ids } }),
    onSuccess: refresh,
  });
}

export function useRemoveAnalyses() {
  const refresh = useRefreshAdminLists();
  return useMutation({
    mutationFn: (ids: number[]) => callApi(analysesApi.remove, { body: { ids } }),
    onSuccess: refresh,
  });
}

export function useCreateAiAnalyses() {
  const refresh = useRefreshAdminLists();
  return useMutation({
    mutationFn: (sceneIds: number[]) => callApi(analysesApi.analysisAi, { body: { scene_id: sceneIds } }),
    onSuccess: refresh,
  });
}

export function useApproveAnalyses() {
  const refresh = useRefreshAdminLists();
  return useMutation({
    mutationFn: (ids: number[]) => callApi(analysesApi.approve, { body: { detect_id: ids } }),
    onSuccess: refresh,
  });
}

export function useProcessAnalyses() {
  const refresh = useRefreshAdminLists();
  return useMutation({
    mutationFn: (ids: number[]) => callApi(analysesApi.processAi, { body: { detect_id: ids } }),
    onSuccess: refresh,
  });
}
