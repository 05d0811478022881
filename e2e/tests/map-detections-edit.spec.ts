import { expect, test, type Page } from '@playwright/test';
import { analysesApi, detectionsApi, layersApi } from '@mirante/shared';
import { api, readAnswer } from './api';
import { changes, mainMap, settleAfter, waitForMapReady } from './map-ready';
import { ensureAllotmentScenes, openSatelliteMap, pickOption } from './map-scenes';
import { ADMIN, USER, apiAs, noteMessages, storedApiToken, openedDialog } from './support';
import { screenshotWhenAsked } from './shots';

test.beforeAll(async ({ request }) => {
  test.setTimeout(90_000);
  const scenes = await ensureAllotmentScenes(request);
  // The shown (latest) scene needs an analysis: its id is the detectId of POST allotments/:detectId.
  const admin = await apiAs(ADMIN);
  const latest = scenes.at(-1)!;
  const response = await admin.send(analysesApi.create, {
    body: { projectId: latest.projectId, sceneId: latest.id, publishDetection: true },
  });
  // 422: the other worker (or an earlier test) created it first.
  expect([200, 201, 422]).toContain(response.status());
});

/** Shift-clicks around the middle of the map until the detection selection count changes. */
async function pickSomeLot(page: Page): Promise<{ x: number; y: number } | null> {
  const box = (await page.getByTestId('map-canvas').boundingBox())!;
  const count = page.getByTestId('detection-edit-count');
  const before = await count.textContent();
  for (const [dx, dy] of [
    [0, 0],
    [30, 20],
    [-40, 10],
    [60, -30],
  ]) {
    const point = { x: box.x + box.width / 2 + dx!, y: box.y + box.height / 2 + dy! };
    await page.keyboard.down('Shift');
    await page.mouse.click(point.x, point.y);
    await page.keyboard.up('Shift');
    if (await changes(count, before)) return point;
  }
  return null;
}

test('a USER has no detection edit tool', async ({ page }) => {
  await openSatelliteMap(page, USER);
  await expect(page.getByTestId('scene-card').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Editar detecções' })).toHaveCount(0);
});

test('ADMIN: detection-type edit — exclusive with label edit, empty selection, save, history, failure', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await openSatelliteMap(page, ADMIN);
  const detections = page.getByRole('button', { name: 'Editar detecções' });
  const labels = page.getByRole('button', { name: 'Editar lotes/quadras' });

  // Mutually exclusive modes.
  await labels.click();
  await expect(page.getByTestId('label-edit-bar')).toBeVisible();
  await detections.click();
  await expect(page.getByTestId('label-edit-bar')).toHaveCount(0);
  const bar = page.getByTestId('detection-edit-bar');
  await expect(bar).toBeVisible();
  await expect(detections).toHaveAttribute('aria-pressed', 'true');

  await bar.getByRole('button', { name: 'Definir tipo' }).click();
  await expect(page.getByText('Nenhuma camada selecionada')).toBeVisible();

  // The map zooms in so that single lots are big enough to click.
  const canvas = page.getByTestId('map-canvas');
  const box = (await canvas.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await settleAfter(mainMap(page), async () => {
    for (let i = 0; i < 3; i++) await page.mouse.wheel(0, -400);
  });
  const point = await pickSomeLot(page);
  expect(point, 'a lot under the middle of the map').not.toBeNull();
  await expect(page.getByTestId('detection-edit-count')).toHaveText('1 selecionado(s)');
  await screenshotWhenAsked(page, { path: 'test-results/detections-edit-selected.png' });

  await bar.getByRole('button', { name: 'Definir tipo' }).click();
  const dialog = openedDialog(page);
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(dialog.getByText('Campo em branco')).toBeVisible();
  await pickOption(page, 'Tipo de detecção', 'Outros');
  const refetched = page.waitForResponse(
    (r) => /\/project\/\d+\/layers/.test(r.url()) && r.request().method() === 'GET',
    { timeout: 30_000 },
  );
  // Over imagery the lots show their status on the image's date: that list is fetched again too.
  const restatused = page.waitForResponse(
    (r) => /\/project\/\d+\/lot-statuses\?date=/.test(r.url()) && r.request().method() === 'GET',
    { timeout: 30_000 },
  );
  const messages = await noteMessages(page);
  const [saved] = await Promise.all([
    page.waitForResponse((r) => /\/allotments\/\d+$/.test(r.url()) && r.request().method() === 'POST'),
    dialog.getByRole('button', { name: 'Salvar' }).click(),
  ]);
  const rows = await readAnswer(detectionsApi.editLots, saved);
  expect(rows).toEqual([expect.objectContaining({ detectType: 'O' })]);
  // Shown for 1 s only: noted as it comes, so that a busy machine's polling cannot miss it.
  await expect.poll(messages).toEqual(['Detecções atualizadas']);
  await expect(page.getByTestId('detection-edit-count')).toHaveText('0 selecionado(s)');

  // The layers are refetched (lots recoloured) and the lot's history has the manual 'O'.
  await refetched;
  const statuses = await readAnswer(layersApi.lotStatusesAt, await restatused);
  expect(statuses.lots.find((lot) => lot.id === rows[0]!.id)?.detect_type).toBe('O');
  const user = api(page.request, await storedApiToken(page));
  const detail = await user.call(layersApi.detail, { params: { id: rows[0]!.id } });
  const history = detail.flatMap((row) => (row.field === 'STATUS_LIST' ? row.value : []));
  expect(history).toContainEqual(expect.objectContaining({ status: 'O', source: 'manual' }));
  await page.mouse.move(box.x + 5, box.y + 5);
  await waitForMapReady(mainMap(page));
  await screenshotWhenAsked(page, { path: 'test-results/detections-edit-saved.png' });

  // Failure message.
  await pickSomeLot(page);
  await page.route('**/api/v1/allotments/*', (route) => route.fulfill({ status: 500, body: '{}' }));
  await bar.getByRole('button', { name: 'Definir tipo' }).click();
  await pickOption(page, 'Tipo de detecção', 'Vazio');
  await openedDialog(page).getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Não foi possivel atualizar as detecções')).toBeVisible();
});
