import { expect, test, type Page } from '@playwright/test';
import { layersApi, projectsApi, scenesApi, type Layer } from '@mirante/shared';
import { api } from './api';
import { outerRing } from './geometry';
import { cameraOf, mainMap, settleAfter, settledCamera, waitForMapReady } from './map-ready';
import { ensureScenes, scenePng } from './map-scenes';
import { MANAGER, openSignedIn, storedApiToken, openedDialog } from './support';
import { screenshotWhenAsked } from './shots';

const SHOTS = process.env.MAP_SHOTS_DIR ?? 'test-results/map-shots';
const SPACE = 'app-ribeirao-pinguim';
/** The demo's second clearing (packages/demo/src/environment-detections.ts): cut between these two scenes. */
const CLEARING = 'Desmatamento — Supressão 2';
const CLEARING_DATES = ['2026-03-01', '2026-07-01'] as const;
/** The demo's plantings (REFO layers); the test takes one measured against scenes the project has none of. */
const PLANTING_PREFIX = 'Reflorestamento — ';

type LayerRow = Layer;
type LngLat = { lng: number; lat: number };

/** Two small scenes over the environment project on the clearing's before/after dates (PNG + bounds). */
test.beforeAll(async ({ request }) => {
  test.setTimeout(90_000);
  await ensureScenes(
    request,
    SPACE,
    CLEARING_DATES.map((date) => ({ date, png: scenePng(640, 384, 0) })),
  );
});

/**
 * Signs in as the MANAGER and opens the environment project's map; returns the project's layers and the dates of
 * its scenes.
 */
async function openEnvironmentMap(page: Page): Promise<{ layers: LayerRow[]; sceneDates: Set<string> }> {
  await openSignedIn(page, MANAGER, { project: 'APP Ribeirão Pinguim - Recuperação', path: '/page/area' });
  await expect(page).toHaveURL(/\/page\/area$/);
  await waitForMapReady(mainMap(page));
  const manager = api(page.request, await storedApiToken(page));
  const projects = await manager.call(projectsApi.list);
  const project = projects.find((item) => item.space === SPACE)!;
  const layers = await manager.call(layersApi.listForProject, { params: { projectId: project.id } });
  const scenes = await manager.call(scenesApi.listForProject, { params: { id: project.id } });
  return { layers, sceneDates: new Set(scenes.map((scene) => scene.isoDate)) };
}

/** The coordinates the status bar shows for the pointer at (x, y), as a person would read them. */
async function readCursor(page: Page, x: number, y: number): Promise<LngLat> {
  const coords = page.getByTestId('map-status-bar').getByRole('button').first();
  const before = await coords.textContent();
  await page.mouse.move(x, y);
  let reading: LngLat | null = null;
  await expect
    .poll(async () => {
      const text = (await coords.textContent()) ?? '';
      const match = /Lat: (-?[\d,]+) Lng: (-?[\d,]+)/.exec(text);
      if (!match || text === before) return false;
      reading = { lat: Number(match[1]!.replace(',', '.')), lng: Number(match[2]!.replace(',', '.')) };
      return true;
    })
    .toBe(true);
  return reading!;
}

/**
 * Where a coordinate is on screen: reads the status bar at two pointer positions and interpolates (north up;
 * at this scale Web Mercator is linear to a fraction of a pixel).
 */
async function screenPointOf(page: Page, target: LngLat): Promise<{ x: number; y: number }> {
  const box = (await page.getByTestId('map-canvas').boundingBox())!;
  const a = { x: box.x + box.width * 0.55, y: box.y + box.height * 0.35 };
  const b = { x: box.x + box.width * 0.8, y: box.y + box.height * 0.65 };
  const at = await readCursor(page, a.x, a.y);
  const bt = await readCursor(page, b.x, b.y);
  const point = {
    x: a.x + ((target.lng - at.lng) * (b.x - a.x)) / (bt.lng - at.lng),
    y: a.y + ((target.lat - at.lat) * (b.y - a.y)) / (bt.lat - at.lat),
  };
  expect(point.x).toBeGreaterThan(box.x);
  expect(point.x).toBeLessThan(box.x + box.width);
  expect(point.y).toBeGreaterThan(box.y);
  expect(point.y).toBeLessThan(box.y + box.height);
  return point;
}

/** A point well inside a demo patch: the mean of its outline (the patches are smooth, convex-ish blobs). */
function insidePoint(layer: LayerRow): LngLat {
  const ring = outerRing(layer).slice(0, -1);
  return {
    lng: ring.reduce((sum, p) => sum + p[0]!, 0) / ring.length,
    lat: ring.reduce((sum, p) => sum + p[1]!, 0) / ring.length,
  };
}

/** The centre of the geometry's bounds, as the modal's coordinate link gives it. */
function boundsCentre(layer: LayerRow): LngLat {
  const ring = outerRing(layer);
  const lngs = ring.map((p) => p[0]!);
  const lats = ring.map((p) => p[1]!);
  return {
    lng: (Math.min(...lngs) + Math.max(...lngs)) / 2,
    lat: (Math.min(...lats) + Math.max(...lats)) / 2,
  };
}

/** Zooms in around the detection and clicks it (checking first that the map, not a panel, is there). */
async function clickDetection(page: Page, layer: LayerRow): Promise<void> {
  const target = insidePoint(layer);
  let point = await screenPointOf(page, target);
  await page.mouse.move(point.x, point.y);
  await settleAfter(mainMap(page), () => page.mouse.wheel(0, -300));
  point = await screenPointOf(page, target);
  const there = await readCursor(page, point.x, point.y);
  expect(Math.abs(there.lng - target.lng)).toBeLessThan(0.00005);
  expect(Math.abs(there.lat - target.lat)).toBeLessThan(0.00005);
  const onCanvas = await page.evaluate(
    ({ x, y }) => document.elementFromPoint(x, y)?.classList.contains('maplibregl-canvas') ?? false,
    point,
  );
  expect(onCanvas, 'the map canvas is under the detection').toBe(true);
  await page.mouse.click(point.x, point.y);
}

const brDate = (iso: string) => iso.split('-').reverse().join('/');

test('detection detail: a DEFO polygon clicked on the environment map, with its before/after scenes', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const { layers } = await openEnvironmentMap(page);
  const clearing = layers.find((layer) => layer.name === CLEARING)!;
  expect(clearing.type).toBe('DEFO');
  expect([clearing.detect_before_date, clearing.detect_after_date]).toEqual([...CLEARING_DATES]);

  // Analysis layers start visible: the Camadas tab lists Desmatamento and Reflorestamento checked.
  await page.getByRole('tab', { name: 'Camadas' }).click();
  const layersTab = page.getByTestId('layers-tab');
  for (const label of ['Desmatamento', 'Reflorestamento'])
    await expect(layersTab.getByRole('checkbox', { name: new RegExp(`^${label}`) })).toBeChecked();
  // The legend explains the analysis colours (no lots here, so no lot-status section).
  const legend = page.getByTestId('map-legend');
  await expect(legend).toContainText('Análises');
  await expect(legend).toContainText('Desmatamento');
  await expect(legend).not.toContainText('Em construção');

  await clickDetection(page, clearing);
  const dialog = openedDialog(page);
  await expect(dialog).toBeVisible();
  await expect(dialog.locator('.ant-modal-title')).toHaveText(CLEARING);
  const detail = dialog.getByTestId('detection-detail');
  const field = (label: string) =>
    detail.locator('.ant-descriptions-item', { hasText: label }).locator('.ant-descriptions-item-content');
  await expect(field('Categoria')).toHaveText('Supressão de vegetação nativa');
  await expect(field('Área')).toHaveText(/^\d{1,3}(\.\d{3})* m²$/);
  const shownArea = Number((await field('Área').textContent())!.replace(/\D/g, ''));
  expect(Math.abs(shownArea - clearing.area)).toBeLessThanOrEqual(1);
  await expect(field('Descrição')).toContainText('Supressão de vegetação nativa em APP');

  // Before/after side by side on the scenes of the analysis' dates, each a rendered map.
  const maps = detail.getByTestId('detection-mini-map');
  await expect(maps).toHaveCount(2);
  await expect(maps.nth(0)).toContainText(`Antes: ${brDate(CLEARING_DATES[0])}`);
  await expect(maps.nth(1)).toContainText(`Depois: ${brDate(CLEARING_DATES[1])}`);
  for (const index of [0, 1]) {
    const canvas = maps.nth(index).locator('canvas.maplibregl-canvas');
    await expect(canvas).toBeVisible();
    // The modal zooms in as it opens: its maps reach their size once the animation ends (CI read 94 px mid-way).
    const size = async () => (await canvas.boundingBox()) ?? { width: 0, height: 0 };
    await expect.poll(async () => (await size()).width).toBeGreaterThan(200);
    await expect.poll(async () => (await size()).height).toBeGreaterThan(200);
  }

  // The coordinate link points an external maps service at the detection.
  const centre = boundsCentre(clearing);
  const link = detail.getByRole('link', { name: `${centre.lat.toFixed(6)}, ${centre.lng.toFixed(6)}` });
  await expect(link).toHaveAttribute(
    'href',
    `https://www.google.com/maps?q=${centre.lat.toFixed(6)},${centre.lng.toFixed(6)}`,
  );
  await expect(link).toHaveAttribute('target', '_blank');

  // 'Centralizar' after the person dragged the 'Depois' map away: its camera comes back to the detection.
  const afterMap = maps.nth(1).getByTestId('map-canvas');
  const fitted = await cameraOf(afterMap);
  expect(fitted.lng).toBeCloseTo(centre.lng, 4);
  expect(fitted.lat).toBeCloseTo(centre.lat, 4);
  const after = (await maps.nth(1).boundingBox())!;
  await page.mouse.move(after.x + after.width / 2, after.y + after.height / 2);
  await settleAfter(afterMap, async () => {
    await page.mouse.down();
    await page.mouse.move(after.x + 40, after.y + 40, { steps: 5 });
    await page.mouse.up();
  });
  const dragged = await cameraOf(afterMap);
  expect(Math.abs(dragged.lng - fitted.lng) + Math.abs(dragged.lat - fitted.lat)).toBeGreaterThan(0.0001);
  await detail.getByRole('button', { name: 'Centralizar' }).click();
  await expect.poll(() => settledCamera(afterMap)).toEqual(fitted);
  await screenshotWhenAsked(page, { path: `${SHOTS}/detection-detail.png` });
  expect(errors).toEqual([]);

  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});

test('detection detail: a REFO shows each date whose scene the project lacks with "sem imagem", and the others without', async ({
  page,
}) => {
  // Another spec may have uploaded some of the demo's dates (the environment demo's analysis pair), so each side
  // is checked against the scenes the project has now; the planting chosen lacks at least one of its two.
  const { layers, sceneDates } = await openEnvironmentMap(page);
  const lacks = (date: string | undefined) => date !== undefined && !sceneDates.has(date);
  const planting = layers.find(
    (layer) =>
      layer.name.startsWith(PLANTING_PREFIX) &&
      (lacks(layer.detect_before_date) || lacks(layer.detect_after_date)),
  );
  expect(planting, `a planting with a date outside ${[...sceneDates].join(', ')}`).toBeDefined();
  if (!planting) return;
  expect(planting.type).toBe('REFO');
  await clickDetection(page, planting);
  const dialog = openedDialog(page);
  await expect(dialog.locator('.ant-modal-title')).toHaveText(planting.name);
  const maps = dialog.getByTestId('detection-mini-map');
  for (const [index, side, date] of [
    [0, 'Antes', planting.detect_before_date!],
    [1, 'Depois', planting.detect_after_date!],
  ] as const) {
    const label = `${side}: ${brDate(date)}`;
    await expect(maps.nth(index)).toContainText(label);
    if (lacks(date)) await expect(maps.nth(index)).toContainText(`${label} (sem imagem)`);
    else await expect(maps.nth(index)).not.toContainText('(sem imagem)');
  }
  await expect(maps.locator('canvas.maplibregl-canvas')).toHaveCount(2);
  await expect(
    dialog
      .locator('.ant-descriptions-item', { hasText: 'Categoria' })
      .locator('.ant-descriptions-item-content'),
  ).toHaveText('Plantio de mudas nativas');
});
