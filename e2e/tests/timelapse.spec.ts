import { mkdirSync } from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { timelapseApi } from '@mirante/shared';
import { api, readAnswer } from './api';
import { mainMap, settleAfter, waitForMapReady } from './map-ready';
import { ensureAllotmentScenes } from './map-scenes';
import { openSignedIn, pick, storedApiToken, USER } from './support';
import { screenshotWhenAsked } from './shots';

const SHOTS = process.env.TIMELAPSE_SHOTS_DIR ?? 'test-results/timelapse-shots';

test.beforeAll(async ({ request }) => {
  test.setTimeout(90_000);
  await ensureAllotmentScenes(request);
});

/** Opens the allotment map in Satélite; the first frame may take long on a busy machine (software WebGL). */
async function openSatelliteMap(page: Page): Promise<void> {
  await openSignedIn(page, USER, { path: '/page/fusion-map?tipo=satelite' });
  await waitForMapReady(mainMap(page), 120_000);
}

/** The frame shown, once its image has loaded. */
async function loadedFrame(dialog: Locator): Promise<string> {
  const frame = dialog.getByTestId('timelapse-frame');
  await expect(frame).toHaveAttribute('data-loaded', 'true', { timeout: 60_000 });
  return (await frame.getAttribute('data-date')) ?? '';
}

/** Clicks around a point of the map until a lot popup opens. */
async function openLotNear(page: Page, x: number, y: number): Promise<void> {
  for (const [dx, dy] of [
    [0, 0],
    [6, 4],
    [-8, 2],
    [10, -6],
    [-12, -8],
    [16, 10],
  ]) {
    await page.mouse.click(x + dx!, y + dy!);
    if (
      await page
        .getByTestId('lot-popup')
        .isVisible({ timeout: 1_500 })
        .catch(() => false)
    )
      return;
  }
  throw new Error('nenhum lote encontrado perto do ponto');
}

/** Exports the timelapse in `format` and answers the downloaded file's name. */
async function exportAs(page: Page, dialog: Locator, label: 'WebP animado' | 'GIF animado'): Promise<string> {
  const download = page.waitForEvent('download', { timeout: 120_000 });
  const started = page.waitForResponse(
    (response) => response.request().method() === 'POST' && response.url().includes('/timelapse/exports'),
  );
  await dialog.getByRole('button', { name: label }).click();
  // The export's end is read through the API, then on the dialog once.
  const { id } = await readAnswer(timelapseApi.startExport, await started);
  const user = api(page.request, await storedApiToken(page));
  const state = async () => (await user.call(timelapseApi.exportStatus, { params: { id } })).status;
  await expect.poll(state, { timeout: 120_000 }).toMatch(/^(ready|failed)$/);
  const status = dialog.getByTestId('timelapse-export-status');
  await expect(status).toHaveAttribute('data-status', 'ready');
  await expect(status).toContainText('Pronto:');
  const file = await download;
  if (process.env.E2E_SHOTS === '1') {
    mkdirSync(SHOTS, { recursive: true });
    await file.saveAs(`${SHOTS}/${file.suggestedFilename()}`);
  }
  return file.suggestedFilename();
}

test('the map’s timelapse plays the published scenes of the visible area, steps, filters and exports a WebP', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1366, height: 768 });
  await openSatelliteMap(page);
  await page.getByRole('button', { name: 'Timelapse', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Timelapse da área visível' });
  await expect(dialog).toBeVisible();
  const position = dialog.getByTestId('timelapse-position');
  await expect(position).toContainText(/^1 \/ \d+/);
  const total = Number(/\/ (\d+)/.exec((await position.textContent()) ?? '')?.[1]);
  expect(total).toBeGreaterThanOrEqual(3);
  const first = await loadedFrame(dialog);
  expect(first).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
  await screenshotWhenAsked(page, { path: `${SHOTS}/timelapse-mapa.png` });

  // Step forward and back.
  await dialog.getByRole('button', { name: 'Próximo quadro' }).click();
  await expect(position).toContainText(/^2 \//);
  const second = await loadedFrame(dialog);
  expect(second).not.toBe(first);
  await dialog.getByRole('button', { name: 'Quadro anterior' }).click();
  await expect(position).toContainText(/^1 \//);

  // Play at 4×: the frames advance by themselves; pause stops them.
  await dialog.getByText('4×', { exact: true }).click();
  await expect(position).toContainText('carregado', { timeout: 120_000 });
  await dialog.getByRole('button', { name: 'Reproduzir' }).click();
  await expect(position).not.toContainText(/^1 \//, { timeout: 10_000 });
  await dialog.getByRole('button', { name: 'Pausar' }).click();
  await expect(dialog.getByRole('button', { name: 'Reproduzir' })).toBeVisible();

  // A date range: from the second scene on.
  await pick(page, dialog.getByLabel('Data inicial'), second);
  await expect(position).toContainText(new RegExp(`^1 / ${total - 1}`));
  await expect(dialog.getByTestId('timelapse-frame')).toHaveAttribute('data-date', second);
  await pick(page, dialog.getByLabel('Data inicial'), first);
  await expect(position).toContainText(new RegExp(`^1 / ${total}`));

  // Skipping cloudy scenes says how many scenes are left and how the ones without a cloud share are kept.
  await dialog.getByRole('checkbox', { name: 'Pular imagens com nuvens acima de' }).check();
  await expect(dialog.getByText(/de \d+ imagem\(ns\) publicada\(s\)/)).toBeVisible();
  await dialog.getByRole('checkbox', { name: 'Pular imagens com nuvens acima de' }).uncheck();

  // The e2e server has ffmpeg (`.ci/run` installs it): MP4 is offered beside WebP and GIF.
  await expect(dialog.getByRole('button', { name: 'Vídeo MP4' })).toBeEnabled();
  const name = await exportAs(page, dialog, 'WebP animado');
  expect(name).toMatch(/^jardim-das-palmeiras.*-mapa-timelapse-\d{4}-\d{2}-\d{2}-a-\d{4}-\d{2}-\d{2}\.webp$/);
  await screenshotWhenAsked(page, { path: `${SHOTS}/timelapse-mapa-exportado.png` });
});

test('the lot popup’s timelapse follows one lot and exports a GIF named by the lot', async ({ page }) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1366, height: 768 });
  await openSatelliteMap(page);
  const zoomIn = page.getByRole('button', { name: 'Aproximar' });
  for (let step = 0; step < 2; step++) await settleAfter(mainMap(page), () => zoomIn.click());
  const stage = (await page.getByTestId('map-stage').boundingBox())!;
  await openLotNear(page, stage.x + stage.width * 0.5, stage.y + stage.height * 0.45);
  await waitForMapReady(mainMap(page));
  const popup = page.getByTestId('lot-popup');
  const title = (await popup.locator('h2').textContent()) ?? '';
  await popup.getByRole('button', { name: 'Timelapse do lote' }).click();
  const dialog = page.getByRole('dialog', { name: `Timelapse — ${title}` });
  await expect(dialog).toBeVisible();
  await loadedFrame(dialog);
  await screenshotWhenAsked(page, { path: `${SHOTS}/timelapse-lote.png` });
  await dialog.getByRole('button', { name: 'Próximo quadro' }).click();
  await expect(dialog.getByTestId('timelapse-position')).toContainText(/^2 \//);
  await loadedFrame(dialog);

  const name = await exportAs(page, dialog, 'GIF animado');
  expect(name).toMatch(
    /^jardim-das-palmeiras.*-lote-\d+.*-timelapse-\d{4}-\d{2}-\d{2}-a-\d{4}-\d{2}-\d{2}\.gif$/,
  );
  await screenshotWhenAsked(page, { path: `${SHOTS}/timelapse-lote-exportado.png` });
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
});
