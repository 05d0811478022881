import { useMutation, useQueryClient } from '@tanstack/react-query';
import { analysesApi } from '@mirante/shared';
import { callApi } from '../../../shared/api/callApi';
import { announceProjectChange } from '../../../shared/api/projectData';

export interface AiStart {
  projectId: number;
  sceneId: number;
  /** The scene's analysis when it has one already (it is processed again instead of a second one made). */
  detectId: number | null;
}

/**
 * The AI started from an image: its analysis (published, so the customer sees the colours), then the job. Both
 * calls are the admin panel's own ('Cadastrar análise', 'Processamento I.A').
 */
export function useStartAi() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ projectId, sceneId, detectId }: AiStart) => {
      const id =
        detectId ??
        (await callApi(analysesApi.create, { body: { projectId, sceneId, publishDetection: true } })).id;
      await callApi(analysesApi.processAi, { body: { detect_id: [id] } });
      return id;
    },
    onSuccess: () => announceProjectChange(client, 'scenes', 'lots'),
  });
}
