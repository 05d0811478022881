import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { constructionDsm, heightGridTiff, sampleHeights } from '@mirante/demo/elevation-model';
import { inspectionsApi, projectsApi } from '@mirante/shared';
import type { ContractClient } from './api';
import { ensureScenes, scenePng } from './map-scenes';
import { ADMIN, MANAGER, apiAs, noteMessages, openSignedIn, pick, openedDialog } from './support';
import { screenshotWhenAsked } from './shots';

const SPACE = 'edificio-aurora';
/** Scene dates no other spec uses. */
const LATER_DATE = '2025-06-15';
const WITH_SCENE_DATE = '15/05/2025';
const LABEL = '15/06/2025 - Fase #1';
const SHOTS = process.env.E2E_SCREENSHOTS ?? '/tmp';
/** Four 16-bit bands (RGBA): a GeoTIFF, but not an elevation model. */
const FOUR_BANDS = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../testdata/imagery/rgba_uint16_deflate_utm12n.tif',
);
const TIFF = 'image/tiff';

/** A flat 20 m square of DSM some 200 km from the site: valid, but not over the scene. */
const farAwayDsm = () => heightGridTiff(sampleHeights([300_000, 7_200_000], 20, 20, 1, () => 500));

async function auroraProject(client: ContractClient) {
  const projects = await client.call(projectsApi.list);
  return projects.find((item) => item.space === SPACE)!;
}

/** An inspection (phase 1) on LATER_DATE's scene, without an elevation model. */
async function ensureInspection(request: APIRequestContext): Promise<void> {
  const [scene] = await ensureScenes(request, SPACE, [{ date: LATER_DATE, png: scenePng(256, 256, 0.4) }]);
  const client = await apiAs(MANAGER);
  const project = await auroraProject(client);
  const listed = await client.call(inspectionsApi.list, { query: { project_id: project.id } });
  if (listed.some((item) => item.scene_id === scene!.id)) return;
  await client.call(inspectionsApi.save, { body: { project_id: project.id, scene_id: scene!.id, phase: 1 } });
}

async function openInspections(page: Page, email: string) {
  await openSignedIn(page, email, { project: 'Edifício Aurora', path: '/page/construction/inspections' });
}

test.describe.serial('★ elevation model (DSM) of an inspection’s scene', () => {
  test.beforeAll(async ({ request }) => {
    await ensureInspection(request);
  });

  test('later, from Vistorias: wrong type, four bands and off the scene refused in pt-BR; then sent with progress', async ({
    page,
  }) => {
    await openInspections(page, ADMIN);
    const row = page.getByRole('table').locator('tbody tr.ant-table-row', { hasText: '15/06/2025' });
    await expect(row).toContainText('Não');
    await row.getByRole('button', { name: `Modelo de elevação de ${LABEL}` }).click();
    const dialog = openedDialog(page, { name: 'Modelo de elevação' });
    const input = dialog.locator('input[type=file]');
    const send = dialog.getByRole('button', { name: 'Enviar' });

    await send.click();
    await expect(dialog.getByText('Envie o modelo de elevação (GeoTIFF de uma banda).')).toBeVisible();
    await input.setInputFiles({ name: 'alturas.png', mimeType: 'image/png', buffer: scenePng(8, 8, 0.5) });
    await expect(dialog.getByText('Escolha um arquivo GeoTIFF (.tif ou .tiff).')).toBeVisible();

    await input.setInputFiles(FOUR_BANDS);
    await send.click();
    await expect(
      dialog.getByText(
        'Não foi possível enviar o modelo de elevação: O modelo de elevação deve ter uma única banda de ponto flutuante (alturas em metros).',
      ),
    ).toBeVisible();

    await input.setInputFiles({ name: 'longe.tif', mimeType: TIFF, buffer: await farAwayDsm() });
    await send.click();
    await expect(
      dialog.getByText(
        'Não foi possível enviar o modelo de elevação: O modelo de elevação não cobre a área da imagem.',
      ),
    ).toBeVisible();
    await screenshotWhenAsked(page, { path: `${SHOTS}/construction-dsm-refused.png` });

    const uploads: number[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/dsm')) uploads.push(request.postDataBuffer()?.length ?? 0);
    });
    await input.setInputFiles({ name: 'mds.tif', mimeType: TIFF, buffer: await constructionDsm(0) });
    await send.click();
    await expect(page.getByText('Modelo de elevação cadastrado com sucesso.')).toBeVisible();
    await expect(dialog).toHaveCount(0);
    expect(uploads).toHaveLength(1);
    await expect(row).toContainText('Sim');
    await expect(row.getByRole('button', { name: `Modelo de elevação de ${LABEL}` })).toHaveText(
      'Substituir',
    );
    await screenshotWhenAsked(page, { path: `${SHOTS}/construction-dsm-sent.png` });
  });

  test('a MANAGER sees whether the scene has a model but cannot send one', async ({ page }) => {
    await openInspections(page, MANAGER);
    const row = page.getByRole('table').locator('tbody tr.ant-table-row', { hasText: '15/06/2025' });
    await expect(row).toContainText('Sim');
    await expect(row.getByRole('button', { name: /Modelo de elevação/ })).toHaveCount(0);
  });

  test('with the scene, from Cadastrar imagem: the model follows the image, with its own progress', async ({
    page,
  }) => {
    const project = await auroraProject(await apiAs(ADMIN));
    const [[west, south], [east, north]] = project.bounds;
    await openSignedIn(page, ADMIN, { path: '/page/admin' });
    await page.getByRole('tab', { name: 'Cadastrar imagem' }).click({ timeout: 20_000 });
    const form = page.getByRole('form', { name: 'Cadastrar imagem' });
    await form.getByLabel('Data da imagem').fill(WITH_SCENE_DATE);
    await form.getByLabel('Data da imagem').press('Enter');
    await pick(page, form.getByLabel('Projeto', { exact: true }), 'Edifício Aurora');
    const inputs = form.locator('input[type=file]');
    await inputs
      .first()
      .setInputFiles({ name: 'obra.png', mimeType: 'image/png', buffer: scenePng(256, 256, 0.6) });
    await form.getByLabel(/Limites da imagem/).fill(`${west},${south},${east},${north}`);
    await inputs.last().setInputFiles({ name: 'mds.tif', mimeType: TIFF, buffer: await constructionDsm(1) });
    const messages = await noteMessages(page);
    await form.getByRole('button', { name: 'Cadastrar' }).click();
    // The model's message comes once its upload, after the image's, has ended: each is shown for 1 s only.
    await expect
      .poll(messages, { timeout: 15_000 })
      .toEqual(['Imagem cadastrada com sucesso', 'Modelo de elevação cadastrado com sucesso.']);
    await expect(page.getByRole('progressbar', { name: 'Envio do modelo de elevação' })).toHaveAttribute(
      'aria-valuenow',
      '100',
    );
    await screenshotWhenAsked(page, { path: `${SHOTS}/admin-scene-with-dsm.png` });
  });
});
