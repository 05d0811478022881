import { expect, test } from '@playwright/test';
import { projectsApi, scenesApi } from '@mirante/shared';
import { boxGlb } from './glb';
import { mainMap, waitForMapReady } from './map-ready';
import { scenePng } from './map-scenes';
import { ADMIN, apiAs, openSignedIn } from './support';
import { screenshotWhenAsked } from './shots';

const MODEL_DATE = '2026-02-10';

/** Uploads a scene with a tiny GLB model to the construction project (once per server). */
test.beforeAll(async ({ request }) => {
  test.setTimeout(90_000);
  const admin = await apiAs(ADMIN);
  const projects = await admin.call(projectsApi.list);
  const project = projects.find((item) => item.name.startsWith('Edifício Aurora'))!;
  const list = () => admin.call(scenesApi.listForProject, { params: { id: project.id } });
  if (!(await list()).some((scene) => scene.isoDate === MODEL_DATE)) {
    const [[west, south], [east, north]] = project.bounds;
    const response = await request.post('/api/v1/scene', {
      headers: admin.headers,
      multipart: {
        date: MODEL_DATE,
        project: String(project.id),
        publishImage: 'true',
        bounds: `${west},${south},${east},${north}`,
        file: { name: 'obra.png', mimeType: 'image/png', buffer: scenePng(256, 256, 0.5) },
        model: { name: 'obra.glb', mimeType: 'model/gltf-binary', buffer: boxGlb() },
      },
    });
    expect([200, 201, 422]).toContain(response.status());
  }
  await expect
    .poll(async () => (await list()).find((scene) => scene.isoDate === MODEL_DATE)?.status, {
      timeout: 45_000,
    })
    .toBe('ready');
});

test('the login page loads no three.js chunk', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  await page.goto('/');
  await expect(page.getByLabel('Email')).toBeVisible();
  expect(scripts.filter((url) => /Model3d|three/i.test(url))).toEqual([]);
});

test('3D viewer: percentage while loading, then the model; load errors reported', async ({ page }) => {
  test.setTimeout(90_000);
  await openSignedIn(page, ADMIN, { project: 'Edifício Aurora - Zona 7', path: '/page/area' });
  await expect(page).toHaveURL(/\/page\/area/);
  await waitForMapReady(mainMap(page));

  // Held back a little so that the loading percentage can be seen.
  const modelUrls: string[] = [];
  await page.route('**/tiles/**/model*', async (route) => {
    modelUrls.push(route.request().url());
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  await page.getByRole('button', { name: 'Ver modelo 3D' }).click();
  const loading = page.getByTestId('model3d-loading');
  await expect(loading).toContainText('Carregando mapa 3d...');
  await expect(loading).toContainText(/\d+%/);
  await expect(page.getByTestId('model3d-canvas')).toHaveAttribute('data-state', 'ready', {
    timeout: 30_000,
  });
  await expect(page.getByTestId('model3d-canvas').locator('canvas')).toBeVisible();
  expect(modelUrls[0]).toMatch(/[?&]api_token=/);
  await page.getByRole('button', { name: 'Aproximar modelo' }).click();
  await page.getByRole('button', { name: 'Parar rotação' }).click();
  await expect(page.getByRole('button', { name: 'Girar' })).toBeVisible();
  await screenshotWhenAsked(page, { path: 'test-results/map-3d-viewer.png' });

  await page.locator('.ant-modal-close').click();
  await page.unroute('**/tiles/**/model*');
  await page.route('**/tiles/**/model*', (route) => route.fulfill({ status: 404, body: '' }));
  await page.getByRole('button', { name: 'Ver modelo 3D' }).click();
  await expect(page.getByText('Ops, ocorreu algum erro ao carregar o mapa')).toBeVisible();
  await screenshotWhenAsked(page, { path: 'test-results/map-3d-error.png' });
});
