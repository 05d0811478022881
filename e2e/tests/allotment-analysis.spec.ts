import { expect, test, type Page } from '@playwright/test';
import { mainMap, waitForMapReady } from './map-ready';
import { ADMIN, OTHER_CUSTOMER_USER, USER, signInAndWait } from './support';

const SHOTS = process.env.MAP_SHOTS_DIR ?? 'test-results/allotment-analysis-shots';
const SECTIONS = ['Análise', 'Imagens', 'Camadas', 'Detalhes', 'Configurações'];

async function openAnalysis(page: Page, email: string) {
  await page.setViewportSize({ width: 1366, height: 768 });
  await signInAndWait(page, email);
  await page.goto('/page/analysis');
}

const section = (page: Page, name: string) =>
  page.getByTestId('analysis-sidebar').getByRole('button', { name, exact: true });

test('allotment analysis: accordion Análise, Imagens, Camadas, Detalhes, Configurações over the imagery', async ({
  page,
}) => {
  await openAnalysis(page, ADMIN);
  await expect(page.getByRole('heading', { name: 'Análise', exact: true })).toBeVisible();
  for (const name of SECTIONS) await expect(section(page, name)).toBeVisible();
  await waitForMapReady(mainMap(page));

  const dates = page.getByRole('list', { name: 'Datas das análises' }).getByRole('listitem');
  await expect(dates.first()).toBeVisible();
  await expect(page.getByText(/^Última imagem:/)).toBeVisible();
  await expect(page.getByTestId('analysis-totals')).toContainText('Lotes por detecção em');
  await page.screenshot({ path: `${SHOTS}/analise.png` });

  const second = dates.nth(1).getByRole('button').first();
  const secondDate = (await second.locator('strong').textContent()) ?? '';
  await second.click();
  await expect(second).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('analysis-totals')).toContainText(`Lotes por detecção em ${secondDate}`);
  await expect(page.getByTestId('map-status-bar')).toContainText(secondDate);

  await section(page, 'Imagens').click();
  await expect(page.getByTestId('scene-list')).toBeVisible();
  await section(page, 'Camadas').click();
  await expect(page.getByTestId('layers-tab').getByText('Selecionar todas')).toBeVisible();
  await section(page, 'Detalhes').click();
  await expect(page.getByTestId('project-details')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/detalhes.png` });

  await section(page, 'Configurações').click();
  const settings = page.getByTestId('analysis-settings');
  await expect(settings.getByText('Editar offset')).toBeVisible();
  await expect(settings.getByRole('list', { name: 'Cores das detecções' })).toContainText('Construído');
  await expect(page.getByTestId('map-legend')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/configuracoes.png` });
  await settings.getByRole('switch').first().click();
  await expect(settings.getByRole('list', { name: 'Cores das detecções' })).toBeHidden();
  await expect(page.getByTestId('map-legend')).toBeHidden();
});

test('allotment analysis: an ADMIN publishes and disables an analysis from its date button', async ({
  page,
}) => {
  await openAnalysis(page, ADMIN);
  const first = page.getByRole('list', { name: 'Datas das análises' }).getByRole('listitem').first();
  const toggle = first.getByRole('switch');
  await expect(toggle).toBeChecked();
  await toggle.click();
  await expect(page.getByText('Análise desativada')).toBeVisible();
  await expect(first.getByText('Pendente')).toBeVisible();
  await toggle.click();
  await expect(page.getByText('Análise publicada')).toBeVisible();
  await expect(first.getByText('Aprovado')).toBeVisible();
});

test('allotment analysis: a failed publish says so (spec 8)', async ({ page }) => {
  await openAnalysis(page, ADMIN);
  await page.route('**/api/v1/detection/*', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"falhou"}' }),
  );
  const toggle = page.getByRole('list', { name: 'Datas das análises' }).getByRole('switch').first();
  await toggle.click();
  await expect(page.getByText('Não foi possível desativar a análise')).toBeVisible();
  await expect(toggle).toBeChecked();
});

test('allotment analysis: a USER sees the analyses without publish switches and sets offset, colours and labels', async ({
  page,
}) => {
  await openAnalysis(page, USER);
  const dates = page.getByRole('list', { name: 'Datas das análises' });
  await expect(dates.getByRole('listitem').first()).toBeVisible();
  await expect(dates.getByRole('switch')).toHaveCount(0);
  await section(page, 'Configurações').click();
  const settings = page.getByTestId('analysis-settings');
  await expect(settings.getByText('Editar offset')).toBeVisible();
  await expect(settings.getByText('Identificador dos lotes')).toBeVisible();
  await expect(settings.getByText('Identificador das quadras')).toBeVisible();
});

test('allotment analysis: a user without allotment.analysis gets the module view', async ({ page }) => {
  await openAnalysis(page, OTHER_CUSTOMER_USER);
  await expect(page.getByText('Módulo não disponível')).toBeVisible();
  await expect(page.getByTestId('allotment-analysis')).toHaveCount(0);
});

test('allotment analysis: the last image failing is a warning with its reason, the page goes on', async ({
  page,
}) => {
  await page.route('**/api/v1/project/*/last-scene', (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: '{"message":"servidor indisponível"}',
    }),
  );
  await openAnalysis(page, ADMIN);
  await expect(
    page.getByText('Não foi possível obter a última imagem deste projeto: servidor indisponível'),
  ).toBeVisible();
  await expect(page.getByRole('list', { name: 'Datas das análises' })).toBeVisible();
});

test('allotment analysis: no analysis yet (404) says processing is unfinished; other failures an error', async ({
  page,
}) => {
  let status = 404;
  await page.route('**/api/v1/project/*/analyses', (route) =>
    route.fulfill({ status, contentType: 'application/json', body: '{"message":"x"}' }),
  );
  await openAnalysis(page, ADMIN);
  await expect(page.getByText('O processamento do projeto ainda não foi finalizado')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/processamento.png` });
  status = 500;
  await page.reload();
  await expect(page.getByText('Ops, ocorreu algum erro no servidor')).toBeVisible();
});

test('allotment analysis: the scenes failing to load show the spec message', async ({ page }) => {
  await page.route('**/api/v1/project/*/scenes', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"x"}' }),
  );
  await openAnalysis(page, ADMIN);
  await expect(page.getByText('Não foi possível obter a lista de cenas do projeto.')).toBeVisible();
});
