import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { projectRegistrationApi, securityApi } from '@mirante/shared';
import { api } from './api';
import { waitForMapReady } from './map-ready';
import { ADMIN, pick, openSignedIn, storedApiToken, openedDialog } from './support';
import { screenshotWhenAsked } from './shots';

/** The real cadastral lots committed in testdata/vectors (see testdata/README.md): surveyors' files as delivered. */
const VECTORS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../testdata/vectors');
const SHOTS = '../test-results/screens';

function fixture(name: string, mimeType: string) {
  return { name, mimeType, buffer: readFileSync(path.join(VECTORS, name)) };
}

/** Registers an allotment of the demo customer through the API and opens its 'Importar lotes' drawer. */
async function openImportDrawer(page: Page, prefix: string) {
  await openSignedIn(page, ADMIN, { path: '/page/admin' });
  const name = `${prefix} ${Date.now()}`;
  const admin = api(page.request, await storedApiToken(page));
  const customers = await admin.call(securityApi.listCustomers);
  const customerId = customers.find((customer) => customer.name.startsWith('Horizonte'))!.id;
  await admin.call(projectRegistrationApi.create, { body: { name, projectType: 'ALLOTMENT', customerId } });
  await page.goto('/page/admin');
  await page.getByRole('tab', { name: 'Cadastrar projeto' }).click();
  await page
    .getByRole('table', { name: 'Projetos cadastrados' })
    .getByRole('row', { name: new RegExp(name) })
    .getByRole('button', { name: `Importar lotes de ${name}` })
    .click();
  const drawer = openedDialog(page, { name: new RegExp(`Importar lotes · \\d+ - ${name}`) });
  return { name, drawer, form: drawer.getByRole('form', { name: 'Importar lotes' }) };
}

/** Confirms, opens the project's map and clicks around its middle until a lot popup opens; returns its title. */
async function confirmAndOpenALot(page: Page, drawer: Locator, name: string) {
  await drawer
    .getByRole('form', { name: 'Importar lotes' })
    .getByRole('button', { name: 'Confirmar importação' })
    .click();
  await expect(drawer.getByText('Importação concluída', { exact: true })).toBeVisible({ timeout: 30_000 });
  const summary = (await drawer.textContent()) ?? '';
  await drawer.getByRole('button', { name: 'Abrir o mapa do projeto' }).click();
  await expect(page).toHaveURL(/\/page\/fusion-map$/);
  await expect(page.getByTestId('project-selector')).toContainText(name);
  const map = page.locator('[data-testid="map-stage"] > [data-testid="map-canvas"]');
  await waitForMapReady(map);
  const box = (await map.boundingBox())!;
  const popup = page.getByTestId('lot-popup');
  for (const [dx, dy] of [
    [0, 0],
    [25, 15],
    [-30, 10],
    [40, -25],
    [-50, -30],
    [60, 40],
  ]) {
    await page.mouse.click(box.x + box.width / 2 + dx!, box.y + box.height / 2 + dy!);
    if (await popup.isVisible({ timeout: 1_500 }).catch(() => false)) break;
  }
  await expect(popup).toBeVisible();
  return { summary, popup };
}

test('ADMIN imports the São Paulo lots from the committed zipped Shapefile: CRS read from its .prj, 192 lots, one on the map', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const { name, drawer, form } = await openImportDrawer(page, 'Lotes São Paulo SHP');
  await form
    .locator('input[type=file]')
    .setInputFiles(fixture('saopaulo_lotes_utm23s_shp.zip', 'application/zip'));
  await form.getByRole('button', { name: 'Pré-visualizar' }).click();

  const counts = drawer.getByTestId('import-counts');
  // A server's first import starts a thread of its CPU pool (it loads every task's modules): seconds on a busy
  // runner before the preview's first answer.
  await expect(counts).toContainText('Feições192', { timeout: 30_000 });
  await expect(counts).toContainText('Válidas192');
  await expect(counts).toContainText('Inválidas0');
  await expect(counts).toContainText('Lotes novos192');
  await expect(drawer).toContainText('Shapefile');
  // The ESRI-style .prj has no EPSG code: its own name is shown, read from the file.
  await expect(drawer).toContainText('SIRGAS 2000 UTM Zone 23S (do arquivo)');
  await expect(drawer).not.toContainText('EPSG: ·');
  await waitForMapReady(drawer.getByTestId('import-preview-map').getByTestId('map-canvas'));
  await screenshotWhenAsked(page, { path: `${SHOTS}/admin-layer-import-shapefile-preview.png` });

  const { summary, popup } = await confirmAndOpenALot(page, drawer, name);
  expect(summary).toContain('192 lotes novos');
  // São Paulo's lots are named by their number, in 'setor-quadra' blocks, with the city's 10-digit lot code.
  await expect(popup.locator('h2')).toHaveText(/^(Lote )?\d+ Quadra \d{3}-\d{3}$/);
  await expect(popup).toContainText(/Código do cliente\s*:?\s*\d{10}/);
  await screenshotWhenAsked(page, { path: `${SHOTS}/admin-layer-import-shapefile-map.png` });
});

test('ADMIN imports the Cascavel lots from the committed DXF: refused until a CRS is picked on the screen, then 168 lots in 6 blocks, one on the map', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const { name, drawer, form } = await openImportDrawer(page, 'Lotes Cascavel DXF');
  await form
    .locator('input[type=file]')
    .setInputFiles(fixture('cascavel_lotes_utm22s.dxf', 'application/dxf'));
  await form.getByRole('button', { name: 'Pré-visualizar' }).click();
  // A DXF carries no CRS: the screen says so and nothing is previewed (a server's first import starts a thread of
  // its CPU pool: seconds on a busy runner).
  await expect(drawer.getByRole('alert').filter({ hasText: 'EPSG' })).toBeVisible({ timeout: 30_000 });
  await expect(drawer.getByTestId('import-counts')).toHaveCount(0);

  await pick(page, form.getByLabel('Sistema de coordenadas'), 'SIRGAS 2000 / UTM 22S');
  await form.getByRole('button', { name: 'Pré-visualizar' }).click();
  const counts = drawer.getByTestId('import-counts');
  await expect(counts).toContainText('Inválidas0');
  await expect(counts).toContainText('Lotes novos168');
  await expect(drawer).toContainText('EPSG:31982');
  await expect(drawer).toContainText('(escolhido)');
  await expect(drawer.getByText('Lotes: 168')).toBeVisible();
  await expect(drawer.getByText('Quadras: 6')).toBeVisible();
  await waitForMapReady(drawer.getByTestId('import-preview-map').getByTestId('map-canvas'));
  await screenshotWhenAsked(page, { path: `${SHOTS}/admin-layer-import-dxf-preview.png` });

  const { summary, popup } = await confirmAndOpenALot(page, drawer, name);
  expect(summary).toContain('168 lotes novos');
  // Lot numbers and blocks read from the drawing's TEXT/MTEXT inside each outline.
  await expect(popup.locator('h2')).toHaveText(/^(Lote )?\d+ Quadra \d+$/);
  await screenshotWhenAsked(page, { path: `${SHOTS}/admin-layer-import-dxf-map.png` });
});
