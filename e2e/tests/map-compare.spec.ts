import { expect, test } from '@playwright/test';
import { layersApi } from '@mirante/shared';
import { readAnswer } from './api';
import { cameraOf, compareMap, mainMap, settledCamera, waitForMapReady } from './map-ready';
import { ensureAllotmentScenes, openSatelliteMap, pickOption } from './map-scenes';
import { USER } from './support';
import { screenshotWhenAsked } from './shots';

const SHOTS = process.env.MAP_SHOTS_DIR ?? 'test-results/map-shots';

test.beforeAll(async ({ request }) => {
  test.setTimeout(90_000);
  await ensureAllotmentScenes(request);
});

test('Comparar datas: order validation, side by side with mirrored cursor, synced zoom, swipe, unchecking clears', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await openSatelliteMap(page, USER);
  const controls = page.getByTestId('compare-controls');
  await controls.getByText('Comparar datas').click();

  // The earlier date must be strictly before the later one: otherwise a warning and both are cleared.
  await pickOption(page, 'Antes', '15/04/2026');
  await pickOption(page, 'Depois', '15/01/2026');
  await expect(page.getByText('A data anterior precisa ser menor do que a posterior')).toBeVisible();
  await expect(page.getByTestId('compare-pane')).toHaveCount(0);
  await expect(controls.locator('.ant-select-selection-item')).toHaveCount(0);

  await pickOption(page, 'Antes', '15/01/2026');
  await pickOption(page, 'Depois', '15/04/2026');
  const pane = page.getByTestId('compare-pane');
  await expect(pane).toBeVisible();
  await expect(page.getByTestId('compare-before')).toHaveText('Antes: 15/01/2026');
  await expect(page.getByTestId('compare-after')).toHaveText('Depois: 15/04/2026');
  await waitForMapReady(compareMap(page));

  // Side by side: the pointer on the 'Depois' map shows a cross on the 'Antes' map at the same place.
  const stage = (await page.getByTestId('map-stage').boundingBox())!;
  await page.mouse.move(stage.x + stage.width * 0.75, stage.y + stage.height * 0.5);
  const cross = pane.getByTestId('mirror-cursor');
  await expect(cross).toBeVisible();
  const crossBox = (await cross.boundingBox())!;
  expect(Math.abs(crossBox.x + crossBox.width / 2 - (stage.x + stage.width * 0.25))).toBeLessThan(4);
  await waitForMapReady(mainMap(page));
  await waitForMapReady(compareMap(page));
  await screenshotWhenAsked(page, { path: `${SHOTS}/compare-side-by-side.png` });

  // Synced cameras: zooming the 'Depois' map zooms the 'Antes' map to the same zoom and centre.
  const start = await cameraOf(mainMap(page));
  expect(await cameraOf(compareMap(page))).toEqual(start);
  await page.getByRole('button', { name: 'Aproximar' }).click();
  await expect.poll(async () => (await settledCamera(mainMap(page)))?.zoom).toBeCloseTo(start.zoom + 1, 2);
  const after = await cameraOf(mainMap(page));
  await expect.poll(() => settledCamera(compareMap(page))).toEqual(after);
  const shownZoom = Number((await page.getByTestId('map-zoom').textContent())?.replace('Zoom: ', ''));
  expect(Math.abs(shownZoom - after.zoom)).toBeLessThanOrEqual(0.05);

  // Swipe: the 'Antes' map covers the left of a draggable divider.
  await page.getByTestId('compare-mode').getByText('Cortina').click();
  const divider = page.getByTestId('swipe-divider');
  await expect(divider).toBeVisible();
  await expect(divider).toHaveAttribute('aria-valuenow', '50');
  const handle = (await divider.boundingBox())!;
  await page.mouse.move(handle.x + handle.width / 2, stage.y + stage.height / 2);
  await page.mouse.down();
  await page.mouse.move(stage.x + stage.width * 0.3, stage.y + stage.height / 2, { steps: 5 });
  await page.mouse.up();
  await expect(divider).toHaveAttribute('aria-valuenow', /^(29|30|31)$/);
  await expect(pane).toHaveAttribute('style', /clip-path: inset\(0px 7\d(\.\d+)?% 0px 0px\)/);
  await waitForMapReady(compareMap(page));
  await screenshotWhenAsked(page, { path: `${SHOTS}/compare-swipe.png` });

  // While dates are compared, a third scene asks to unselect one first.
  await page.getByTestId('scene-card').filter({ hasText: '15/10/2025' }).click();
  await expect(
    page.getByText('Você deve desmarcar uma das cenas selecionadas para visualizar outra cena.'),
  ).toBeVisible();

  // Unchecking clears both dates and ends the comparison.
  await controls.getByText('Comparar datas').click();
  await expect(pane).toHaveCount(0);
  await controls.getByText('Comparar datas').click();
  await expect(page.getByLabel('Antes', { exact: true })).toBeVisible();
  await expect(controls).not.toContainText('15/01/2026');
});

test('two scenes picked in Imagens are compared; a third replaces the oldest', async ({ page }) => {
  await openSatelliteMap(page, USER);
  const cards = page.getByTestId('scene-card');
  await cards.filter({ hasText: '15/10/2025' }).click();
  await expect(page.getByTestId('compare-pane')).toBeVisible();
  await expect(page.getByTestId('compare-before')).toHaveText('Antes: 15/10/2025');
  await expect(page.getByTestId('compare-after')).toHaveText('Depois: 15/04/2026');
  // The first selected (15/04/2026) is the oldest selection: it is replaced.
  await cards.filter({ hasText: '15/01/2026' }).click();
  await expect(page.getByTestId('compare-before')).toHaveText('Antes: 15/10/2025');
  await expect(page.getByTestId('compare-after')).toHaveText('Depois: 15/01/2026');
  await waitForMapReady(compareMap(page));
  await cards.filter({ hasText: '15/10/2025' }).click();
  await expect(page.getByTestId('compare-pane')).toHaveCount(0);
});

test('a lot clicked while dates are compared shows its status on each date and whether it changed', async ({
  page,
}) => {
  await openSatelliteMap(page, USER);
  await page.getByTestId('compare-controls').getByText('Comparar datas').click();
  await pickOption(page, 'Antes', '15/10/2025');
  await pickOption(page, 'Depois', '15/04/2026');
  await waitForMapReady(compareMap(page));

  // The 'Depois' map is the right half in side-by-side mode: click lots there until one opens.
  const stage = (await page.getByTestId('map-stage').boundingBox())!;
  const popup = page.getByTestId('lot-compare-popup');
  for (const [fx, fy] of [
    [0.75, 0.5],
    [0.72, 0.45],
    [0.8, 0.55],
    [0.68, 0.6],
    [0.85, 0.4],
  ]) {
    await page.mouse.click(stage.x + stage.width * fx!, stage.y + stage.height * fy!);
    if (await popup.isVisible({ timeout: 1_500 }).catch(() => false)) break;
  }
  await expect(popup).toBeVisible();
  await expect(page.getByTestId('lot-popup')).toHaveCount(0);
  await expect(popup.locator('h2')).toHaveText(/^Lote \d+ Quadra \d+$/);
  expect(Math.round((await popup.boundingBox())!.width)).toBe(430);

  const before = popup.getByTestId('lot-compare-antes');
  const after = popup.getByTestId('lot-compare-depois');
  await expect(before).toContainText('Antes · 15/10/2025');
  await expect(after).toContainText('Depois · 15/04/2026');
  const statusOf = async (side: typeof before) =>
    (await side.locator('.lot-compare__status').count()) > 0
      ? await side.locator('.lot-compare__status').innerText()
      : 'Sem detecção';
  const [then, now] = [await statusOf(before), await statusOf(after)];
  await expect(popup.getByTestId('lot-compare-verdict')).toHaveText(then === now ? 'Igual' : 'Modificado');
  // Each side's detection is the one on or before its date (the map's colour then), not the lot's latest one.
  for (const [side, isoDate] of [
    [before, '2025-10-15'],
    [after, '2026-04-15'],
  ] as const) {
    const meta = await side.locator('.lot-compare__meta').innerText();
    const detected = /Detectado em (\d{2})\/(\d{2})\/(\d{4})/.exec(meta);
    if (detected) expect(`${detected[3]}-${detected[2]}-${detected[1]}` <= isoDate, meta).toBe(true);
  }
  await screenshotWhenAsked(page, { path: `${SHOTS}/compare-lot-popup.png` });

  await popup.getByRole('button', { name: 'Fechar' }).click();
  await expect(popup).toHaveCount(0);
});

test('over imagery, lots take their status on the image’s date; the map type S/ imagem shows the latest', async ({
  page,
}) => {
  await openSatelliteMap(page, USER);
  const legend = page.getByTestId('map-legend');
  await expect(legend).toContainText('Situação em 15/04/2026');

  // Comparing: the 'Antes' map asks for the lots' statuses on its own date.
  const january = page.waitForResponse(
    (response) => response.url().includes('/lot-statuses?date=2026-01-15') && response.status() === 200,
  );
  const cards = page.getByTestId('scene-card');
  await cards.filter({ hasText: '15/01/2026' }).click();
  const body = await readAnswer(layersApi.lotStatusesAt, await january);
  expect(body.lots.length).toBeGreaterThan(500);
  await expect(legend).toContainText('Situação na data de cada imagem');

  // Only January left: the main map follows it.
  await cards.filter({ hasText: '15/04/2026' }).click();
  await expect(page.getByTestId('compare-pane')).toHaveCount(0);
  await expect(legend).toContainText('Situação em 15/01/2026');

  await page.getByTestId('map-type').getByText('S/ imagem').click();
  await expect(legend).toContainText('Última detecção');
});
