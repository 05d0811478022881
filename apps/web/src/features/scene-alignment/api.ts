import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { sceneAlignmentApi, type SceneAlignment } from '@mirante/shared';
import { callApi } from '../../shared/api/callApi';

export const alignmentKey = (sceneId: number) => ['scene-alignment', sceneId] as const;

/** While the estimate runs (right after an ingest), ask again this often. */
const RUNNING_POLL_MS = 3000;

/** The scene's alignment proposal (ADMIN only); data null when none was estimated. */
export function useSceneAlignment(sceneId: number | null) {
  return useQuery({
    queryKey: alignmentKey(sceneId ?? 0),
    queryFn: () => callApi(sceneAlignmentApi.get, { params: { id: sceneId ?? 0 } }),
    enabled: sceneId !== null,
    refetchInterval: (query) => (query.state.data?.data?.status === 'running' ? RUNNING_POLL_MS : false),
  });
}

/** Accept (the scene's offset becomes the proposal) or reject (the offset stays) a proposal. */
export function useDecideAlignment(projectId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { sceneId: number; decision: 'accept' | 'reject' }): Promise<SceneAlignment> =>
      callApi(input.decision === 'accept' ? sceneAlignmentApi.accept : sceneAlignmentApi.reject, {
        params: { id: input.sceneId },
      }),
    onSuccess: (alignment) => {
      client.setQueryData(alignmentKey(alignment.sceneId), { data: alignment });
      // The accepted offset moves the scene's tiles (a new version in its tile URL).
      void client.invalidateQueries({ queryKey: ['map', 'scenes', projectId] });
    },
  });
}
