import { expect, test, type Page } from '@playwright/test';
import { analysesApi } from '@mirante/shared';
import { changes, mainMap, settleAfter, waitForMapReady } from './map-ready';
import { ensureAllotmentScenes, openSatelliteMap, pickOption } from './map-scenes';
import { ADMIN, apiAs, openedDialog } from './support';
import { screenshotWhenAsked } from './shots';

const SHOTS = '../test-results/screens';

test.beforeAll(async ({ request }) => {
  test.setTimeout(90_000);
  const scenes = await ensureAllotmentScenes(request);
  const admin = await apiAs(ADMIN);
  const latest = scenes.at(-1)!;
  const response = await admin.send(analysesApi.create, {
    body: { projectId: latest.projectId, sceneId: latest.id, publishDetection: true },
  });
  expect([200, 201, 422]).toContain(response.status());
});

/** Zooms in around the middle so single lots are big enough to click. */
async function zoomIn(page: Page): Promise<{ x: number; y: number; width: number; height: number }> {
  const box = (await page.getByTestId('map-canvas').boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await settleAfter(mainMap(page), async () => {
    for (let i = 0; i < 3; i++) await page.mouse.wheel(0, -400);
  });
  return box;
}

/** Clicks (Shift held or not) around the middle until the selection count changes; the point clicked. */
async function clickSomeLot(
  page: Page,
  name: string,
  shift: boolean,
): Promise<{ x: number; y: number } | null> {
  const box = (await page.getByTestId('map-canvas').boundingBox())!;
  const count = page.getByTestId(`${name}-count`);
  for (const [dx, dy] of [
    [0, 0],
    [30, 20],
    [-40, 10],
    [60, -30],
  ]) {
    const before = await count.textContent();
    const point = { x: box.x + box.width / 2 + dx!, y: box.y + box.height / 2 + dy! };
    if (shift) await page.keyboard.down('Shift');
    await page.mouse.click(point.x, point.y);
    if (shift) await page.keyboard.up('Shift');
    if (await changes(count, before)) return point;
  }
  return null;
}

test('label edit: a plain click selects a lot, with the hint on the bar', async ({ page }) => {
  await openSatelliteMap(page, ADMIN);
  await page.getByRole('button', { name: 'Editar lotes/quadras' }).click();
  await expect(page.getByTestId('label-edit-hint')).toHaveText(
    'Clique num lote ou numa quadra para selecioná-lo (clique de novo para desmarcar); com Ctrl ou Shift, passar o mouse seleciona.',
  );
  await zoomIn(page);
  const point = await clickSomeLot(page, 'label-edit', false);
  expect(point, 'a plain click selected a lot').not.toBeNull();
  await expect(page.getByTestId('label-edit-count')).toHaveText('1 selecionado(s)');
  await page.mouse.move(point!.x + 200, point!.y + 150);
  await waitForMapReady(mainMap(page));
  await screenshotWhenAsked(page, { path: `${SHOTS}/edit-labels-click.png` });
  // Clicking again deselects.
  await page.mouse.click(point!.x, point!.y);
  await expect(page.getByTestId('label-edit-count')).toHaveText('0 selecionado(s)');
});

test('detection edit: a lot typed on this image takes Shift, and the bar says why', async ({ page }) => {
  test.setTimeout(120_000);
  await openSatelliteMap(page, ADMIN);
  await page.getByRole('button', { name: 'Editar detecções' }).click();
  const bar = page.getByTestId('detection-edit-bar');
  await expect(page.getByTestId('detection-edit-hint')).toContainText(
    'Lotes que já têm tipo de detecção nesta imagem: segure Shift ao clicar.',
  );
  await zoomIn(page);
  // Give a lot a type on this image (Shift selects it whether it had one or not).
  const point = await clickSomeLot(page, 'detection-edit', true);
  expect(point, 'a lot under the middle of the map').not.toBeNull();
  await bar.getByRole('button', { name: 'Definir tipo' }).click();
  const dialog = openedDialog(page);
  await pickOption(page, 'Tipo de detecção', 'Construído');
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Detecções atualizadas')).toBeVisible();
  await expect(page.getByTestId('detection-edit-count')).toHaveText('0 selecionado(s)');

  // A plain click leaves it alone and says why; with Shift it is selected.
  const warning = bar.getByText(
    'Este lote já tem tipo de detecção nesta imagem: segure Shift e clique para selecioná-lo.',
  );
  await expect(async () => {
    await page.mouse.click(point!.x, point!.y);
    await expect(warning).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await expect(page.getByTestId('detection-edit-count')).toHaveText('0 selecionado(s)');
  await screenshotWhenAsked(page, { path: `${SHOTS}/edit-detections-shift-hint.png` });
  await page.keyboard.down('Shift');
  await page.mouse.click(point!.x, point!.y);
  await page.keyboard.up('Shift');
  await expect(page.getByTestId('detection-edit-count')).toHaveText('1 selecionado(s)');
  await expect(warning).toHaveCount(0);
});
