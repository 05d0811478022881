import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { mainMap, nearestColour, pixelAt, settleAfter, waitForMapReady } from './map-ready';
import { analysesApi, projectsApi, scenesApi } from '@mirante/shared';
import { ADMIN, apiAs, openSignedIn, pick } from './support';
import { screenshotWhenAsked } from './shots';

const TESTDATA = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../testdata');
/** 192 real São Paulo lots (SIRGAS 2000 / UTM 23S, CRS in the .prj). */
const SHAPEFILE = path.join(TESTDATA, 'vectors/saopaulo_lotes_utm23s_shp.zip');
/** A real 0.5 m image (438×406, 430 kB) placed over 64 of those lots. */
const GEOTIFF = path.join(TESTDATA, 'imagery/spacenet_rio_pixels_sirgas_utm23s_saopaulo_lots.tif');
const SHOTS = '../test-results/screens';

/** A lot's fill (opacity 0.7) over the 'S/ imagem' background '#e6e8eb' (layerStyles.ts). */
const over = (hex: string) =>
  `#${[1, 3, 5]
    .map((at) =>
      Math.round(
        parseInt(hex.slice(at, at + 2), 16) * 0.7 + parseInt('e6e8eb'.slice(at - 1, at + 1), 16) * 0.3,
      ),
    )
    .map((value) => value.toString(16).padStart(2, '0'))
    .join('')}`;
const LOT_COLOURS = {
  grey: over('#9aa3ad'),
  V: over('#3fa34d'),
  B: over('#8d5a2b'),
  E: over('#8e44ad'),
  C: over('#f2c230'),
  O: over('#2e7dd7'),
  background: '#e6e8eb',
};

/** The colours of a 9×7 grid over the middle of the map, where the image lies over the lots. */
async function middleColours(page: Page) {
  const box = (await mainMap(page).boundingBox())!;
  const names: string[] = [];
  for (let row = 0; row < 7; row += 1)
    for (let column = 0; column < 9; column += 1) {
      const x = box.x + box.width * (0.3 + 0.05 * column);
      const y = box.y + box.height * (0.3 + 0.066 * row);
      names.push(nearestColour(await pixelAt(page, x, y), LOT_COLOURS));
    }
  return names;
}

test("a new customer's first hour: register, import a Shapefile, upload a GeoTIFF, run the AI, see the colours, no reload", async ({
  page,
}) => {
  test.setTimeout(300_000);
  await page.setViewportSize({ width: 1366, height: 768 });
  await openSignedIn(page, ADMIN, { path: '/page/admin?aba=projects' });
  // Set once: a reload would drop it.
  await page.evaluate(() => Object.assign(window, { __firstHourWalk: true }));
  const notReloaded = async () =>
    expect(await page.evaluate(() => (window as { __firstHourWalk?: boolean }).__firstHourWalk)).toBe(true);

  // 1. Register the allotment: its checklist appears at once.
  const form = page.getByRole('form', { name: 'Cadastrar projeto' });
  const name = `Primeira hora ${Date.now()}`;
  await form.getByLabel('Nome').fill(name);
  await pick(page, form.getByLabel('Cliente', { exact: true }), 'Horizonte');
  await form.getByRole('button', { name: 'Cadastrar projeto' }).click();
  const steps = page.getByTestId('first-steps');
  await expect(steps).toContainText(`Primeiros passos · ${name}`);
  await expect(steps.locator('[aria-current="step"]')).toContainText('Importar os lotes');
  await steps.scrollIntoViewIfNeeded();
  await screenshotWhenAsked(page, { path: `${SHOTS}/first-hour-1-checklist.png` });

  // 2. Import the surveyor's Shapefile from the checklist.
  await steps.getByRole('button', { name: 'Importar lotes' }).click();
  const drawer = page.getByRole('dialog', { name: new RegExp(`Importar lotes · \\d+ - ${name}`) });
  const importForm = drawer.getByRole('form', { name: 'Importar lotes' });
  await importForm.locator('input[type=file]').setInputFiles({
    name: 'saopaulo_lotes_utm23s_shp.zip',
    mimeType: 'application/zip',
    buffer: readFileSync(SHAPEFILE),
  });
  await importForm.getByRole('button', { name: 'Pré-visualizar' }).click();
  await expect(drawer.getByTestId('import-counts')).toContainText('Lotes novos192', { timeout: 60_000 });
  await importForm.getByRole('button', { name: 'Confirmar importação' }).click();
  await expect(drawer.getByText('Importação concluída', { exact: true })).toBeVisible({ timeout: 60_000 });
  await screenshotWhenAsked(page, { path: `${SHOTS}/first-hour-2-imported.png` });

  // 3. The next step is the image, with the project already chosen and published by default.
  await drawer.getByRole('button', { name: 'Próximo passo: cadastrar imagem' }).click();
  const sceneForm = page.getByRole('form', { name: 'Cadastrar imagem' });
  await expect(sceneForm).toContainText(name);
  await expect(sceneForm.getByLabel('Publicar imagem')).toBeChecked();
  await sceneForm.getByLabel('Data da imagem').fill('10/05/2024');
  await sceneForm.getByLabel('Data da imagem').press('Enter');
  await sceneForm.locator('input[type=file]').first().setInputFiles(GEOTIFF);
  await sceneForm.getByRole('button', { name: 'Cadastrar' }).click();
  // The jobs' ends are read through the API, then on the page once.
  const admin = await apiAs(ADMIN);
  const projectId = (await admin.call(projectsApi.list)).find((project) => project.name === name)!.id;
  const scene = async () =>
    (await admin.call(scenesApi.listForProject, { params: { id: projectId } })).find(
      (row) => row.isoDate === '2024-05-10',
    );
  await expect.poll(async () => (await scene())?.status, { timeout: 60_000 }).toMatch(/^(ready|failed)$/);
  await expect(page.getByTestId('scene-ingest-status')).toHaveText('Imagem processada e pronta.');
  await expect(page.getByRole('progressbar', { name: 'Processamento da imagem' })).toBeInViewport();
  await screenshotWhenAsked(page, { path: `${SHOTS}/first-hour-3-image-ready.png` });

  // 4. The AI, started from the image itself.
  const ai = page.getByTestId('image-ai');
  await ai.getByRole('button', { name: 'Analisar esta imagem com I.A' }).click();
  const sceneId = (await scene())!.id;
  await expect
    .poll(
      async () =>
        (await admin.call(analysesApi.listAll)).find((row) => row.sceneId === sceneId)?.processingState,
      { timeout: 150_000 },
    )
    .toMatch(/^(done|failed)$/);
  await expect(ai).toContainText(/Análise concluída: \d+ lotes lidos/);
  await screenshotWhenAsked(page, { path: `${SHOTS}/first-hour-4-ai-done.png` });

  // 5. The map: the image in the default view, and the lots it covers coloured by the AI.
  await ai.getByRole('button', { name: 'Ver os lotes no mapa' }).click();
  await expect(page.getByTestId('project-selector')).toContainText(name);
  const map = mainMap(page);
  await waitForMapReady(map);
  await expect(page.getByText('Este projeto não possui nenhuma imagem')).toHaveCount(0);
  await screenshotWhenAsked(page, { path: `${SHOTS}/first-hour-5-map.png` });
  await settleAfter(map, () => page.getByTestId('map-type').getByText('S/ imagem').click());
  const colours = await middleColours(page);
  const read = colours.filter((colour) => ['V', 'B', 'E', 'C', 'O'].includes(colour));
  expect(read.length, `lot colours in the middle of the map: ${colours.join(' ')}`).toBeGreaterThan(5);
  await notReloaded();
});
