import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
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
  it("marks the analysis whose lots are all 'A revisar' for a reason, and hovering its count tells the reason", async () => {
    server.use(
      http.get(api('/scenes/with-analysis'), () =>
        HttpResponse.json([
          row({ detect_id: 7, review_count: 82, review_reason: DETECTION_MESSAGES.unfamiliarScene }),
          row({ detect_id: 8, id: 4, review_count: 3 }),
        ]),
      ),
    );
    renderWithApp(<AiProcessingTab />);
    const unfamiliar = await screen.findByText('82 lotes');
    expect(screen.getByText('3 lotes')).toBeTruthy();
    // one marked count (the unfamiliar scene's), none on the analysis whose lots were merely unsure
    expect(
      screen.getAllByRole('img', { name: 'imagem diferente das que a I.A conhece: confira os lotes' }),
    ).toHaveLength(1);
    // the reason is not column text: it shows on hover only
    expect(screen.queryByRole('tooltip')).toBeNull();
    await userEvent.hover(unfamiliar);
    expect((await screen.findByRole('tooltip')).textContent).toBe(
      'imagem diferente das que a I.A conhece: confira os lotes',
    );
  });
});
