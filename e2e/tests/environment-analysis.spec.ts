import { expect, test, type Page } from '@playwright/test';
import { projectsApi, scenesApi } from '@mirante/shared';
import { api } from './api';
import { waitForMapReady } from './map-ready';
import { projectBySpace, settledAnalysis } from './environment-fixtures';
import { ensureScenes, scenePng } from './map-scenes';
import { ADMIN, MANAGER, pick, openSignedIn, storedApiToken, openedDialog } from './support';
import { screenshotWhenAsked } from './shots';

const SPACE = 'app-ribeirao-pinguim';
const PROJECT = 'APP Ribeirão Pinguim - Recuperação';
/** Dates no other spec uploads to the environment project. */
const DATES = ['2024-05-01', '2024-09-01', '2024-12-01', '2025-01-15'] as const;
const SHOTS = process.env.MAP_SHOTS_DIR ?? 'test-results/environment-shots';

let sceneIds: number[] = [];

test.beforeAll(async ({ request }) => {
  test.setTimeout(90_000);
  const scenes = await ensureScenes(
    request,
    SPACE,
    DATES.map((date, i) => ({ date, png: scenePng(640, 384, i % 2) })),
  );
  sceneIds = scenes.map((scene) => scene.id);
});

/** The analysis 01/09/2024 → 15/01/2025 through the API (the detections test's own, whatever ran before). */
async function ensureApiAnalysis(page: Page) {
  const client = api(page.request, await storedApiToken(page));
  const projects = await client.call(projectsApi.list);
  const projectId = projects.find((project) => project.space === SPACE)?.id;
  const response = await page.request.post(`/api/v1/project/${projectId}/environment-detect`, {
    headers: client.headers,
    data: { before_scene_id: sceneIds[1], after_scene_id: sceneIds[3] },
  });
  expect([200, 422]).toContain(response.status()); // 422: made by an earlier run of this test
}

/** DD/MM/YYYY of the environment project's scenes later than `isoDate`, oldest first. */
async function sceneDatesAfter(page: Page, isoDate: string): Promise<string[]> {
  const client = api(page.request, await storedApiToken(page));
  const projects = await client.call(projectsApi.list);
  const projectId = projects.find((project) => project.space === SPACE)!.id;
  const scenes = await client.call(scenesApi.listForProject, { params: { id: projectId } });
  return scenes
    .map((scene) => scene.isoDate)
    .filter((date) => date > isoDate)
    .sort()
    .map((date) => date.split('-').reverse().join('/'));
}

async function openAnalysisPage(page: Page, email: string) {
  await openSignedIn(page, email, { project: PROJECT, path: '/page/analysis' });
  await expect(page).toHaveURL(/\/page\/analysis$/);
  await expect(page.getByRole('heading', { name: 'Análise', exact: true })).toBeVisible();
}

test('Nova Análise: both scenes required, only later after scenes offered, choosing the before resets the after, the detector runs', async ({
  page,
}) => {
  await openAnalysisPage(page, ADMIN);
  await page.getByRole('button', { name: 'Nova Análise' }).click();
  const modal = openedDialog(page, { name: 'Nova Análise' });
  await modal.getByRole('button', { name: 'Analisar' }).click();
  await expect(modal.getByText('Selecione a imagem anterior.')).toBeVisible();
  await expect(modal.getByText('Selecione a imagem posterior.')).toBeVisible();
  await screenshotWhenAsked(page, { path: `${SHOTS}/nova-analise-obrigatorios.png` });

  await pick(page, modal.getByLabel('Imagem anterior'), '01/09/2024');
  await modal.getByLabel('Imagem posterior').click();
  const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
  // Every scene of the project after 01/09/2024, oldest first: this spec's two, and any later one (another
  // spec's, or the demo's with E2E_DEMO_IMAGERY=1).
  const later = await sceneDatesAfter(page, DATES[1]);
  expect(later.slice(0, 2)).toEqual(['01/12/2024', '15/01/2025']);
  await expect(options).toHaveText(later);
  await options.first().click();
  await pick(page, modal.getByLabel('Imagem anterior'), '01/05/2024');
  await expect(modal.locator('.ant-select-selection-item', { hasText: '01/12/2024' })).toHaveCount(0);
  await pick(page, modal.getByLabel('Imagem posterior'), '01/12/2024');
  await screenshotWhenAsked(page, { path: `${SHOTS}/nova-analise-preenchida.png` });
  await modal.getByRole('button', { name: 'Analisar' }).click();
  await expect(modal).toBeHidden();

  const row = page
    .getByRole('table', { name: 'Análises', exact: true })
    .getByRole('row', { name: /01\/05\/2024.*01\/12\/2024/ });
  await expect(row).toBeVisible();
  const projectId = (await projectBySpace(page.request, SPACE)).id;
  expect((await settledAnalysis(projectId, sceneIds[0]!, sceneIds[2]!)).processingState).toBe('done');
  await expect(row.getByText('Concluída')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Detecções de 01/05/2024 a 01/12/2024' })).toBeVisible();
  await screenshotWhenAsked(page, { path: `${SHOTS}/analise-lista.png` });
});

test('Nova Detecção: category, area and description required; a drawn detection is saved approved', async ({
  page,
}) => {
  await openAnalysisPage(page, ADMIN);
  await ensureApiAnalysis(page);
  await page.reload();
  await page
    .getByRole('table', { name: 'Análises', exact: true })
    .getByRole('row', { name: /01\/09\/2024.*15\/01\/2025/ })
    .click();
  await page.getByRole('button', { name: 'Nova Detecção' }).click();
  const modal = openedDialog(page, { name: 'Nova Detecção' });
  await modal.getByRole('button', { name: 'Salvar' }).click();
  await expect(modal.getByText('Selecione a categoria.')).toBeVisible();
  await expect(modal.getByText('Informe a área.')).toBeVisible();
  await expect(modal.getByText('Informe a descrição.')).toBeVisible();

  const drawMap = modal.getByTestId('note-draw-map');
  await waitForMapReady(drawMap.getByTestId('map-canvas'));
  const box = (await drawMap.boundingBox())!;
  const at = (x: number, y: number) => ({ x: box.x + box.width * x, y: box.y + box.height * y });
  for (const [x, y] of [
    [0.4, 0.4],
    [0.6, 0.4],
    [0.6, 0.6],
    [0.4, 0.6],
    [0.4, 0.4],
  ] as const) {
    const p = at(x, y);
    await page.mouse.click(p.x, p.y);
  }
  await expect(modal.getByLabel('Área (m²)')).not.toHaveValue('');
  await pick(page, modal.getByLabel('Categoria'), 'Desmatamento');
  await modal.getByLabel('Descrição').fill('Supressão de mata ciliar vista em campo');
  await screenshotWhenAsked(page, { path: `${SHOTS}/nova-deteccao.png` });
  await modal.getByRole('button', { name: 'Salvar' }).click();
  await expect(modal).toBeHidden();
  const detection = page.getByRole('row', { name: /Desmatamento.*Supressão de mata ciliar vista em campo/ });
  await expect(detection.getByText('Aprovada')).toBeVisible();
  await expect(detection.getByText('Manual')).toBeVisible();
  await screenshotWhenAsked(page, { path: `${SHOTS}/deteccoes.png` });
});

test('a MANAGER sees the analysis page without Nova Análise, publishing, nor review actions', async ({
  page,
}) => {
  await openAnalysisPage(page, MANAGER);
  await expect(page.getByRole('button', { name: 'Nova Análise' })).toHaveCount(0);
  await expect(page.getByRole('columnheader', { name: 'Publicada' })).toHaveCount(0);
  await screenshotWhenAsked(page, { path: `${SHOTS}/gerente.png` });
});

test('the analysis page’s tabs: Detalhes shows the project, Camadas hides and shows an analysis layer on the map', async ({
  page,
}) => {
  await openAnalysisPage(page, MANAGER);
  await page.getByRole('tab', { name: 'Detalhes' }).click();
  await expect(
    page.getByText('Recomposição de mata ciliar exigida no licenciamento do loteamento.'),
  ).toBeVisible();
  await screenshotWhenAsked(page, { path: `${SHOTS}/aba-detalhes.png` });

  await page.getByRole('tab', { name: 'Camadas' }).click();
  const planting = page.getByTestId('layers-tab').getByRole('checkbox', { name: /^Reflorestamento/ });
  const legend = page.getByTestId('map-legend');
  await expect(planting).toBeChecked();
  await expect(legend).toContainText('Reflorestamento');
  await planting.click();
  await expect(planting).not.toBeChecked();
  await expect(legend).not.toContainText('Reflorestamento');
  await expect(legend).toContainText('Desmatamento');
  await screenshotWhenAsked(page, { path: `${SHOTS}/aba-camadas.png` });
  await planting.click();
  await expect(legend).toContainText('Reflorestamento');

  await page.getByRole('tab', { name: 'Análises' }).click();
  await expect(page.getByRole('heading', { name: 'Análise', exact: true })).toBeVisible();
});
