import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { AdminAnalysis } from '@mirante/shared';
import { renderWithApp, setupUser } from '../../../test/render';
import { api, server } from '../../../test/server';
import { ADMIN_TEXTS } from '../messages';
import { RemoveAnalysesTab } from './RemoveAnalysesTab';

const analysis: AdminAnalysis = {
  id: 7,
  detectId: 7,
  projectId: 1,
  projectName: 'Jardim das Palmeiras',
  sceneId: 11,
  sceneName: '15/07/2025',
  beforeSceneId: null,
  isoDate: '2025-07-15',
  approvalStatus: true,
  analysisAi: false,
  processingState: 'done',
  progress: 100,
  errorMessage: null,
  createdAt: '16/07/2025',
};

describe("'Remover análises'", () => {
  it('a list that fails to load says “Não foi possível buscar as análises cadastradas”, and “Tentar novamente” loads it', async () => {
    expect(ADMIN_TEXTS.analysesLoadFailed).toBe(
      'Não foi possível buscar as análises cadastradas. Tente novamente.',
    );
    const user = setupUser();
    let fail = true;
    server.use(
      http.get(api('/detections/all'), () =>
        fail
          ? HttpResponse.json({ statusCode: 422, code: 'X', message: 'x' }, { status: 422 })
          : HttpResponse.json([analysis]),
      ),
    );
    renderWithApp(<RemoveAnalysesTab />, { credentials: { role: 'ADMIN' } });
    expect(await screen.findByText(ADMIN_TEXTS.analysesLoadFailed)).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: /Tentar novamente/ }));
    expect(await screen.findByRole('cell', { name: '15/07/2025' })).toBeTruthy();
  });
});
