import { expect, test, type Page } from '@playwright/test';
import { layersApi, projectsApi, type Layer } from '@mirante/shared';
import { api } from './api';
import { outerRing } from './geometry';
import { cameraOf, mainMap, screenPoint, settleAfter, waitForMapReady } from './map-ready';
import { ensureAllotmentScenes, openSatelliteMap } from './map-scenes';
import { USER, storedApiToken } from './support';
import { screenshotWhenAsked } from './shots';

const SHOTS = process.env.MAP_SHOTS_DIR ?? 'test-results/map-shots';

type LotRow = Layer;

test.beforeAll(async ({ request }) => {
  test.setTimeout(90_000);
  await ensureAllotmentScenes(request);
});

async function allotmentLots(page: Page): Promise<LotRow[]> {
  const user = api(page.request, await storedApiToken(page));
  const projects = await user.call(projectsApi.list);
  const project = projects.find((item) => item.space === 'jardim-das-palmeiras')!;
  const layers = await user.call(layersApi.listForProject, { params: { projectId: project.id } });
  return layers.filter((layer) => layer.type === 'LOT');
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

/** The clicked lot (by the popup's title 'Lote N Quadra M') and its box on screen now. */
async function lotBoxOnScreen(page: Page, lots: readonly LotRow[]) {
  const title = (await page.getByTestId('lot-popup').locator('h2').textContent()) ?? '';
  const lot = lots.find((item) => {
    const block = (item.block ?? '').replace(/^Q(?=\d)/, '');
    return (item.block ? `${item.name} Quadra ${block}` : item.name) === title;
  });
  expect(lot, title).toBeDefined();
  const map = mainMap(page);
  const camera = await cameraOf(map);
  const box = (await map.boundingBox())!;
  const points = outerRing(lot!).map(([lng, lat]) => screenPoint(box, camera, lng, lat));
  const xs = points.map((p) => p.x);
  const ys = points.map((p) => p.y);
  return { left: Math.min(...xs), right: Math.max(...xs), top: Math.min(...ys), bottom: Math.max(...ys) };
}

for (const side of ['right', 'left'] as const) {
  test(`the lot popup opens beside a lot clicked on the ${side} of the map, never over it; Escape closes it`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await openSatelliteMap(page, USER);
    const lots = await allotmentLots(page);
    // Two steps in: lots some 40 px wide fill the map.
    const zoomIn = page.getByRole('button', { name: 'Aproximar' });
    for (let step = 0; step < 2; step++) await settleAfter(mainMap(page), () => zoomIn.click());
    const stage = (await page.getByTestId('map-stage').boundingBox())!;
    const x = stage.x + stage.width * (side === 'right' ? 0.7 : 0.3);
    await openLotNear(page, x, stage.y + stage.height * 0.45);
    const popup = page.getByTestId('lot-popup');
    await waitForMapReady(mainMap(page));
    const lot = await lotBoxOnScreen(page, lots);
    const card = (await popup.boundingBox())!;
    const overlaps =
      lot.left < card.x + card.width &&
      card.x < lot.right &&
      lot.top < card.y + card.height &&
      card.y < lot.bottom;
    expect(overlaps, `lote ${JSON.stringify(lot)} × popup ${JSON.stringify(card)}`).toBe(false);
    // The lot is still on screen.
    expect(lot.left).toBeGreaterThanOrEqual(stage.x);
    expect(lot.right).toBeLessThanOrEqual(stage.x + stage.width);
    await screenshotWhenAsked(page, { path: `${SHOTS}/lot-popup-${side}.png` });

    await page.keyboard.press('Escape');
    await expect(popup).toHaveCount(0);
  });
}
