import { expect, test } from '@playwright/test';
import { colourDistance, mainMap, pixelAt, settleAfter, waitForMapReady } from './map-ready';
import { MANAGER, openSignedIn } from './support';
import { screenshotWhenAsked } from './shots';

const SHOTS = '../test-results/screens';
/** layerStyles.ts DRAWN_MAP.land: the land around the project on the drawn street map. */
const DRAWN_LAND = '#dce7c6';

test("without a base map configured, 'Mapa' draws the project as a street map, unlike 'S/ imagem'", async ({
  page,
}) => {
  await openSignedIn(page, MANAGER, { path: '/page/fusion-map?tipo=mapa' });
  const map = mainMap(page);
  await waitForMapReady(map);
  const box = (await map.boundingBox())!;
  // A grid over the whole map, clear of the legend (bottom left) and the tools (right edge).
  const points = Array.from({ length: 48 }, (_, i) => ({
    x: box.x + box.width * (0.04 + 0.11 * (i % 8)),
    y: box.y + box.height * (0.05 + 0.15 * Math.floor(i / 8)),
  })).filter((point) => !(point.x < box.x + box.width * 0.3 && point.y > box.y + box.height * 0.65));
  const sample = async () => {
    const pixels = [];
    for (const point of points) pixels.push(await pixelAt(page, point.x, point.y));
    return pixels;
  };
  const drawnMap = await sample();
  expect(colourDistance(await pixelAt(page, box.x + 6, box.y + box.height / 2), DRAWN_LAND)).toBeLessThan(12);
  await expect(page.getByTestId('map-attribution')).toHaveCount(0);
  await screenshotWhenAsked(page, { path: `${SHOTS}/base-map-drawn.png` });

  await settleAfter(map, () => page.getByTestId('map-type').getByText('S/ imagem').click());
  await expect(page).toHaveURL(/tipo=sem-imagem/);
  const plain = await sample();
  await screenshotWhenAsked(page, { path: `${SHOTS}/base-map-plain.png` });
  const differing = drawnMap.filter((pixel, i) => colourDistance(pixel, toHex(plain[i]!)) > 25).length;
  // The land around the project and its streets (a fifth of the map at least) are drawn differently.
  expect(differing / points.length, 'share of points that differ in Mapa and S/ imagem').toBeGreaterThan(0.2);
});

const toHex = (pixel: readonly number[]) => `#${pixel.map((v) => v.toString(16).padStart(2, '0')).join('')}`;
