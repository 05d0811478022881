import { useMutation, useQueryClient } from '@tanstack/react-query';
import { detectionsApi, type DetectionKey } from '@mirante/shared';
import { callApi } from '../../../shared/api/callApi';
import { bumpTilesGeneration, layersKey, lotStatusesKey } from '../api';

export interface DetectionEdit {
  detectId: number;
  sceneId: number;
  detectType: DetectionKey;
  layers: readonly number[];
}

/** `POST allotments/:detectId` (ADMIN): sets the lots' type at the scene's date; the lots are recoloured after. */
export function useEditDetections(projectId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: DetectionEdit) =>
      callApi(detectionsApi.editLots, {
        params: { detectId: input.detectId },
        body: {
          detectType: input.detectType,
          'layers[]': [...input.layers],
          sceneId: input.sceneId,
          projectId,
        },
      }),
    // Not awaited: refetching thousands of layers shouldn't hold the modal.
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: layersKey(projectId) });
      void client.invalidateQueries({ queryKey: lotStatusesKey(projectId) });
      bumpTilesGeneration(client, projectId);
    },
  });
}
