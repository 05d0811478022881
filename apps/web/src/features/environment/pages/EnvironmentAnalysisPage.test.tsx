import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import type { EnvironmentAnalysis } from '@mirante/shared';
import { testScene } from '../../../test/apiFixtures';
import { renderWithApp, setupUser } from '../../../test/render';
import { api, server } from '../../../test/server';
import EnvironmentAnalysisPage from './EnvironmentAnalysisPage';

// jsdom has no WebGL: the analysis map is not drawn (the browser tests draw it); the rest is the page's own.
vi.mock('../components/AnalysisMap', () => ({ AnalysisMap: () => <div data-testid="analysis-map" /> }));

const before = testScene(41, '2022-06-01', { projectSpace: 'app-ribeirao-pinguim' });
const after = testScene(42, '2022-09-01', { projectSpace: 'app-ribeirao-pinguim' });
/** An analysis of the pair, processed and not published. */
const analysis: EnvironmentAnalysis = {
  detectId: 51,
  isoDate: after.isoDate,
  beforeScene: { id: before.id, isoDate: before.isoDate, date: before.date },
  afterScene: { id: after.id, isoDate: after.isoDate, date: after.date },
  featuresAmount: 0,
  pendingAmount: 0,
  approvalStatus: false,
  analysisApprovalStatus: 'Pendente',
  projectSpace: 'app-ribeirao-pinguim',
  beforeDate: before.dateFormatted,
  afterDate: after.dateFormatted,
  processingState: 'done',
  progress: 100,
  errorMessage: null,
  minAreaM2: null,
};

const failure = () => HttpResponse.json({ message: 'falhou' }, { status: 500 });
const environmentProject = {
  project: { projectType: 'ENVIRONMENT' as const, space: 'app-ribeirao-pinguim' },
};
const admin = { ...environmentProject, credentials: { role: 'ADMIN' as const } };

/** The page's reads: the two scenes (or `scenes`), the analysis (without detections), no layers. */
function answer(scenes: () => Response = () => HttpResponse.json([before, after])) {
  server.use(
    http.get(api('/project/:projectId/layers'), () => HttpResponse.json([])),
    http.get(api('/project/:id/scenes'), scenes),
    http.get(api('/project/:id/detections'), () => HttpResponse.json([analysis])),
    http.get(api('/project/:id/detections/in-review'), () => HttpResponse.json([])),
    http.get(api('/project/:id/features/:detectId'), () => HttpResponse.json([])),
  );
}

describe('the environment analysis page (/page/analysis) when the server fails', () => {
  it('a failed publish: "Não foi possível publicar a análise", the switch stays off', async () => {
    const user = setupUser();
    answer();
    server.use(http.post(api('/detection/:id'), failure));
    renderWithApp(<EnvironmentAnalysisPage />, admin);
    const toggle = await screen.findByRole('switch', { name: `Publicar análise ${after.dateFormatted}` });
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    await user.click(toggle);
    expect(await screen.findByText('Não foi possível publicar a análise')).toBeTruthy();
    expect(toggle.getAttribute('aria-checked')).toBe('false');
  });

  it('the project’s scenes failing to load: "Não foi possível obter a lista de cenas do projeto."', async () => {
    answer(failure);
    renderWithApp(<EnvironmentAnalysisPage />, admin);
    expect(await screen.findByText('Não foi possível obter a lista de cenas do projeto.')).toBeTruthy();
  });
});
