import { expect, test, type Page } from '@playwright/test';
import { layersApi, projectsApi, type Layer } from '@mirante/shared';
import { api } from './api';
import { outerRing } from './geometry';
import { cameraOf, mainMap, screenPoint, settleAfter } from './map-ready';
import { ensureAllotmentScenes, openSatelliteMap } from './map-scenes';
import { USER, storedApiToken } from './support';
import { screenshotWhenAsked } from './shots';

const SHOTS = process.env.MAP_SHOTS_DIR ?? 'test-results/map-shots';

type LotRow = Layer;
type Point = { x: number; y: number };
type Box = { x: number; y: number; width: number; height: number };

test.beforeAll(async ({ request }) => {
  test.setTimeout(90_000);
  await ensureAllotmentScenes(request);
});

function inside(point: Point, ring: readonly Point[]): boolean {
  let hit = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const a = ring[i]!;
    const b = ring[j]!;
    if (a.y > point.y !== b.y > point.y && point.x < ((b.x - a.x) * (point.y - a.y)) / (b.y - a.y) + a.x)
      hit = !hit;
  }
  return hit;
}

const corners = (box: Box): Point[] => [
  { x: box.x, y: box.y },
  { x: box.x + box.width, y: box.y },
  { x: box.x, y: box.y + box.height },
  { x: box.x + box.width, y: box.y + box.height },
];

const overlap = (a: Box, b: Box): boolean =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function allotmentLots(page: Page): Promise<LotRow[]> {
  const user = api(page.request, await storedApiToken(page));
  const projects = await user.call(projectsApi.list);
  const project = projects.find((item) => item.space === 'jardim-das-palmeiras')!;
  const layers = await user.call(layersApi.listForProject, { params: { projectId: project.id } });
  return layers.filter((layer) => layer.type === 'LOT' && layer.geo_json.type === 'Polygon');
}

/** Checks the lot labels on screen now: one per lot, inside its lot, none overlapping; most lots in view have one. */
async function checkLotLabels(page: Page, lots: readonly LotRow[], shot: string): Promise<void> {
  const map = mainMap(page);
  const camera = await cameraOf(map);
  const box = (await map.boundingBox())!;
  const rings = lots.map((lot) => ({
    lot,
    ring: outerRing(lot).map(([lng, lat]) => screenPoint(box, camera, lng, lat)),
  }));
  const labels = await page.locator('.map-label--lot').evaluateAll((nodes) =>
    nodes.map((node) => {
      const rect = node.getBoundingClientRect();
      return { text: node.textContent ?? '', x: rect.x, y: rect.y, width: rect.width, height: rect.height };
    }),
  );
  const labelled = new Map<number, number>();
  for (const label of labels) {
    const centre = { x: label.x + label.width / 2, y: label.y + label.height / 2 };
    const home = rings.filter(({ ring }) => inside(centre, ring));
    expect(home, `rótulo ${label.text} dentro de um lote`).toHaveLength(1);
    const { lot, ring } = home[0]!;
    expect(label.text).toBe(lot.tag_value ?? lot.name);
    for (const corner of corners(label))
      expect(inside(corner, ring), `rótulo ${label.text} cabe no lote`).toBe(true);
    labelled.set(lot.id, (labelled.get(lot.id) ?? 0) + 1);
  }
  expect([...labelled.values()].every((count) => count === 1)).toBe(true);
  for (let i = 0; i < labels.length; i++)
    for (let j = i + 1; j < labels.length; j++)
      expect(overlap(labels[i]!, labels[j]!), `${labels[i]!.text} × ${labels[j]!.text}`).toBe(false);

  // Lots whose middle is well in view (their number's place): nearly all carry it (one too small may not).
  const inView = rings.filter(({ ring }) => {
    const xs = ring.map((p) => p.x);
    const ys = ring.map((p) => p.y);
    const x = (Math.min(...xs) + Math.max(...xs)) / 2;
    const y = (Math.min(...ys) + Math.max(...ys)) / 2;
    return x > box.x + 30 && x < box.x + box.width - 30 && y > box.y + 20 && y < box.y + box.height - 40;
  });
  expect(inView.length).toBeGreaterThan(4);
  const shown = inView.filter(({ lot }) => labelled.has(lot.id)).length;
  expect(shown / inView.length).toBeGreaterThanOrEqual(0.9);
  await screenshotWhenAsked(page, { path: `${SHOTS}/${shot}` });
}

test('at zoom 19 and 20 every lot in view shows its number once, inside the lot, with no label over another', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await openSatelliteMap(page, USER);
  const lots = await allotmentLots(page);
  const map = mainMap(page);
  const start = await cameraOf(map);
  const zoomIn = page.getByRole('button', { name: 'Aproximar' });
  // One zoom step below 20 first (the lots' numbers show from 19), then one step more.
  for (let zoom = start.zoom + 1; zoom < 20; zoom++) await settleAfter(map, () => zoomIn.click());
  expect((await cameraOf(map)).zoom).toBeGreaterThanOrEqual(19);
  await expect(page.locator('.map-label--lot').first()).toBeVisible();
  await checkLotLabels(page, lots, 'lot-labels-z19-9.png');
  // Out a little with the wheel (about half a step), more lots in view at a zoom still above 19.
  const box = (await map.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await settleAfter(map, () => page.mouse.wheel(0, 400));
  const zoom = (await cameraOf(map)).zoom;
  expect(zoom).toBeGreaterThanOrEqual(19);
  expect(zoom).toBeLessThan(19.8);
  await checkLotLabels(page, lots, 'lot-labels-z19.png');
});
