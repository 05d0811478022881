import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { DEMO_SEED, renderSceneJob } from '@mirante/demo/demo-imagery';
import { demoSite } from '@mirante/demo/demo-sites';
import { environmentDemoPair } from '@mirante/demo/environment-detections';
import { scenesApi, type EndpointResponse } from '@mirante/shared';
import { analysisOf, projectBySpace } from './environment-fixtures';
import { ADMIN, apiAs, openSignedIn } from './support';
import { screenshotWhenAsked } from './shots';

const SPACE = 'app-ribeirao-pinguim';
const PROJECT = 'APP Ribeirão Pinguim - Recuperação';
const SHOTS = process.env.MAP_SHOTS_DIR ?? 'test-results/environment-shots';

type SceneRow = EndpointResponse<typeof scenesApi.listForProject>[number];

/**
 * The demo's two scenes of its start-up analysis (`environmentDemoPair`) on the demo APP. A server started with
 * the demo imagery (E2E_DEMO_IMAGERY=1) has them, and the analysis its start-up queued; otherwise they are
 * rendered here by the demo pipeline's own scene job at 2 m (a quarter of the demo's resolution), uploaded like
 * the demo's and the same analysis is queued through the API.
 */
async function demoPairScenes(request: APIRequestContext, projectId: number): Promise<SceneRow[]> {
  const admin = await apiAs(ADMIN);
  const site = await demoSite('environment', DEMO_SEED);
  const pair = environmentDemoPair(site.dates)!;
  const list = async () =>
    (await admin.call(scenesApi.listForProject, { params: { id: projectId } })).filter((scene) =>
      pair.includes(scene.isoDate),
    );
  const outDir = mkdtempSync(path.join(tmpdir(), 'mirante-demo-environment-'));
  try {
    const present = new Set((await list()).map((scene) => scene.isoDate));
    for (const date of pair.filter((d) => !present.has(d))) {
      const entry = await renderSceneJob({
        site: 'environment',
        dateIndex: site.dates.indexOf(date),
        outDir,
        seed: DEMO_SEED,
        scale: 0.25,
      });
      const response = await request.post('/api/v1/scene', {
        headers: admin.headers,
        multipart: {
          date,
          project: String(projectId),
          publishImage: 'true',
          file: {
            name: `app-${date}.tif`,
            mimeType: 'image/tiff',
            buffer: readFileSync(path.join(outDir, entry.file)),
          },
        },
      });
      expect([200, 201]).toContain(response.status());
    }
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
  let scenes: SceneRow[] = [];
  await expect
    .poll(
      async () => {
        scenes = await list();
        return scenes.filter((scene) => scene.status === 'ready').length;
      },
      { timeout: 60_000 },
    )
    .toBe(2);
  return scenes.sort((a, b) => a.isoDate.localeCompare(b.isoDate));
}

test('the demo APP’s analysis 01/11/2025 → 01/11/2026 lists its detector proposals pending, with confidences below 100 % that differ', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const project = await projectBySpace(request, SPACE);
  const [before, after] = await demoPairScenes(request, project.id);
  const analysis = await analysisOf(request, project.id, before!.id, after!.id);
  expect(analysis.processingState).toBe('done');

  await openSignedIn(page, ADMIN, { project: PROJECT, path: '/page/analysis' });
  await expect(page).toHaveURL(/\/page\/analysis$/);
  const row = page
    .getByRole('table', { name: 'Análises', exact: true })
    .getByRole('row', { name: /01\/11\/2025.*01\/11\/2026/ });
  await expect(row.getByText('Concluída')).toBeVisible();
  await row.click();
  await expect(page.getByRole('heading', { name: 'Detecções de 01/11/2025 a 01/11/2026' })).toBeVisible();

  const proposals = page
    .getByRole('table', { name: 'Detecções da análise' })
    .getByRole('row')
    .filter({ hasText: /Detector · confiança \d+%/ });
  await expect(proposals.first()).toBeVisible();
  const rows = await proposals.count();
  expect(rows).toBeGreaterThanOrEqual(3);
  const texts = await proposals.allInnerTexts();
  const confidences = texts.map((text) => Number(/Detector · confiança (\d+)%/.exec(text)?.[1]));
  expect(
    confidences.every((c) => c > 0 && c < 100),
    confidences.join(', '),
  ).toBe(true);
  expect(new Set(confidences).size, confidences.join(', ')).toBeGreaterThan(1);
  expect(texts.some((text) => text.includes('Reflorestamento'))).toBe(true);
  expect(texts.some((text) => text.includes('Desmatamento'))).toBe(true);
  for (let i = 0; i < rows; i++) {
    await expect(proposals.nth(i).getByText('Pendente')).toBeVisible();
    await expect(proposals.nth(i).getByRole('button', { name: 'Aprovar' })).toBeVisible();
    await expect(proposals.nth(i).getByRole('button', { name: 'Rejeitar' })).toBeVisible();
  }
  await screenshotWhenAsked(page, { path: `${SHOTS}/analise-demo.png` });
});
