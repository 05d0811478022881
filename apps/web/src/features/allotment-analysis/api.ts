import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { allotmentAnalysesApi, detectionsApi, scenesApi } from '@mirante/shared';
import { callApi } from '../../shared/api/callApi';
import { JOB_PROGRESS_POLL_MS } from '../../shared/api/jobProgress';
import { announceProjectChange } from '../../shared/api/projectData';
import { useAnnounceSettled } from '../../shared/api/useAnnounceSettled';

const analysesKey = (projectId: number) => ['allotment-analysis', 'analyses', projectId] as const;

/** The project's analyses with their lots per detection type; read again while one is being processed. */
export function useAllotmentAnalyses(projectId: number, enabled = true) {
  const analyses = useQuery({
    queryKey: analysesKey(projectId),
    enabled,
    queryFn: () => callApi(allotmentAnalysesApi.list, { params: { id: projectId } }),
    retry: false,
    refetchInterval: (query) =>
      query.state.data?.some((a) => a.processingState === 'queued' || a.processingState === 'processing')
        ? JOB_PROGRESS_POLL_MS
        : false,
  });
  useAnnounceSettled(analyses.data, {
    idOf: (analysis) => analysis.detectId,
    stateOf: (analysis) => analysis.processingState,
    settled: ['done', 'failed'],
    changes: ['lots'],
  });
  return analyses;
}

/** The API calls `GET /project/{id}/last-scene`. */
export function useLastScene(projectId: number) {
  return useQuery({
    queryKey: ['allotment-analysis', 'last-scene', projectId],
    queryFn: () => callApi(scenesApi.lastScene, { params: { id: projectId } }),
    retry: false,
  });
}

/** The API calls `POST detection/{id}`: publishes (approval_status true) or disables an analysis (ADMIN). */
export function usePublishAllotmentAnalysis(projectId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ detectId, published }: { detectId: number; published: boolean }) =>
      callApi(detectionsApi.setApproval, { params: { id: detectId }, body: { approval_status: published } }),
    // Publishing changes what the other users' maps colour.
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: analysesKey(projectId) }),
        announceProjectChange(client, 'lots'),
      ]),
  });
}
