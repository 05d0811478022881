import { expect, test } from '@playwright/test';
import { scenesApi } from '@mirante/shared';
import { mainMap, waitForMapReady } from './map-ready';
import { SCENE_DATES, ensureScenes, openSatelliteMap, scenePng } from './map-scenes';
import { ADMIN, USER, apiAs } from './support';
import { screenshotWhenAsked } from './shots';

const SHOTS = process.env.MAP_SHOTS_DIR ?? 'test-results/map-shots';
/** Eleven older scenes (2024) beside the three test scenes: 14 in all, so the list pages twice. */
const OLD_DATES = Array.from({ length: 11 }, (_, month) => `2024-${String(month + 1).padStart(2, '0')}-10`);

let oldSceneIds: number[] = [];

test.beforeAll(async ({ request }) => {
  test.setTimeout(180_000);
  const scenes = await ensureScenes(request, 'jardim-das-palmeiras', [
    ...SCENE_DATES.map((date, index) => ({ date, png: scenePng(768, 640, 0.1 + index * 0.35) })),
    ...OLD_DATES.map((date) => ({ date, png: scenePng(96, 80, 0.2) })),
  ]);
  oldSceneIds = scenes.filter((scene) => OLD_DATES.includes(scene.isoDate)).map((scene) => scene.id);
});

/** The other specs see the usual three scenes again. */
test.afterAll(async () => {
  const admin = await apiAs(ADMIN);
  await admin.call(scenesApi.remove, { body: { ids: oldSceneIds } });
});

test('browsing older images scrolls only the side panel: the map, tabs and status bar never move', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await openSatelliteMap(page, USER);
  await page.getByRole('tab', { name: 'Imagens' }).click();
  const map = mainMap(page);
  const statusBar = page.getByTestId('map-status-bar');
  const tabs = page.getByRole('tab', { name: 'Detalhes' });
  const mapBox = await map.boundingBox();
  const barBox = await statusBar.boundingBox();
  const tabsBox = await tabs.boundingBox();

  // The newest scene is shown at first; unselect it so that the old one picked below is the one shown.
  const newest = page.getByTestId('scene-card').first();
  await expect(newest).toHaveAttribute('aria-pressed', 'true');
  await newest.click();
  await expect(newest).toHaveAttribute('aria-pressed', 'false');

  const more = page.getByRole('button', { name: 'Carregar mais imagens' });
  await more.click();
  await more.click();
  await expect(more).toHaveCount(0);
  const oldest = page.getByTestId('scene-card').filter({ hasText: '10/01/2024' });
  await oldest.click();
  await expect(oldest).toHaveAttribute('aria-pressed', 'true');
  await waitForMapReady(map);

  // Nothing outside the panel scrolled: not the window, not the map screen, not the page layout.
  expect(await map.boundingBox()).toEqual(mapBox);
  expect(await statusBar.boundingBox()).toEqual(barBox);
  expect(await tabs.boundingBox()).toEqual(tabsBox);
  const scrolled = await page.evaluate(() => {
    const list: string[] = [];
    const panel = document.querySelector('.map-options');
    for (let node = panel?.parentElement ?? null; node; node = node.parentElement) {
      if (node.scrollTop !== 0 || node.scrollLeft !== 0) list.push(node.className || node.tagName);
    }
    if (window.scrollY !== 0) list.push('window');
    return list;
  });
  expect(scrolled).toEqual([]);
  await expect(statusBar).toBeInViewport();
  await expect(oldest).toBeInViewport();
  await screenshotWhenAsked(page, { path: `${SHOTS}/side-panel-old-scene.png` });
});
