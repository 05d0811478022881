import { expect, test, type Page } from '@playwright/test';
import { analysesApi, scenesApi } from '@mirante/shared';
import { changes, mainMap, settleAfter, waitForMapReady } from './map-ready';
import { ensureScenes, openSatelliteMap, pickOption, scenePng } from './map-scenes';
import type { ContractClient } from './api';
import { ADMIN, apiAs, openedDialog } from './support';
import { screenshotWhenAsked } from './shots';

const SHOTS = process.env.MAP_SHOTS_DIR ?? 'test-results/map-shots';
/**
 * A scene of its own, read by the real AI: after the other test scenes, before the demo's last ground-truth date
 * (2026-11-01), so that the status the test writes never becomes a lot's latest one for the specs after it.
 */
const SCENE_DATE = '2026-10-20';
const SHOWN_DATE = '20/10/2026';

let admin: ContractClient;
let sceneId = 0;

test.beforeAll(async ({ request }) => {
  test.setTimeout(150_000);
  admin = await apiAs(ADMIN);
  // 576 px across the allotment: about 1.6 m per pixel, fine enough for the AI (it refuses > 2 m).
  const [scene] = await ensureScenes(request, 'jardim-das-palmeiras', [
    { date: SCENE_DATE, png: scenePng(576, 480, 0.5) },
  ]);
  const row = scene!;
  sceneId = row.id;
  const created = await admin.send(analysesApi.create, {
    body: { projectId: row.projectId, sceneId, publishDetection: false },
  });
  expect([200, 201, 422]).toContain(created.status());
  const analysis = async () =>
    (await admin.call(analysesApi.listAll)).find((item) => item.sceneId === sceneId);
  const detectId = (await analysis())!.id;
  await admin.call(analysesApi.processAi, { body: { detect_id: [detectId] } });
  await expect.poll(async () => (await analysis())?.processingState, { timeout: 120_000 }).toBe('done');
});

/** The other specs see the allotment's usual scenes again (the AI's rows go with the scene's analysis). */
test.afterAll(async () => {
  await admin.call(scenesApi.remove, { body: { ids: [sceneId] } });
});

const AROUND = [
  [0, 0],
  [30, 20],
  [-40, 10],
  [60, -30],
  [-70, -40],
  [90, 50],
] as const;

/** Clicks around the middle of the map until a lot popup opens; returns where. */
async function openLotPopup(page: Page): Promise<{ x: number; y: number }> {
  const box = (await page.getByTestId('map-canvas').boundingBox())!;
  for (const [dx, dy] of AROUND) {
    const point = { x: box.x + box.width / 2 + dx, y: box.y + box.height / 2 + dy };
    await page.mouse.click(point.x, point.y);
    if (
      await page
        .getByTestId('lot-popup')
        .isVisible({ timeout: 1_500 })
        .catch(() => false)
    )
      return point;
  }
  throw new Error('nenhum lote encontrado no centro do mapa');
}

/** Shift-clicks (lots with a status need Shift) around the middle until one lot is selected; returns where. */
async function selectSomeLot(page: Page): Promise<{ x: number; y: number }> {
  const box = (await page.getByTestId('map-canvas').boundingBox())!;
  const count = page.getByTestId('detection-edit-count');
  for (const [dx, dy] of AROUND) {
    const before = await count.textContent();
    const point = { x: box.x + box.width / 2 + dx, y: box.y + box.height / 2 + dy };
    await page.keyboard.down('Shift');
    await page.mouse.click(point.x, point.y);
    await page.keyboard.up('Shift');
    if (await changes(count, before)) return point;
  }
  throw new Error('nenhum lote selecionado no centro do mapa');
}

/** The lot popup's history entry of the test scene's date. */
const entryOnSceneDate = (page: Page) =>
  page.getByTestId('lot-popup').getByTestId('status-timeline-entry').filter({ hasText: SHOWN_DATE });

test('the lot history says who wrote each status: IA with its confidence, an ADMIN’s edit with the ADMIN’s name', async ({
  page,
}) => {
  test.setTimeout(150_000);
  await openSatelliteMap(page, ADMIN);
  await expect(page.getByTestId('scene-card').first()).toContainText(SHOWN_DATE);
  const zoomIn = page.getByRole('button', { name: 'Aproximar' });
  for (let step = 0; step < 2; step++) await settleAfter(mainMap(page), () => zoomIn.click());

  // A lot as the AI read it on the scene's date.
  await openLotPopup(page);
  const aiEntry = entryOnSceneDate(page);
  await expect(aiEntry).toContainText('IA');
  await expect(aiEntry).toContainText(/Confiança \d{1,3}%/);
  await expect(aiEntry).not.toContainText('Edição manual');
  await screenshotWhenAsked(page, { path: `${SHOTS}/lot-history-ai.png` });
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('lot-popup')).toHaveCount(0);
  await waitForMapReady(mainMap(page));

  // The ADMIN sets a lot's type by hand on the same date.
  const editButton = page.getByRole('button', { name: 'Editar detecções' });
  await editButton.click();
  const bar = page.getByTestId('detection-edit-bar');
  const point = await selectSomeLot(page);
  await expect(page.getByTestId('detection-edit-count')).toHaveText('1 selecionado(s)');
  await bar.getByRole('button', { name: 'Definir tipo' }).click();
  await pickOption(page, 'Tipo de detecção', 'Outros');
  await openedDialog(page).getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Detecções atualizadas')).toBeVisible();
  await editButton.click();
  await expect(bar).toHaveCount(0);
  await waitForMapReady(mainMap(page));

  // Its history now names the edit and its author, with no confidence.
  await page.mouse.click(point.x, point.y);
  const manualEntry = entryOnSceneDate(page);
  await expect(manualEntry).toContainText('Outros');
  await expect(manualEntry).toContainText('Edição manual');
  await expect(manualEntry).toContainText('por Ana Administradora');
  await expect(manualEntry).not.toContainText('Confiança');
  await expect(page.getByTestId('lot-popup')).not.toContainText('Confiança 100%');
  await screenshotWhenAsked(page.getByTestId('lot-popup'), { path: `${SHOTS}/lot-history-manual.png` });
});
