import { expect, test } from '@playwright/test';
import { ensureScenes, scenePng } from './map-scenes';
import { analysesApi, scenesApi } from '@mirante/shared';
import type { ContractClient } from './api';
import { ADMIN, apiAs, openSignedIn } from './support';
import { screenshotWhenAsked } from './shots';

const SHOTS = process.env.MAP_SHOTS_DIR ?? 'test-results/map-shots';
/** The first day of this month in Brazil: the 'Processamento I.A' tab opens on the current month. */
const TODAY = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
const SCENE_DATE = `${TODAY.slice(0, 7)}-01`;
const SHOWN_DATE = SCENE_DATE.split('-').reverse().join('/');

let sceneId = 0;
let admin: ContractClient;

test.beforeAll(async ({ request }) => {
  test.setTimeout(120_000);
  admin = await apiAs(ADMIN);
  const [scene] = await ensureScenes(request, 'jardim-das-palmeiras', [
    // 576 px across the allotment: about 1.6 m per pixel, fine enough for the AI to read (it refuses > 2 m).
    { date: SCENE_DATE, png: scenePng(576, 480, 0.5) },
  ]);
  const row = scene!;
  sceneId = row.id;
  const created = await admin.send(analysesApi.create, {
    body: { projectId: row.projectId, sceneId: row.id, publishDetection: false },
  });
  expect([200, 201, 422]).toContain(created.status());
});

/** The other specs see the allotment's usual scenes again. */
test.afterAll(async () => {
  await admin.call(scenesApi.remove, { body: { ids: [sceneId] } });
});

test('the AI processing list follows a queued analysis to its end without reopening the tab', async ({
  page,
}) => {
  test.setTimeout(150_000);
  await openSignedIn(page, ADMIN, { path: '/page/admin' });
  await page.getByRole('tab', { name: 'Processamento I.A' }).click({ timeout: 20_000 });
  const row = page
    .getByRole('table', { name: 'Análises para processamento' })
    .getByRole('row', { name: new RegExp(SHOWN_DATE) })
    .filter({ hasText: 'Jardim das Palmeiras' });
  await expect(row).toBeVisible();
  await row.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Enviar para processamento' }).click();
  await expect(page.getByText('1 análise enviada para a fila de processamento.')).toBeVisible();
  await expect(row.getByText(/Na fila|%|Concluído/)).toBeVisible();

  // No click, no reload: the row follows the job until it ends (read through the API, then on the page).
  const state = async () =>
    (await admin.call(analysesApi.listAll)).find((item) => item.sceneId === sceneId)?.processingState;
  await expect.poll(state, { timeout: 120_000 }).toMatch(/^(done|failed)$/);
  expect(await state()).toBe('done');
  await expect(row.getByText('Concluído')).toBeVisible();
  await screenshotWhenAsked(page, { path: `${SHOTS}/ai-processing-done.png` });
});
