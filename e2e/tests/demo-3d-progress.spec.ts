import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { renderSceneJob } from '@mirante/demo/demo-imagery';
import { projectsApi, scenesApi } from '@mirante/shared';
import { mainMap, waitForMapReady } from './map-ready';
import { ADMIN, apiAs, openSignedIn } from './support';
import { screenshotWhenAsked } from './shots';

const SHOTS = '../test-results/screens';
/** The demo's last construction scene: the eighth slab open, formwork on it, the crane over it. */
const DATE_INDEX = 5;

/** The names of a GLB's nodes and whether it carries images (a textured facade). */
function partsOf(glb: Buffer): { nodes: string[]; images: number } {
  const json = JSON.parse(glb.subarray(20, 20 + glb.readUInt32LE(12)).toString('utf8')) as {
    nodes: { name?: string }[];
    images?: unknown[];
  };
  return { nodes: json.nodes.map((node) => node.name ?? ''), images: json.images?.length ?? 0 };
}

test("the demo's 3D model of 01/06/2026 is the open slab with the crane that its image shows", async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  // The demo pipeline's own scene job (a coarse render): the image and the model of that date.
  const outDir = mkdtempSync(path.join(tmpdir(), 'mirante-demo-3d-'));
  try {
    const entry = await renderSceneJob({
      site: 'construction',
      dateIndex: DATE_INDEX,
      outDir,
      seed: 20260601,
      scale: 0.1,
    });
    expect(entry.date).toBe('2026-06-01');
    expect(entry.model3d, 'a model for this date').not.toBeNull();
    const glb = readFileSync(path.join(outDir, entry.model3d ?? ''));
    const parts = partsOf(glb);
    expect(parts.nodes).toEqual(expect.arrayContaining(['Lajes', 'Pilares', 'Fôrmas', 'Grua']));
    expect(parts.images, 'no finished facade').toBe(0);

    const admin = await apiAs(ADMIN);
    const projects = await admin.call(projectsApi.list);
    const project = projects.find((item) => item.name.startsWith('Edifício Aurora'))!;
    const list = () => admin.call(scenesApi.listForProject, { params: { id: project.id } });
    if (!(await list()).some((scene) => scene.isoDate === entry.date)) {
      const response = await request.post('/api/v1/scene', {
        headers: admin.headers,
        multipart: {
          date: entry.date,
          project: String(project.id),
          publishImage: 'true',
          file: {
            name: 'aurora.tif',
            mimeType: 'image/tiff',
            buffer: readFileSync(path.join(outDir, entry.file)),
          },
          model: { name: 'aurora.glb', mimeType: 'model/gltf-binary', buffer: glb },
        },
      });
      expect([200, 201]).toContain(response.status());
    }
    await expect
      .poll(async () => (await list()).find((scene) => scene.isoDate === entry.date)?.status, {
        timeout: 60_000,
      })
      .toBe('ready');
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }

  await openSignedIn(page, ADMIN, { project: 'Edifício Aurora - Zona 7', path: '/page/area?tipo=satelite' });
  await waitForMapReady(mainMap(page));
  await expect(page.getByTestId('map-status-bar')).toContainText('Imagem: 01/06/2026');
  await screenshotWhenAsked(page, { path: `${SHOTS}/demo-3d-image-2026-06-01.png` });
  await page.getByRole('button', { name: 'Ver modelo 3D' }).click();
  await expect(page.getByTestId('model3d-canvas')).toHaveAttribute('data-state', 'ready', {
    timeout: 30_000,
  });
  // The picture once the ready model has been drawn: two animation frames later.
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
  await screenshotWhenAsked(page, { path: `${SHOTS}/demo-3d-model-2026-06-01.png` });
});
