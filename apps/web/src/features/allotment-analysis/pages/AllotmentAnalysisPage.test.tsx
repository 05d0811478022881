import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import type { AllotmentAnalysis } from '@mirante/shared';
import { testScene } from '../../../test/apiFixtures';
import { renderWithApp, setupUser } from '../../../test/render';
import { api, server } from '../../../test/server';
import AllotmentAnalysisPage from './AllotmentAnalysisPage';

// jsdom has no WebGL: the imagery is not drawn (the map's own behaviour is the browser tests' and the map's unit
// tests'); everything around it is the page's.
vi.mock('../../map/components/canvas/MapView', () => ({ MapView: () => <div data-testid="map-view" /> }));

const scene = testScene(21, '2023-04-01');
const analysis: AllotmentAnalysis = {
  detectId: 31,
  sceneId: scene.id,
  isoDate: scene.isoDate,
  dateFormatted: scene.dateFormatted,
  approvalStatus: true,
  analysisApprovalStatus: 'Aprovado',
  processingState: 'done',
  progress: 100,
  lotsAnalysed: 0,
  totals: [],
};

const failure = (status: number, message: string) => HttpResponse.json({ message }, { status });

/** The page's reads (layers, base maps and lot statuses empty), each answered as given (by default: one scene, one published analysis). */
function answer({
  scenes = () => HttpResponse.json([scene]),
  analyses = () => HttpResponse.json([analysis]),
  lastScene = () => HttpResponse.json({ data: scene }),
}: {
  scenes?: () => Response;
  analyses?: () => Response;
  lastScene?: () => Response;
} = {}) {
  server.use(
    http.get(api('/project/:projectId/layers'), () => HttpResponse.json([])),
    http.get(api('/project/:projectId/lot-statuses'), ({ request }) =>
      HttpResponse.json({ date: new URL(request.url).searchParams.get('date') ?? '', lots: [] }),
    ),
    http.get(api('/base-maps'), () => HttpResponse.json({ street: null, satellite: null })),
    http.get(api('/project/:id/scenes'), scenes),
    http.get(api('/project/:id/analyses'), analyses),
    http.get(api('/project/:id/last-scene'), lastScene),
  );
}

const admin = { credentials: { role: 'ADMIN' as const } };

describe('the allotment analysis page (/page/analysis) when the server fails', () => {
  it('allotment analysis: a failed publish says so and the switch stays as it was', async () => {
    const user = setupUser();
    answer();
    server.use(http.post(api('/detection/:id'), () => failure(500, 'falhou')));
    renderWithApp(<AllotmentAnalysisPage />, admin);
    const toggle = await screen.findByRole('switch', { name: `Publicar análise de ${scene.dateFormatted}` });
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    await user.click(toggle);
    expect(await screen.findByText('Não foi possível desativar a análise')).toBeTruthy();
    expect(toggle.getAttribute('aria-checked')).toBe('true');
  });

  it('allotment analysis: the last image failing is a warning with its reason, the page goes on', async () => {
    answer({ lastScene: () => failure(500, 'servidor indisponível') });
    renderWithApp(<AllotmentAnalysisPage />, admin);
    expect(
      await screen.findByText('Não foi possível obter a última imagem deste projeto: servidor indisponível'),
    ).toBeTruthy();
    expect(screen.getByRole('list', { name: 'Datas das análises' })).toBeTruthy();
  });

  it('allotment analysis: no analysis yet (404) says processing is unfinished', async () => {
    answer({ analyses: () => failure(404, 'x') });
    renderWithApp(<AllotmentAnalysisPage />, admin);
    expect(await screen.findByText('O processamento do projeto ainda não foi finalizado')).toBeTruthy();
  });

  it('allotment analysis: analyses failing otherwise (500) are an error', async () => {
    answer({ analyses: () => failure(500, 'x') });
    renderWithApp(<AllotmentAnalysisPage />, admin);
    expect(await screen.findByText('Ops, ocorreu algum erro no servidor')).toBeTruthy();
  });

  it('allotment analysis: the scenes failing to load show the spec message', async () => {
    answer({ scenes: () => failure(500, 'x') });
    renderWithApp(<AllotmentAnalysisPage />, admin);
    expect(await screen.findByText('Não foi possível obter a lista de cenas do projeto.')).toBeTruthy();
  });
});
