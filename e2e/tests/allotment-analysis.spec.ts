import { expect, test, type Page } from '@playwright/test';
import { mainMap, waitForMapReady } from './map-ready';
import { ensureScenes, scenePng } from './map-scenes';
import { allotmentAnalysesApi, analysesApi, scenesApi } from '@mirante/shared';
import type { ContractClient } from './api';
import { ADMIN, OTHER_CUSTOMER_USER, USER, apiAs, openSignedIn } from './support';
import { screenshotWhenAsked } from './shots';

/** Dates no other spec uploads to the allotment; each gets a published analysis not yet processed. */
const DATES = ['2023-02-01', '2023-04-01'] as const;
let sceneIds: number[] = [];
let admin: ContractClient;

test.beforeAll(async ({ request }) => {
  test.setTimeout(180_000);
  admin = await apiAs(ADMIN);
  const scenes = await ensureScenes(
    request,
    'jardim-das-palmeiras',
    DATES.map((date, i) => ({ date, png: scenePng(320, 256, i) })),
  );
  sceneIds = scenes.map((scene) => scene.id);
  for (const scene of scenes) {
    const created = await admin.send(analysesApi.create, {
      body: { projectId: scene.projectId, sceneId: scene.id, publishDetection: true },
    });
    expect([200, 201, 422]).toContain(created.status());
  }
});

/** The other specs see the allotment's usual scenes again. */
test.afterAll(async () => {
  await admin.call(scenesApi.remove, { body: { ids: sceneIds } });
});

const SHOTS = process.env.MAP_SHOTS_DIR ?? 'test-results/allotment-analysis-shots';
const SECTIONS = ['Análise', 'Imagens', 'Camadas', 'Detalhes', 'Configurações'];

async function openAnalysis(page: Page, email: string) {
  await page.setViewportSize({ width: 1366, height: 768 });
  await openSignedIn(page, email, { path: '/page/analysis' });
  await expect(page.getByTestId('project-selector')).toBeVisible({ timeout: 30_000 });
}

const section = (page: Page, name: string) =>
  page.getByTestId('analysis-sidebar').locator('.ant-collapse-header', { hasText: new RegExp(`^${name}$`) });

test('allotment analysis: accordion Análise, Imagens, Camadas, Detalhes, Configurações over the imagery', async ({
  page,
}) => {
  await openAnalysis(page, ADMIN);
  await expect(page.getByRole('heading', { name: 'Análise', exact: true })).toBeVisible({ timeout: 30_000 });
  for (const name of SECTIONS) await expect(section(page, name)).toBeVisible();
  await waitForMapReady(mainMap(page));

  const dates = page.getByRole('list', { name: 'Datas das análises' }).getByRole('listitem');
  await expect(dates.first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(/^Última imagem:/)).toBeVisible();
  await screenshotWhenAsked(page, { path: `${SHOTS}/analise.png` });

  const second = dates.nth(1).getByRole('button').first();
  const secondDate = (await second.locator('strong').textContent()) ?? '';
  await second.click();
  await expect(second).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('map-status-bar')).toContainText(secondDate);

  await section(page, 'Imagens').click();
  await expect(page.getByTestId('scene-list')).toBeVisible();
  await section(page, 'Camadas').click();
  await expect(page.getByTestId('layers-tab').getByText('Selecionar todas')).toBeVisible();
  await section(page, 'Detalhes').click();
  await expect(page.getByTestId('project-details')).toBeVisible();
  await screenshotWhenAsked(page, { path: `${SHOTS}/detalhes.png` });

  await section(page, 'Configurações').click();
  const settings = page.getByTestId('analysis-settings');
  await expect(settings.getByText('Editar offset')).toBeVisible();
  await expect(settings.getByRole('list', { name: 'Cores das detecções' })).toContainText('Construído');
  await expect(page.getByTestId('map-legend')).toBeVisible();
  await screenshotWhenAsked(page, { path: `${SHOTS}/configuracoes.png` });
  await settings.getByRole('switch').first().click();
  await expect(settings.getByRole('list', { name: 'Cores das detecções' })).toBeHidden();
  await expect(page.getByTestId('map-legend')).toBeHidden();
});

test('allotment analysis: an analysis the AI is still processing shows the error catalogue message and its progress; a processed one its totals', async ({
  page,
}) => {
  // Whether the worker has already processed an analysis depends on the queue, so the states are set on the
  // server's answer: one analysis still processing at 40 %, the others as the server sent them.
  await page.route('**/api/v1/project/*/analyses', async (route) => {
    const response = await route.fetch();
    // The body read once (no readAnswer): the page polls while one is processing.
    const analyses = allotmentAnalysesApi.list.response.parse(await response.json());
    analyses.forEach((analysis, i) => {
      if (i === 0) Object.assign(analysis, { processingState: 'processing', progress: 40 });
      else Object.assign(analysis, { processingState: 'done', progress: 100 });
    });
    await route.fulfill({ response, json: analyses });
  });
  await openAnalysis(page, ADMIN);
  const dates = page.getByRole('list', { name: 'Datas das análises' }).getByRole('listitem');
  await dates.first().getByRole('button').first().click();
  const processing = page.locator('.analysis-section__processing');
  await expect(processing).toContainText('O processamento do projeto ainda não foi finalizado', {
    timeout: 30_000,
  });
  await expect(processing.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '40');
  await screenshotWhenAsked(page, { path: `${SHOTS}/processando.png` });

  await dates.nth(1).getByRole('button').first().click();
  await expect(processing).toBeHidden();
  await expect(
    page
      .getByTestId('analysis-totals')
      .or(page.getByTestId('analysis-section').getByText('Nenhum registro encontrado.')),
  ).toBeVisible();
  // The page keeps polling while one analysis is processing: a poll still in the handler when the test ends would
  // read a disposed response and fail the test after its last check.
  await page.unrouteAll({ behavior: 'ignoreErrors' });
});

test('allotment analysis: an ADMIN publishes and disables an analysis from its date button', async ({
  page,
}) => {
  await openAnalysis(page, ADMIN);
  const first = page.getByRole('list', { name: 'Datas das análises' }).getByRole('listitem').first();
  const toggle = first.getByRole('switch');
  await expect(toggle).toBeChecked({ timeout: 30_000 });
  await toggle.click();
  await expect(page.getByText('Análise desativada')).toBeVisible();
  await expect(first.getByText('Pendente')).toBeVisible();
  await toggle.click();
  await expect(page.getByText('Análise publicada')).toBeVisible();
  await expect(first.getByText('Aprovado')).toBeVisible();
});

test('allotment analysis: a USER sees the analyses without publish switches and sets offset, colours and labels', async ({
  page,
}) => {
  await openAnalysis(page, USER);
  const dates = page.getByRole('list', { name: 'Datas das análises' });
  await expect(dates.getByRole('listitem').first()).toBeVisible({ timeout: 30_000 });
  await expect(dates.getByRole('switch')).toHaveCount(0);
  await section(page, 'Configurações').click();
  const settings = page.getByTestId('analysis-settings');
  await expect(settings.getByText('Editar offset')).toBeVisible();
  await expect(settings.getByText('Identificador dos lotes')).toBeVisible();
  await expect(settings.getByText('Identificador das quadras')).toBeVisible();
});

test('allotment analysis: a user without allotment.analysis gets the module view', async ({ page }) => {
  await openAnalysis(page, OTHER_CUSTOMER_USER);
  await expect(page.getByText('Módulo não disponível')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('allotment-analysis')).toHaveCount(0);
});
