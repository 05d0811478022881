import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  detectionsApi,
  environmentApi,
  SCENE_LIST_REFRESH_MS,
  scenesApi,
  type NewFeatureInput,
} from '@mirante/shared';
import { callApi } from '../../shared/api/callApi';
import { JOB_PROGRESS_POLL_MS } from '../../shared/api/jobProgress';
import { layersKey } from '../map/api';

const analysesKey = (projectId: number) => ['environment', 'analyses', projectId] as const;
const featuresKey = (projectId: number, detectId: number | null) =>
  ['environment', 'features', projectId, detectId] as const;

export function useEnvironmentAnalyses(projectId: number) {
  return useQuery({
    queryKey: analysesKey(projectId),
    queryFn: () => callApi(environmentApi.detections, { params: { id: projectId } }),
    retry: false,
    // While the detector runs, its progress is read again every second.
    refetchInterval: (query) =>
      query.state.data?.some((a) => a.processingState === 'queued' || a.processingState === 'processing')
        ? JOB_PROGRESS_POLL_MS
        : false,
  });
}

/** The analyses not yet published, as a customer user sees them (dates and state); not asked for an ADMIN. */
export function useAnalysesInReview(projectId: number, enabled: boolean) {
  return useQuery({
    queryKey: ['environment', 'in-review', projectId],
    queryFn: () => callApi(environmentApi.inReview, { params: { id: projectId } }),
    enabled,
    retry: false,
  });
}

export function useAnalysisScenes(projectId: number) {
  return useQuery({
    queryKey: ['environment', 'scenes', projectId],
    queryFn: () => callApi(scenesApi.listForProject, { params: { id: projectId } }),
    retry: false,
    // Asked again while the page is open, so the signed tile URLs its maps use never run out.
    refetchInterval: SCENE_LIST_REFRESH_MS,
    refetchIntervalInBackground: true,
  });
}

export function useFeatureCategories(enabled: boolean) {
  return useQuery({
    queryKey: ['environment', 'categories'],
    queryFn: () => callApi(environmentApi.categories, {}),
    enabled,
    retry: false,
    staleTime: Infinity,
  });
}

/**
 * The analysis's detections. Keyed on its processing state too: a list read while the detector ran (empty) is read
 * again when it ends, so its proposals appear without reopening the page.
 */
export function useAnalysisFeatures(projectId: number, detectId: number | null, processingState?: string) {
  return useQuery({
    queryKey: [...featuresKey(projectId, detectId), processingState ?? null],
    queryFn: () =>
      callApi(environmentApi.features, { params: { id: projectId, detectId: detectId as number } }),
    enabled: detectId !== null,
    retry: false,
  });
}

export function useNewAnalysis(projectId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { before_scene_id: number; after_scene_id: number }) =>
      callApi(environmentApi.detect, { params: { id: projectId }, body }),
    onSuccess: () => client.invalidateQueries({ queryKey: analysesKey(projectId) }),
  });
}

export function useSaveFeature(projectId: number, detectId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: NewFeatureInput) =>
      callApi(environmentApi.saveFeature, { params: { id: projectId, detectId }, body }),
    // A manual detection and an approved proposal are map layers of the project: the map shows them at once.
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: featuresKey(projectId, detectId) }),
        client.invalidateQueries({ queryKey: analysesKey(projectId) }),
        client.invalidateQueries({ queryKey: layersKey(projectId) }),
      ]),
  });
}

export function useReviewFeature(projectId: number, detectId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({
      featureId,
      ...body
    }: {
      featureId: number;
      action: 'approve' | 'reject';
      reason?: string;
    }) => callApi(environmentApi.reviewFeature, { params: { id: projectId, detectId, featureId }, body }),
    // A manual detection and an approved proposal are map layers of the project: the map shows them at once.
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: featuresKey(projectId, detectId) }),
        client.invalidateQueries({ queryKey: analysesKey(projectId) }),
        client.invalidateQueries({ queryKey: layersKey(projectId) }),
      ]),
  });
}

/** The API calls `POST detection/{id}`: publishes (approval_status true) or disables an analysis. */
export function usePublishAnalysis(projectId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ detectId, published }: { detectId: number; published: boolean }) =>
      callApi(detectionsApi.setApproval, { params: { id: detectId }, body: { approval_status: published } }),
    onSuccess: () => client.invalidateQueries({ queryKey: analysesKey(projectId) }),
  });
}
