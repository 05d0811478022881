import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import type { EnvironmentAnalysis, EnvironmentFeature } from '@mirante/shared';
import { testScene } from '../../../test/apiFixtures';
import { renderWithApp, setupUser } from '../../../test/render';
import { api, server } from '../../../test/server';
import EnvironmentAnalysisPage from './EnvironmentAnalysisPage';

// jsdom has no WebGL: the analysis map is not drawn (the browser tests draw it); the rest is the page's own.
vi.mock('../components/AnalysisMap', () => ({ AnalysisMap: () => <div data-testid="analysis-map" /> }));
vi.mock('../../construction/components/NoteDrawMap', () => ({
  NoteDrawMap: () => <div data-testid="note-draw-map" />,
}));

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

const earliest = testScene(40, '2022-03-01', { projectSpace: 'app-ribeirao-pinguim' });
/** A detector's proposal of the analysis, waiting for an ADMIN's review. */
const pending: EnvironmentFeature = {
  id: 61,
  detectId: analysis.detectId,
  source: 'ai',
  category_id: 1,
  type: 'REFO',
  category_name: 'Reflorestamento',
  category_color: '#2e7d32',
  area: 12_345,
  description: 'Área de vegetação nova',
  confidence: 0.8,
  review_status: 'pending',
  reject_reason: null,
  reviewed_by: null,
  reviewed_at: null,
  layer_id: null,
  geojson: {
    type: 'Polygon',
    coordinates: [
      [
        [0, 0],
        [1, 0],
        [1, 1],
        [0, 0],
      ],
    ],
  },
  has_previews: false,
};
/** The server refusing a write the way it does: 422 with its pt-BR reason. */
const refused = (message: string) => () => HttpResponse.json({ code: 'REFUSED', message }, { status: 422 });

const failure = () => HttpResponse.json({ message: 'falhou' }, { status: 500 });
const environmentProject = {
  project: { projectType: 'ENVIRONMENT' as const, space: 'app-ribeirao-pinguim' },
};
const admin = { ...environmentProject, credentials: { role: 'ADMIN' as const } };

/** The page's reads: the two scenes (or `scenes`), the analysis with `features`, no layers. */
function answer(
  scenes: () => Response = () => HttpResponse.json([before, after]),
  features: EnvironmentFeature[] = [],
) {
  server.use(
    http.get(api('/project/:projectId/layers'), () => HttpResponse.json([])),
    http.get(api('/project/:id/scenes'), scenes),
    http.get(api('/project/:id/detections'), () => HttpResponse.json([analysis])),
    http.get(api('/project/:id/detections/in-review'), () => HttpResponse.json([])),
    http.get(api('/project/:id/features/:detectId'), () => HttpResponse.json(features)),
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

  it('Nova Análise on an after scene that already has its analysis: "Não foi possível salvar a nova análise." with the reason, the dialog stays', async () => {
    const user = setupUser();
    answer(() => HttpResponse.json([earliest, before, after]));
    let created = 0;
    server.use(
      http.post(api('/project/:id/environment-detect'), () => {
        created++;
        return refused('Esta imagem já possui uma análise.')();
      }),
    );
    renderWithApp(<EnvironmentAnalysisPage />, admin);
    await user.click(await screen.findByRole('button', { name: /Nova Análise/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Nova Análise' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Imagem anterior' }));
    await user.click(await screen.findByTitle(earliest.dateFormatted));
    await user.click(within(dialog).getByRole('combobox', { name: 'Imagem posterior' }));
    // The first select's closed list keeps its options (01/09/2022 among them): pick from the open one.
    const options = await screen.findAllByTitle(after.dateFormatted);
    const open = options.find((option) => !option.closest('.ant-select-dropdown-hidden'));
    await user.click(open as HTMLElement);
    await user.click(within(dialog).getByRole('button', { name: 'Analisar' }));
    expect(
      await screen.findByText('Não foi possível salvar a nova análise. Esta imagem já possui uma análise.'),
    ).toBeTruthy();
    expect(created).toBe(1);
    expect(screen.getByRole('dialog', { name: 'Nova Análise' })).toBe(dialog);
  });

  it('a proposal another ADMIN reviewed meanwhile: "Não foi possível salvar a nova detecção." with the reason', async () => {
    const user = setupUser();
    answer(undefined, [pending]);
    server.use(
      http.post(
        api('/project/:id/detect/:detectId/feature/:featureId/review'),
        refused('Esta detecção já foi revisada.'),
      ),
    );
    renderWithApp(<EnvironmentAnalysisPage />, admin);
    const table = await screen.findByRole('table', { name: 'Detecções da análise' });
    const row = (await within(table).findByText('12.345 m²')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Pendente')).toBeTruthy();
    await user.click(within(row).getByRole('button', { name: 'Aprovar' }));
    expect(
      await screen.findByText('Não foi possível salvar a nova detecção. Esta detecção já foi revisada.'),
    ).toBeTruthy();
    expect(within(row).getByText('Pendente')).toBeTruthy();
  });

  it('Nova Detecção without its categories: "Não foi possível obter as categorias para criação de uma nova detecção."', async () => {
    const user = setupUser();
    answer();
    server.use(http.get(api('/project/detect/feature/categories'), failure));
    renderWithApp(<EnvironmentAnalysisPage />, admin);
    expect(await screen.findByRole('heading', { name: 'Detecções de 01/06/2022 a 01/09/2022' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /Nova Detecção/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Nova Detecção' });
    expect(
      await within(dialog).findByText(
        'Não foi possível obter as categorias para criação de uma nova detecção.',
      ),
    ).toBeTruthy();
  });
});
