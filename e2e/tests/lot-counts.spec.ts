import { readFile } from 'node:fs/promises';
import { expect, test, type Download, type Locator, type Page } from '@playwright/test';
import { analysesApi } from '@mirante/shared';
import { changes, mainMap, settleAfter } from './map-ready';
import { ensureAllotmentScenes, openSatelliteMap } from './map-scenes';
import { ADMIN, MANAGER, apiAs, openSignedIn } from './support';
import { screenshotWhenAsked } from './shots';

const SHOTS = process.env.MAP_SHOTS_DIR ?? 'test-results/map-shots';

/** Opens an export menu and clicks a format (again if a click was lost to the menu's animation). */
async function downloadFrom(page: Page, menuButton: Locator, format: 'CSV' | 'Excel'): Promise<Download> {
  let download: Download | undefined;
  await expect(async () => {
    const link = page.locator('.ant-dropdown:visible').getByRole('link', { name: format });
    if (!(await link.isVisible())) await menuButton.click();
    [download] = await Promise.all([page.waitForEvent('download', { timeout: 8_000 }), link.click()]);
  }).toPass({ timeout: 40_000 });
  return download!;
}

test('one lot count everywhere: Detalhes, the layers list and the detections list; invaded lots in the report and its export', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await openSignedIn(page, MANAGER, { path: '/page/fusion-map' });
  await page.getByRole('tab', { name: 'Detalhes' }).click();
  const detailsRow = page.getByTestId('project-details').locator('tr', { hasText: 'Lotes' });
  const inDetails = Number((await detailsRow.locator('td').last().textContent())?.replace(/\D/g, ''));
  expect(inDetails).toBeGreaterThan(0);

  await page.getByRole('tab', { name: 'Camadas' }).click();
  const layerItem = page.getByTestId('layers-tab').locator('.layers-tab__item', { hasText: /^Lotes/ });
  await expect(layerItem).toBeVisible();
  const inLayers = Number(/\((\d+)\)/.exec((await layerItem.textContent()) ?? '')?.[1]);
  expect(inLayers).toBe(inDetails);

  await page.goto('/page/list');
  await expect(page.getByRole('heading', { name: /Lista de detecções/ })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('summary-tags')).toContainText(`Total na lista: ${inDetails}`);
  // The invaded lots are listed: a row 'Invasão' in the status table, counted in its TOTAL.
  const final = page.getByTestId('side-final');
  await expect(final.locator('tr', { hasText: 'Invasão' })).toBeVisible();
  await expect(final.locator('tr', { hasText: 'TOTAL' })).toContainText(String(inDetails));
  await screenshotWhenAsked(page, { path: `${SHOTS}/lot-counts-detections.png` });

  const csv = await downloadFrom(
    page,
    page.getByRole('button', { name: /^(\S+ )?Exportar$/ }).first(),
    'CSV',
  );
  const lines = (await readFile(await csv.path())).toString('utf8').slice(1).trim().split('\r\n');
  expect(lines).toHaveLength(inDetails + 1);
  expect(lines.some((line) => line.includes('Invasão'))).toBe(true);
});

test.describe('detection-type editor', () => {
  test.beforeAll(async ({ request }) => {
    test.setTimeout(90_000);
    const scenes = await ensureAllotmentScenes(request);
    // The shown (latest) scene needs an analysis to edit its lots' types.
    const admin = await apiAs(ADMIN);
    const latest = scenes.at(-1)!;
    const response = await admin.send(analysesApi.create, {
      body: { projectId: latest.projectId, sceneId: latest.id, publishDetection: true },
    });
    expect([200, 201, 422]).toContain(response.status());
  });

  test("the ADMIN's detection-type editor offers 'Invasão'", async ({ page }) => {
    test.setTimeout(90_000);
    await openSatelliteMap(page, ADMIN);
    await page.getByRole('button', { name: 'Editar detecções' }).click();
    const bar = page.getByTestId('detection-edit-bar');
    await expect(bar).toBeVisible();
    const box = (await page.getByTestId('map-canvas').boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await settleAfter(mainMap(page), async () => {
      for (let i = 0; i < 3; i++) await page.mouse.wheel(0, -400);
    });
    const count = page.getByTestId('detection-edit-count');
    let picked = false;
    for (const [dx, dy] of [
      [0, 0],
      [30, 20],
      [-40, 10],
      [60, -30],
    ]) {
      const before = await count.textContent();
      await page.keyboard.down('Shift');
      await page.mouse.click(box.x + box.width / 2 + dx!, box.y + box.height / 2 + dy!);
      await page.keyboard.up('Shift');
      if ((picked = await changes(count, before))) break;
    }
    expect(picked, 'a lot under the middle of the map').toBe(true);
    await bar.getByRole('button', { name: 'Definir tipo' }).click();
    await page.getByLabel('Tipo de detecção', { exact: true }).click();
    const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
    await expect(options.filter({ hasText: 'Invasão' })).toBeVisible();
    await options.filter({ hasText: 'Invasão' }).hover();
    await screenshotWhenAsked(page, { path: `${SHOTS}/detection-type-invasao.png` });
  });
});
