import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { DETECTION_MESSAGES, type SceneWithAnalysis } from '@mirante/shared';
import { renderWithApp } from '../../../test/render';
import { api, server } from '../../../test/server';
import { AiProcessingTab } from './AiProcessingTab';

const row = (fields: Partial<SceneWithAnalysis>): SceneWithAnalysis => ({
  id: 3,
  project_id: 1,
  project_name: 'Jardim das Palmeiras',
  date_formatted: '01/04/2026',
  detect_id: 7,
  created_at: '07/12/2026',
  analysis_ai: 'Sim',
  approval_status: 'Pendente',
  processing_state: 'done',
  progress: 100,
  error_message: null,
  review_count: 0,
  review_reason: null,
  ...fields,
});

describe("'Processamento I.A'", () => {
  it("says why every lot of an analysis is 'A revisar' when the AI gives a reason", async () => {
    server.use(
      http.get(api('/scenes/with-analysis'), () =>
        HttpResponse.json([
          row({ detect_id: 7, review_count: 82, review_reason: DETECTION_MESSAGES.unfamiliarScene }),
          row({ detect_id: 8, id: 4, review_count: 3 }),
        ]),
      ),
    );
    renderWithApp(<AiProcessingTab />);
    expect(await screen.findByText('82 lotes')).toBeTruthy();
    expect(screen.getByText('3 lotes')).toBeTruthy();
    expect(screen.getAllByText('imagem diferente das que a I.A conhece: confira os lotes')).toHaveLength(1);
  });
});
