import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type APIRequestContext } from '@playwright/test';
import {
  projectRegistrationApi,
  projectsApi,
  sceneAlignmentApi,
  scenesApi,
  securityApi,
  type CreateProjectInput,
} from '@mirante/shared';
import { mainMap, waitForMapReady } from './map-ready';
import { ADMIN, apiAs, noteMessages, openSignedIn, openedDialog } from './support';
import { screenshotWhenAsked } from './shots';

const IMAGERY = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../testdata/imagery');
/** A real 0.5 m image (SIRGAS 2000 / UTM 23S, São Paulo)… */
const ORIGINAL = path.join(IMAGERY, 'spacenet_rio_pixels_sirgas_utm23s_saopaulo_lots.tif');
/** …and the same pixels georeferenced 6.3 m east and 4.1 m south of it. */
const MOVED = path.join(IMAGERY, 'spacenet_rio_pixels_sirgas_utm23s_moved_6.3m_east_4.1m_south.tif');
const SHOTS = '../test-results/screens';
/** Around both footprints (lon/lat). */
const OUTLINE: NonNullable<CreateProjectInput['delimiter']> = {
  type: 'Polygon',
  coordinates: [
    [
      [-46.7685, -23.7255],
      [-46.7625, -23.7255],
      [-46.7625, -23.7195],
      [-46.7685, -23.7195],
      [-46.7685, -23.7255],
    ],
  ],
};

/** A project of its own with the original (10/05/2025) and the moved copy (10/06/2025), both ready. */
async function projectWithMovedScene(request: APIRequestContext): Promise<string> {
  const admin = await apiAs(ADMIN);
  const customers = await admin.call(securityApi.listCustomers);
  const name = `Alinhamento ${Date.now()}`;
  const project = await admin.call(projectRegistrationApi.create, {
    body: {
      name,
      projectType: 'ALLOTMENT',
      customerId: customers.find((customer) => customer.name === 'Horizonte Urbanismo')!.id,
      delimiter: OUTLINE,
      defaultZoom: 17,
    },
  });
  for (const [date, file] of [
    ['2025-05-10', ORIGINAL],
    ['2025-06-10', MOVED],
  ] as const) {
    const response = await request.post('/api/v1/scene', {
      headers: admin.headers,
      multipart: {
        date,
        project: String(project.id),
        publishImage: 'true',
        file: { name: path.basename(file), mimeType: 'image/tiff', buffer: readFileSync(file) },
      },
    });
    expect(response.status(), await response.text()).toBe(200);
    // One after the other: the copy is compared with the original once that one is ready.
    await expect
      .poll(
        async () => {
          const scenes = await admin.call(scenesApi.listForProject, { params: { id: project.id } });
          return scenes.find((scene) => scene.isoDate === date)?.status;
        },
        { timeout: 150_000 },
      )
      .toBe('ready');
  }
  return name;
}

test('the ADMIN judges the proposed alignment of a moved scene in a before/after swipe and accepts it', async ({
  page,
  request,
}) => {
  test.setTimeout(420_000);
  await page.setViewportSize({ width: 1366, height: 768 });
  const project = await projectWithMovedScene(request);
  // The moved copy's alignment, estimated after its ingest: its end read through the API, then on the page.
  const admin = await apiAs(ADMIN);
  const projectId = (await admin.call(projectsApi.list)).find((row) => row.name === project)!.id;
  const moved = (await admin.call(scenesApi.listForProject, { params: { id: projectId } })).find(
    (scene) => scene.isoDate === '2025-06-10',
  )!;
  const alignment = async () =>
    (await admin.call(sceneAlignmentApi.get, { params: { id: moved.id } })).data?.status ?? 'none';
  await expect.poll(alignment, { timeout: 60_000 }).not.toMatch(/^(running|none)$/);
  await openSignedIn(page, ADMIN, { path: '/page/fusion-map?tipo=satelite', project });
  await waitForMapReady(mainMap(page), 90_000);

  // The latest scene (the moved copy) is shown: Mirante proposes moving it back about 6.3 m west and 4.1 m north
  // (UTM's grid north is 0.9° off true north there: 6.24 m and 4.20 m on the ground).
  const proposal = page.getByTestId('alignment-proposal');
  await expect(proposal).toContainText('Alinhamento automático');
  await expect(proposal).toContainText(
    /O Mirante propõe deslocar esta imagem 6,[1-4]\d m para oeste e 4,[0-3]\d m para norte, alinhando-a à imagem de 10\/05\/2025 \(confiança \d+%, sobreposição \d+%\)\./,
  );
  await screenshotWhenAsked(page, { path: `${SHOTS}/alignment-proposal-panel.png` });

  // Before/after: the reference under this scene, split by a curtain.
  await proposal.getByRole('button', { name: 'Comparar antes/depois' }).click();
  const dialog = openedDialog(page, { name: 'Alinhamento da imagem de 10/06/2025' });
  const swipe = dialog.getByTestId('alignment-swipe');
  await expect(swipe.getByRole('img', { name: 'Imagem de 10/05/2025 (referência)' })).toBeVisible();
  await expect(dialog.getByTestId('alignment-swipe-after')).toBeVisible();
  await screenshotWhenAsked(page, { path: `${SHOTS}/alignment-swipe-after.png` });
  await dialog.getByText('Antes (como enviada)').click();
  await expect(dialog.getByTestId('alignment-swipe-before')).toBeVisible();
  const curtain = dialog.getByRole('slider', { name: 'Posição da cortina' });
  await curtain.focus();
  for (let step = 0; step < 10; step++) await page.keyboard.press('ArrowLeft');
  await expect(curtain).toHaveAttribute('aria-valuenow', '40');
  await expect(dialog.getByTestId('alignment-swipe-before')).toHaveAttribute(
    'style',
    /inset\(0px 0px 0px 40%\)/,
  );
  await screenshotWhenAsked(page, { path: `${SHOTS}/alignment-swipe-before.png` });

  // Accepting writes the proposal into the scene's offset.
  const messages = await noteMessages(page);
  await dialog.getByRole('button', { name: 'Aceitar proposta' }).click();
  await expect.poll(messages).toContain('Alinhamento aplicado ao offset da imagem.');
  await expect(dialog).toBeHidden();
  await expect(proposal).toContainText('Proposta aceita: o offset da imagem foi ajustado.');
  await expect(proposal.getByRole('button', { name: 'Aceitar proposta' })).toHaveCount(0);
  await page.getByText('Editar offset').click();
  await expect(page.getByLabel('Offset X')).toHaveValue(/^-6\.[1-4]\d*$/);
  await expect(page.getByLabel('Offset Y')).toHaveValue(/^4\.[0-3]\d*$/);
  await screenshotWhenAsked(page, { path: `${SHOTS}/alignment-accepted.png` });
});
