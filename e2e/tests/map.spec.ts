import { expect, test, type Page } from '@playwright/test';
import { projectsApi } from '@mirante/shared';
import { api } from './api';
import { ADMIN, MANAGER, OTHER_CUSTOMER_USER, USER, openSignedIn, storedApiToken } from './support';
import {
  cameraOf,
  colourDistance,
  hexOf,
  mainMap,
  nearestColour,
  screenPoint,
  pixelAt,
  settleAfter,
  waitForMapReady,
} from './map-ready';
import { ensureAllotmentScenes } from './map-scenes';
import { screenshotWhenAsked } from './shots';

const SHOTS = process.env.MAP_SHOTS_DIR ?? 'test-results/map-shots';

async function openMap(page: Page, email: string, query = ''): Promise<void> {
  await openSignedIn(page, email, query ? { path: `/page/fusion-map${query}` } : {});
  await expect(page.getByTestId('map-screen')).toBeVisible({ timeout: 20_000 });
  await expect(page.locator('.maplibregl-canvas')).toBeVisible();
}

/** Clicks around the middle of the map until a lot popup opens (the demo allotment fills the view). */
async function openSomeLot(page: Page): Promise<void> {
  const box = (await page.getByTestId('map-canvas').boundingBox())!;
  for (const [dx, dy] of [
    [0, 0],
    [30, 20],
    [-40, 10],
    [60, -30],
    [-70, -40],
    [90, 50],
    [-100, 60],
    [15, -70],
  ]) {
    await page.mouse.click(box.x + box.width / 2 + dx!, box.y + box.height / 2 + dy!);
    if (
      await page
        .getByTestId('lot-popup')
        .isVisible({ timeout: 1_500 })
        .catch(() => false)
    )
      return;
  }
  throw new Error('nenhum lote encontrado no centro do mapa');
}

test('a USER sees the allotment map: layers, status bar, tabs, lot popup with history and observations', async ({
  page,
}) => {
  await openMap(page, USER);
  const statusBar = page.getByTestId('map-status-bar');
  await expect(statusBar).toContainText('RGB');
  await expect(page.getByTestId('map-legend')).toContainText('Em construção');
  await expect(statusBar).toContainText(/Zoom: \d+/);
  const canvas = page.getByTestId('map-canvas');
  const box = (await canvas.boundingBox())!;
  await page.mouse.move(box.x + 200, box.y + 200);
  await expect(statusBar).toContainText(/Lat: -23,\d+ Lng: -51,\d+/);

  await page.getByRole('tab', { name: 'Detalhes' }).click();
  await expect(page.getByTestId('project-details')).toContainText('Jardim das Palmeiras');
  await page.getByRole('tab', { name: 'Camadas' }).click();
  const layersTab = page.getByTestId('layers-tab');
  await expect(layersTab).toContainText('Lotes');
  await layersTab.getByText('Selecionar todas').click();
  await expect(layersTab.getByRole('checkbox', { name: /Lotes/ })).toBeChecked();
  await layersTab.getByText('Selecionar todas').click();
  await expect(layersTab.getByRole('checkbox', { name: /Lotes/ })).not.toBeChecked();
  await layersTab.getByText('Selecionar todas').click();

  // No ADMIN tools for a USER.
  await page.getByRole('tab', { name: 'Imagens' }).click();
  await expect(page.getByTestId('publish-scene')).toHaveCount(0);

  await openSomeLot(page);
  const popup = page.getByTestId('lot-popup');
  await expect(popup.locator('h2')).toHaveText(/^Lote \d+ Quadra \d+$/);
  await expect(popup).toContainText('Código do cliente');
  const timeline = popup.getByTestId('status-timeline');
  await expect(timeline.locator('.ant-timeline-item')).toHaveCount(3);
  await timeline.getByRole('button', { name: 'Carregar mais' }).click();
  await expect(timeline.locator('.ant-timeline-item')).toHaveCount(6);
  // The demo's statuses say they are demo data, with no invented confidence.
  await expect(timeline).toContainText('Dado de demonstração');
  await expect(timeline).not.toContainText('Confiança');

  // The form is open while there is no observation.
  await popup.getByRole('button', { name: 'Salvar observação' }).click();
  await expect(popup).toContainText('Informe a descrição da observação.');
  await popup.getByLabel('Descrição').fill('Calçada danificada em frente ao lote');
  await popup.getByRole('button', { name: 'Salvar observação' }).click();
  await expect(page.getByText('A observação foi criada com sucesso!')).toBeVisible();
  await expect(popup.getByTestId('observation')).toContainText('Calçada danificada');
  await popup.getByRole('button', { name: 'Remover observação' }).click();
  await page.getByRole('button', { name: 'Remover', exact: true }).click();
  await expect(page.getByText('Observação removida com sucesso!')).toBeVisible();
  await expect(popup.getByTestId('observation')).toHaveCount(0);
});

test('map types: Satélite draws the image over a dark surround, Mapa over the drawn street map; S/ imagem no image', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await ensureAllotmentScenes(request);
  const sceneTileRequests: string[] = [];
  page.on('request', (r) => {
    if (/\/tiles\/.*\d+\/\d+\/\d+/.test(r.url())) sceneTileRequests.push(r.url());
  });
  await openMap(page, ADMIN, '?tipo=satelite');
  const types = page.getByTestId('map-type');
  const map = mainMap(page);
  const statusBar = page.getByTestId('map-status-bar');
  await expect(page.locator('.ant-segmented-item-selected')).toHaveText('Satélite');
  await waitForMapReady(map);
  const box = (await map.boundingBox())!;
  // Inside the 40 px the project is fitted with: no layer there, and outside the scene (it covers the project).
  // Which map type's background is there (layerStyles.ts BACKGROUND), by the nearest colour.
  const surround = async () =>
    nearestColour(await pixelAt(page, box.x + 6, box.y + box.height / 2), {
      satelite: '#1d2125',
      // No base map configured: 'Mapa' draws the project as a street map on land (DRAWN_MAP.land).
      mapa: '#dce7c6',
      'sem-imagem': '#e6e8eb',
    });
  expect(await surround()).toBe('satelite');
  expect(sceneTileRequests.length, 'scene tiles drawn in Satélite').toBeGreaterThan(0);
  // Just inside the project's (and the scene's) north-west corner: the image in Satélite and in Mapa, never in S/ imagem.
  const projects = await api(page.request, await storedApiToken(page)).call(projectsApi.list);
  const [[west], [, north]] = projects.find(
    (item) => item.name === 'Jardim das Palmeiras - Etapas 1 a 3',
  )!.bounds;
  const corner = screenPoint(box, await cameraOf(map), west, north);
  expect(corner.x).toBeGreaterThan(box.x);
  expect(corner.y).toBeGreaterThan(box.y);
  const insideScene = () => pixelAt(page, corner.x + 8, corner.y + 8);
  const image = hexOf(await insideScene());
  for (const background of ['#1d2125', '#eef0ea', '#e6e8eb'])
    expect(
      colourDistance(await insideScene(), background),
      `image, not background ${background}`,
    ).toBeGreaterThan(30);
  await expect(statusBar).toContainText('Imagem: 15/04/2026');
  await screenshotWhenAsked(page, { path: `${SHOTS}/satelite.png` });

  await settleAfter(map, () => types.getByText('Mapa').click());
  await expect(page).toHaveURL(/tipo=mapa/);
  expect(await surround()).toBe('mapa');
  // The customer's image is drawn over the street map too: inside the scene, the image, not a white street.
  expect(nearestColour(await insideScene(), { image, mapa: '#ffffff' })).toBe('image');
  await expect(statusBar).toContainText('Imagem: 15/04/2026');
  await screenshotWhenAsked(page, { path: `${SHOTS}/mapa.png` });

  await settleAfter(map, () => types.getByText('S/ imagem').click());
  await expect(page).toHaveURL(/tipo=sem-imagem/);
  await expect(page.locator('.ant-segmented-item-selected')).toHaveText('S/ imagem');
  expect(await surround()).toBe('sem-imagem');
  expect(nearestColour(await insideScene(), { image, 'sem-imagem': '#e6e8eb' })).toBe('sem-imagem');
  await expect(statusBar).not.toContainText('Imagem:');
  await expect(page.getByTestId('map-legend')).toContainText('Última detecção');
  // Zooming in without the image asks for no scene tile.
  sceneTileRequests.length = 0;
  await settleAfter(map, () => page.getByRole('button', { name: 'Aproximar' }).click());
  expect(sceneTileRequests).toEqual([]);
  await screenshotWhenAsked(page, { path: `${SHOTS}/sem-imagem.png` });
  // The lots are still there to click.
  await openSomeLot(page);
  await screenshotWhenAsked(page, { path: `${SHOTS}/lot-popup.png` });
});

test('another customer cannot reach the allotment’s layers', async ({ page, request }) => {
  await openSignedIn(page, USER);
  const projects = await api(request, await storedApiToken(page)).call(projectsApi.list);
  const allotment = projects.find((project) => project.space === 'jardim-das-palmeiras')!;
  const other = await page.context().browser()!.newContext();
  const otherPage = await other.newPage();
  await openSignedIn(otherPage, OTHER_CUSTOMER_USER);
  const otherToken = await storedApiToken(otherPage);
  const response = await request.get(`/api/v1/project/${allotment.id}/layers`, {
    headers: { Authorization: `Bearer ${otherToken}` },
  });
  expect(response.status()).toBe(404);
  // Vale Verde's own project has no imagery nor layers yet: it opens on the empty-project screen, not the map.
  await expect(otherPage.getByTestId('project-selector')).toBeVisible({ timeout: 20_000 });
  await otherPage.getByTestId('project-selector').click();
  await expect(otherPage.locator('.ant-select-item-option', { hasText: 'Jardim das Palmeiras' })).toHaveCount(
    0,
  );
  await other.close();
});

test('a construction project’s map has a sidebar of sections instead of tabs', async ({ page }) => {
  await openSignedIn(page, MANAGER, { project: 'Edifício Aurora - Zona 7', path: '/page/area' });
  await expect(page).toHaveURL(/\/page\/area/);
  const sidebar = page.getByTestId('map-sidebar');
  await expect(sidebar).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('tab', { name: 'Detalhes' })).toHaveCount(0);
  // No lots here: no lot-status legend either.
  await expect(page.getByTestId('map-legend')).toHaveCount(0);

  // Imagens opens first; other sections open alongside it.
  await expect(sidebar.getByTestId('compare-controls')).toBeVisible();
  // A section opening animates its height and moves the headers below it: wait for the motion to end before
  // the next click, or on a busy machine the click lands where the header was a moment ago.
  const sectionsSettled = () => expect(sidebar.locator('[class*="ant-motion-collapse"]')).toHaveCount(0);
  await sidebar.getByRole('button', { name: 'Camadas' }).click();
  await expect(sidebar.getByTestId('layers-tab')).toBeVisible();
  await expect(sidebar.getByTestId('compare-controls')).toBeVisible();
  await sectionsSettled();
  await sidebar.getByRole('button', { name: 'Detalhes do projeto' }).click();
  await expect(sidebar.getByTestId('project-details')).toContainText('Edifício Aurora');
  await screenshotWhenAsked(page, { path: `${SHOTS}/construction-sidebar.png` });

  // Sections close again.
  await sectionsSettled();
  await sidebar.getByRole('button', { name: 'Camadas' }).click();
  await expect(sidebar.getByTestId('layers-tab')).toBeHidden();
});
