import { expect, test, type Page } from '@playwright/test';
import { mainMap, waitForMapReady } from './map-ready';
import { USER, openSignedIn } from './support';
import { screenshotWhenAsked } from './shots';

const SHOTS = process.env.MAP_SHOTS_DIR ?? 'test-results/map-shots';

async function openMap(page: Page): Promise<{ x: number; y: number; width: number; height: number }> {
  await openSignedIn(page, USER);
  await waitForMapReady(mainMap(page));
  return (await page.getByTestId('map-canvas').boundingBox())!;
}

test('measure lots: crosshair, a click gives area in m² and perimeter in m (no popup)', async ({ page }) => {
  const box = await openMap(page);
  await page.getByRole('button', { name: 'Medir lotes' }).click();
  await expect(page.getByTestId('measure-result')).toContainText('Clique em um lote');
  await expect(page.locator('.maplibregl-canvas')).toHaveCSS('cursor', 'crosshair');
  const result = page.getByTestId('measure-result');
  for (const [dx, dy] of [
    [0, 0],
    [30, 20],
    [-40, 10],
    [60, -30],
    [-70, -40],
  ]) {
    await page.mouse.click(box.x + box.width / 2 + dx!, box.y + box.height / 2 + dy!);
    if (
      await result
        .getByText(/^Área: /)
        .isVisible({ timeout: 800 })
        .catch(() => false)
    )
      break;
  }
  await expect(result).toContainText(/Lote \d+ Quadra \S+/);
  await expect(result).toContainText(/Área: [\d.]+,\d\d m²/);
  await expect(result).toContainText(/Perímetro: [\d.]+,\d\d m/);
  await expect(page.getByTestId('lot-popup')).toHaveCount(0);
  await page.getByRole('button', { name: 'Encerrar medição' }).click();
  await expect(result).toHaveCount(0);
});

test('measure distance and area by drawing (Terra Draw + Turf), rotate clamped to -360..360', async ({
  page,
}) => {
  const box = await openMap(page);
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  const result = page.getByTestId('measure-result');

  await page.getByRole('button', { name: 'Medir distância' }).click();
  await page.mouse.click(cx - 150, cy);
  await page.mouse.move(cx + 50, cy, { steps: 4 });
  await page.mouse.click(cx + 50, cy);
  await page.mouse.move(cx + 150, cy - 60, { steps: 4 });
  await page.mouse.click(cx + 150, cy - 60);
  await page.mouse.click(cx + 150, cy - 60);
  await expect(result).toContainText(/Distância: [\d.]+,\d+ (m|km)/);
  await screenshotWhenAsked(page, { path: `${SHOTS}/measure-distance.png` });

  await page.getByRole('button', { name: 'Medir área' }).click();
  await expect(result).toContainText('Clique para marcar os vértices');
  const points: [number, number][] = [
    [cx - 120, cy - 80],
    [cx + 120, cy - 80],
    [cx + 120, cy + 80],
    [cx - 120, cy + 80],
  ];
  for (const [x, y] of points) {
    await page.mouse.move(x, y, { steps: 4 });
    await page.mouse.click(x, y);
  }
  await page.mouse.move(points[0]![0], points[0]![1], { steps: 4 });
  await page.mouse.click(points[0]![0], points[0]![1]);
  await expect(result).toContainText(/Área: [\d.]+,\d\d m²/);
  await expect(result).toContainText(/Perímetro: [\d.]+,\d+ (m|km)/);
  await screenshotWhenAsked(page, { path: `${SHOTS}/measure-area.png` });
  await page.getByRole('button', { name: 'Medir área' }).click();
  await expect(result).toHaveCount(0);

  await page.getByRole('tab', { name: 'Camadas' }).click();
  const angle = page.getByLabel('Ângulo de rotação');
  await angle.fill('500');
  await angle.press('Enter');
  await expect(angle).toHaveValue('360');
  await angle.fill('-45');
  await angle.press('Enter');
  await expect(angle).toHaveValue('-45');
  await expect(page.getByTestId('layers-tab').getByText('Identificador dos lotes')).toBeVisible();
});
