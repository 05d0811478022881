import { expect, test, type Response } from '@playwright/test';
import { ensureAllotmentScenes, openSatelliteMap } from './map-scenes';
import { USER } from './support';
import { screenshotWhenAsked } from './shots';

test.beforeAll(async ({ request }) => {
  test.setTimeout(90_000);
  await ensureAllotmentScenes(request);
});

test('the web map downloads scene tiles as WebP; the same tile stays PNG for other clients', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const tiles: Response[] = [];
  page.on('response', (response) => {
    if (/\/tiles\/[^/]+\/\d{4}-\d{2}-\d{2}\/\d+\/\d+\/\d+\./.test(response.url())) tiles.push(response);
  });
  await openSatelliteMap(page, USER);
  await expect.poll(() => tiles.length, { timeout: 20_000 }).toBeGreaterThan(0);
  for (const response of tiles) {
    expect(new URL(response.url()).pathname).toMatch(/\.webp$/);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe('image/webp');
  }
  await screenshotWhenAsked(page, { path: 'test-results/screens/map-webp-tiles.png' });

  // The API's tileUrl stays PNG: QGIS or a script asking for the same tile gets a PNG.
  const webp = new URL(tiles[0]!.url());
  const png = await request.get(`${webp.pathname.replace(/\.webp$/, '.png')}${webp.search}`);
  expect(png.status()).toBe(200);
  expect(png.headers()['content-type']).toBe('image/png');
  const webpBody = await tiles[0]!.body();
  expect(webpBody.subarray(0, 4).toString('latin1')).toBe('RIFF');
  expect(webpBody.subarray(8, 12).toString('latin1')).toBe('WEBP');
});
