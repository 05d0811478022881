import { inflateSync } from 'node:zlib';
import { expect, type Locator, type Page } from '@playwright/test';

/**
 * The map shell's ready signal (apps/web/src/features/map/engine/readyMarker.ts): every map container carries
 * data-map-ready ('true' only while settled: style, sources and tiles loaded, camera still) and, once settled,
 * data-map-zoom and data-map-center. The browser tests wait on it instead of sleeping.
 */

/** The main map of the map screen (not the compared 'Antes' map, not a mini map). */
export const mainMap = (page: Page): Locator =>
  page.locator('[data-testid="map-stage"] > [data-testid="map-canvas"]');

/** The compared 'Antes' map. */
export const compareMap = (page: Page): Locator => page.getByTestId('compare-pane').getByTestId('map-canvas');

/** Waits until the map has settled. */
export async function waitForMapReady(map: Locator, timeout = 30_000): Promise<void> {
  await expect(map).toHaveAttribute('data-map-ready', 'true', { timeout });
}

/**
 * Lowers the map's ready signal, runs an action that changes the map (a move, a new style) and waits until the map
 * has settled again, so that a signal left from before the action cannot pass for the new one.
 */
export async function settleAfter(
  map: Locator,
  action: () => Promise<unknown>,
  timeout = 30_000,
): Promise<void> {
  await waitForMapReady(map, timeout);
  await map.evaluate((element: HTMLElement) => {
    element.dataset.mapReady = 'false';
  });
  await action();
  await waitForMapReady(map, timeout);
}

export interface MapCamera {
  zoom: number;
  lng: number;
  lat: number;
}

/** Where the map's camera settled, or null while the map is not settled. */
export async function settledCamera(map: Locator): Promise<MapCamera | null> {
  const [ready, zoom, center] = await map.evaluate((element: HTMLElement) => [
    element.dataset.mapReady,
    element.dataset.mapZoom,
    element.dataset.mapCenter,
  ]);
  if (ready !== 'true' || zoom === undefined || center === undefined) return null;
  const [lng = NaN, lat = NaN] = center.split(',').map(Number);
  return { zoom: Number(zoom), lng, lat };
}

/** The settled camera of a map that is ready (fails if it is not). */
export async function cameraOf(map: Locator): Promise<MapCamera> {
  await waitForMapReady(map);
  const camera = await settledCamera(map);
  expect(camera).not.toBeNull();
  return camera!;
}

/** Whether a text (a selection count) changes from `before` within a second of a click (false: the click missed). */
export async function changes(text: Locator, before: string | null): Promise<boolean> {
  try {
    await expect.poll(() => text.textContent(), { timeout: 1_000 }).not.toBe(before);
    return true;
  } catch {
    return false;
  }
}

/** The [r, g, b] on screen at a page point (a 1×1 screenshot, decoded here: 8-bit RGB or RGBA PNG). */
export async function pixelAt(page: Page, x: number, y: number): Promise<[number, number, number]> {
  const png = await page.screenshot({ clip: { x: Math.round(x), y: Math.round(y), width: 1, height: 1 } });
  const chunks: Buffer[] = [];
  for (let at = 8; at < png.length;) {
    const length = png.readUInt32BE(at);
    if (png.toString('ascii', at + 4, at + 8) === 'IDAT') chunks.push(png.subarray(at + 8, at + 8 + length));
    at += length + 12;
  }
  // One pixel of the first row: whatever the row's filter, its bytes are the raw values (predictors are 0).
  const row = inflateSync(Buffer.concat(chunks));
  return [row[1] ?? -1, row[2] ?? -1, row[3] ?? -1];
}

/** The on-screen colour of the middle of a plan (the mean of its 4 corners) on a settled, north-up map. */
export async function colourAtMiddle(
  page: Page,
  map: Locator,
  plan: { corners: readonly (readonly number[])[] },
): Promise<[number, number, number]> {
  const camera = await cameraOf(map);
  const box = (await map.boundingBox())!;
  const mean = (axis: 0 | 1) => plan.corners.reduce((sum, corner) => sum + (corner[axis] ?? 0), 0) / 4;
  const at = screenPoint(box, camera, mean(0), mean(1));
  return pixelAt(page, at.x, at.y);
}

/** The straight-line distance between a pixel and a colour '#rrggbb' (0–441). */
export function colourDistance(pixel: readonly number[], hex: string): number {
  return Math.sqrt(
    [1, 3, 5].reduce(
      (sum, at, index) => sum + (parseInt(hex.slice(at, at + 2), 16) - (pixel[index] ?? 0)) ** 2,
      0,
    ),
  );
}

/** A pixel as '#rrggbb'. */
export const hexOf = (pixel: readonly number[]): string =>
  `#${pixel.map((channel) => channel.toString(16).padStart(2, '0')).join('')}`;

/** Where a coordinate is on a north-up, unpitched map whose camera settled at `camera` (Web Mercator, 512 px). */
export function screenPoint(
  box: { x: number; y: number; width: number; height: number },
  camera: MapCamera,
  lng: number,
  lat: number,
): { x: number; y: number } {
  const world = 512 * 2 ** camera.zoom;
  const x = (longitude: number) => ((longitude + 180) / 360) * world;
  const y = (latitude: number) =>
    ((1 - Math.log(Math.tan(Math.PI / 4 + (latitude * Math.PI) / 360)) / Math.PI) / 2) * world;
  return {
    x: box.x + box.width / 2 + x(lng) - x(camera.lng),
    y: box.y + box.height / 2 + y(lat) - y(camera.lat),
  };
}

/** Which of the named colours ('#rrggbb') a pixel is nearest to (WebGL and the screenshot round a little). */
export function nearestColour<Name extends string>(
  pixel: readonly number[],
  colours: Record<Name, string>,
): Name {
  const names = Object.keys(colours) as Name[];
  return names.reduce((best, name) =>
    colourDistance(pixel, colours[name]) < colourDistance(pixel, colours[best]) ? name : best,
  );
}
