import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { mainMap, settleAfter } from './map-ready';
import { ensureAllotmentScenes, openSatelliteMap } from './map-scenes';
import { USER, menuItem } from './support';
import { screenshotWhenAsked } from './shots';

const SHOTS = process.env.MAP_SHOTS_DIR ?? 'test-results/map-shots';

test.beforeAll(async ({ request }) => {
  test.setTimeout(90_000);
  await ensureAllotmentScenes(request);
});

test('export: mapa.png, a landscape PDF with title, date, scale and legend, and the original image', async ({
  page,
}) => {
  await openSatelliteMap(page, USER);
  const exportButton = page.getByRole('button', { name: /^(\S+ )?Exportar$/ });

  await exportButton.click();
  await screenshotWhenAsked(page, { path: `${SHOTS}/export-menu.png` });
  const [png] = await Promise.all([page.waitForEvent('download'), menuItem(page, 'Exportar PNG').click()]);
  expect(png.suggestedFilename()).toBe('mapa.png');
  const pngBytes = readFileSync(await png.path());
  expect(pngBytes.subarray(1, 4).toString('ascii')).toBe('PNG');
  expect(pngBytes.length).toBeGreaterThan(20_000);
  await png.saveAs(`${SHOTS}/export-mapa.png`);

  await exportButton.click();
  const [pdf] = await Promise.all([page.waitForEvent('download'), menuItem(page, 'Exportar PDF').click()]);
  expect(pdf.suggestedFilename()).toBe('mapa.pdf');
  const pdfText = readFileSync(await pdf.path()).toString('latin1');
  expect(pdfText.startsWith('%PDF')).toBe(true);
  expect(pdfText).toMatch(/\/MediaBox \[0 0 841\.\d+ 595\.\d+\]/);
  expect(pdfText).toContain('Jardim das Palmeiras');
  expect(pdfText).toContain('Data da imagem: 15/04/2026');
  expect(pdfText).toMatch(/Escala 1:[\d.]+/);
  expect(pdfText).toContain('Legenda');
  expect(pdfText).toContain('Em constru');
  await pdf.saveAs(`${SHOTS}/export-mapa.pdf`);

  await exportButton.click();
  const [original] = await Promise.all([
    page.waitForEvent('download'),
    menuItem(page, 'Baixar imagem original').click(),
  ]);
  expect(original.suggestedFilename()).toMatch(/\.png$/);
  const originalBytes = readFileSync(await original.path());
  expect(originalBytes.subarray(1, 4).toString('ascii')).toBe('PNG');
});

/** Exports the map as PNG and returns its bytes. */
async function exportPng(page: Page): Promise<Buffer> {
  await page.getByRole('button', { name: /^(\S+ )?Exportar$/ }).click();
  const [png] = await Promise.all([page.waitForEvent('download'), menuItem(page, 'Exportar PNG').click()]);
  return readFileSync(await png.path());
}

test('exports carry the block labels shown on screen', async ({ page }) => {
  await openSatelliteMap(page, USER);
  // Block labels show from zoom 16.
  await settleAfter(mainMap(page), () => page.getByRole('button', { name: 'Aproximar' }).click());
  await expect(page.locator('.map-label--block').first()).toBeVisible({ timeout: 10_000 });

  const withLabels = await exportPng(page);
  // The same frame exported twice gives the same bytes: differences below come from the labels alone.
  expect((await exportPng(page)).equals(withLabels)).toBe(true);

  await page.getByRole('tab', { name: 'Camadas' }).click();
  await page.getByTestId('layers-tab').getByText('Identificador das quadras').click();
  await expect(page.locator('.map-label--block')).toHaveCount(0);
  const withoutLabels = await exportPng(page);
  expect(withoutLabels.equals(withLabels)).toBe(false);
});
