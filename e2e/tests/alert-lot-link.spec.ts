import { expect, test, type APIRequestContext } from '@playwright/test';
import { alertsApi, analysesApi, projectsApi, scenesApi } from '@mirante/shared';
import { mainMap } from './map-ready';
import { ensureScenes, scenePng } from './map-scenes';
import { ADMIN, MANAGER, apiAs, newestEmailTo, openSignedIn } from './support';
import { screenshotWhenAsked } from './shots';

const PROJECT = 'Jardim das Palmeiras';
const SPACE = 'jardim-das-palmeiras';
/**
 * Days of June 2025 after the demo's first monthly status (2025-06-01), so the AI's readings have a status before
 * them to differ from, and before the other specs' scenes, so no map opens on them; no other spec gives a scene of
 * this project on these days, and each run takes the first free one.
 */
const FREE_DATES = Array.from({ length: 27 }, (_, day) => `2025-06-${String(day + 2).padStart(2, '0')}`);
/** The AI's readings are turned into events by a scan that runs every minute. */
const SCAN_WAIT_MS = 150_000;

/**
 * A new scene of the allotment read by the AI and approved: the lots whose status it changes are news, mailed at
 * once to the MANAGER who chose so.
 */
async function readNewScene(request: APIRequestContext): Promise<string> {
  const admin = await apiAs(ADMIN);
  const projects = await admin.call(projectsApi.list);
  const project = projects.find((item) => item.space === SPACE)!;
  const scenes = await admin.call(scenesApi.listForProject, { params: { id: project.id } });
  const date = FREE_DATES.find((candidate) => !scenes.some((scene) => scene.isoDate === candidate))!;
  expect(date).toBeDefined();
  // An earlier run on this server read the day before: the runs' scenes are built up and bare in turn, so the
  // AI's readings differ from the ones before them.
  const earlier = FREE_DATES.indexOf(date);
  const built = earlier % 2 === 0 ? 0.95 : 0.05;
  const [scene] = await ensureScenes(request, SPACE, [{ date, png: scenePng(768, 640, built) }]);
  const created = await admin.send(analysesApi.create, {
    body: { projectId: project.id, sceneId: scene!.id, publishDetection: true },
  });
  expect([200, 201]).toContain(created.status());
  const all = await admin.call(analysesApi.listAll);
  const analysis = all.find((row) => row.sceneId === scene!.id)!;
  await admin.send(analysesApi.processAi, { body: { detect_id: [analysis.id] } });
  await expect
    .poll(
      async () => {
        const rows = await admin.call(analysesApi.scenesWithAnalysis);
        return rows.find((item) => item.detect_id === analysis.id)?.processing_state;
      },
      { timeout: 120_000 },
    )
    .toBe('done');
  await admin.send(analysesApi.approve, { body: { detect_id: [analysis.id] } });
  return date;
}

test('the lot link of an alert e-mail opens the map on that lot: selected, framed, its popup open', async ({
  page,
}) => {
  test.setTimeout(SCAN_WAIT_MS + 240_000);
  const manager = await apiAs(MANAGER);
  const choices = await manager.call(alertsApi.listAlertPreferences);
  const palmeiras = choices.find((choice) => choice.project_name.startsWith(PROJECT))!;
  await manager.send(alertsApi.saveAlertPreference, {
    params: { project_id: palmeiras.project_id },
    body: { kinds: ['status_changes'], delivery: 'immediate' },
  });
  const since = Date.now();
  await readNewScene(page.request);

  let mail: string | null = null;
  await expect
    .poll(
      () => {
        mail = newestEmailTo(MANAGER, since);
        return mail !== null && /lote=\d+/.test(mail);
      },
      { timeout: SCAN_WAIT_MS, intervals: [3_000] },
    )
    .toBe(true);
  // The plain-text part: "  - Lote 12 (quadra 3): Vazio → Construído — https://…/page/fusion-map?projeto=1&lote=41"
  const line = /^ {2}- (.+?) \(quadra (.+?)\): .+ — (http\S+lote=(\d+))$/m.exec(mail ?? '');
  expect(line, 'a lot line with its map link').not.toBeNull();
  const [, lotName, block, link] = line!;

  await openSignedIn(page, MANAGER);
  await page.setViewportSize({ width: 1366, height: 768 });
  // The e-mail names the server by its APP_URL; the test reaches it at its own address.
  const target = new URL(link!);
  await page.goto(target.pathname + target.search);
  await expect(mainMap(page)).toBeVisible({ timeout: 30_000 });
  const popup = page.getByTestId('lot-popup');
  await expect(popup).toBeVisible({ timeout: 60_000 });
  await expect(popup.locator('h2')).toContainText(lotName!);
  await expect(popup).toContainText(block!);
  // Framed: the map flew in to the lot (the project's whole view is a lower zoom).
  const zoom = async () =>
    Number(/Zoom: ([\d.]+)/.exec((await page.getByTestId('map-zoom').textContent()) ?? '')?.[1] ?? 0);
  await expect.poll(zoom, { timeout: 15_000 }).toBeGreaterThan(17);
  await screenshotWhenAsked(page, { path: '../test-results/screens/alert-lot-link.png' });
});
