import { expect, test, type Page } from '@playwright/test';
import { analysesApi } from '@mirante/shared';
import { mainMap, settleAfter } from './map-ready';
import { ensureAllotmentScenes, openSatelliteMap } from './map-scenes';
import { ADMIN, apiAs, openSignedIn, pick } from './support';
import { screenshotWhenAsked } from './shots';

/*
 * 'A revisar': after the AI reads the demo allotment's latest scene, the lots it read with low confidence can be
 * found first — in the admin panel's 'Processamento I.A' tab (filter and count per analysis) and on the map
 * (Camadas → 'Somente lotes a revisar').
 */

const SHOTS = '../test-results/screens';
let sceneDate = '';
let reviewCount = 0;

test.beforeAll(async ({ request }) => {
  test.setTimeout(180_000);
  const scenes = await ensureAllotmentScenes(request);
  const admin = await apiAs(ADMIN);
  const latest = scenes.at(-1)!;
  sceneDate = latest.isoDate.split('-').reverse().join('/');
  const created = await admin.send(analysesApi.create, {
    body: { projectId: latest.projectId, sceneId: latest.id, publishDetection: true },
  });
  // 422: another spec created it first.
  expect([200, 201, 422]).toContain(created.status());
  const all = await admin.call(analysesApi.listAll);
  const analysis = all.find((row) => row.sceneId === latest.id)!;
  await admin.send(analysesApi.processAi, { body: { detect_id: [analysis.id] } });
  await expect
    .poll(
      async () => {
        const rows = await admin.call(analysesApi.scenesWithAnalysis);
        const row = rows.find((item) => item.detect_id === analysis.id);
        reviewCount = row?.review_count ?? 0;
        return row?.processing_state;
      },
      { timeout: 120_000 },
    )
    .toBe('done');
});

async function choose(page: Page, label: string, option: string) {
  await pick(page, page.getByLabel(label, { exact: true }), option);
}

test("Processamento I.A: the analysis shows its lots 'A revisar' and the filter finds it", async ({
  page,
}) => {
  expect(reviewCount, 'the AI read some lots of the test scene with low confidence').toBeGreaterThan(0);
  await openSignedIn(page, ADMIN, { path: '/page/admin' });
  await page.getByRole('tab', { name: 'Processamento I.A' }).click({ timeout: 20_000 });
  const table = page.getByRole('table', { name: 'Análises para processamento' });
  const row = table.getByRole('row', { name: new RegExp(sceneDate) });
  await expect(row).toContainText(reviewCount === 1 ? '1 lote' : `${reviewCount} lotes`);

  await choose(page, 'A revisar', 'Com lotes a revisar');
  await expect(row).toBeVisible();
  await screenshotWhenAsked(page, { path: `${SHOTS}/admin-ai-review.png` });
  await choose(page, 'A revisar', 'Sem lotes a revisar');
  await expect(row).toHaveCount(0);
  await choose(page, 'A revisar', 'Todas');
  await expect(row).toBeVisible();
});

test("map: 'Somente lotes a revisar' shows only the lots the AI is unsure of", async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await openSatelliteMap(page, ADMIN);
  await page.getByRole('tab', { name: 'Camadas' }).click();
  const toggle = page.getByRole('switch', { name: 'Somente lotes a revisar' });
  await expect(page.getByTestId('layers-tab')).toContainText(`Somente lotes a revisar (${reviewCount})`);
  await expect(toggle).not.toBeChecked();
  const map = mainMap(page);
  const before = await map.screenshot();
  await settleAfter(map, () => toggle.click());
  await expect(toggle).toBeChecked();
  const after = await map.screenshot();
  // Fewer lots drawn: the picture changes.
  expect(after.equals(before)).toBe(false);
  await screenshotWhenAsked(page, { path: `${SHOTS}/map-ai-review.png` });
  await settleAfter(map, () => toggle.click());
  await expect(toggle).not.toBeChecked();
});
