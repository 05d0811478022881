import { expect, test, type Page } from '@playwright/test';
import { MANAGER, openSignedIn } from './support';
import { screenshotWhenAsked } from './shots';

const BANNER = 'Demonstração — não use com dados reais';

/** Nothing of the page lies below the window or beside it: it fits 1366×768 with the banner. */
async function expectNoPageScroll(page: Page): Promise<void> {
  const size = await page.evaluate(() => ({
    scrollHeight: document.documentElement.scrollHeight,
    scrollWidth: document.documentElement.scrollWidth,
    height: window.innerHeight,
    width: window.innerWidth,
  }));
  expect(size.scrollHeight).toBeLessThanOrEqual(size.height);
  expect(size.scrollWidth).toBeLessThanOrEqual(size.width);
}

test('the demonstration says so on the sign-in page, in one slim line at the top', async ({ page }) => {
  await page.goto('/');
  const banner = page.getByRole('note', { name: BANNER });
  await expect(banner).toHaveText(BANNER);
  const box = (await banner.boundingBox())!;
  expect(box.y).toBe(0);
  expect(box.height).toBeLessThanOrEqual(24);
  expect(box.width).toBe(1366);
  await expect(page.getByLabel('Email')).toBeInViewport({ ratio: 1 });
  await expectNoPageScroll(page);
  await screenshotWhenAsked(page, { path: '../test-results/screens/demo-banner-sign-in.png' });
});

test('the map screen fits under the banner and the top bar at 1366×768', async ({ page }) => {
  await openSignedIn(page, MANAGER, { path: '/page/fusion-map' });
  const banner = page.getByRole('note', { name: BANNER });
  await expect(banner).toBeInViewport({ ratio: 1 });
  const map = page.locator('.map-screen').first();
  await expect(map).toBeVisible({ timeout: 20_000 });
  const bannerBox = (await banner.boundingBox())!;
  const topBar = (await page.locator('.top-bar').boundingBox())!;
  const mapBox = (await map.boundingBox())!;
  // Banner, then the top bar right under it, then the map down to the window's bottom edge.
  expect(topBar.y).toBe(bannerBox.y + bannerBox.height);
  expect(mapBox.y).toBe(topBar.y + topBar.height);
  expect(mapBox.y + mapBox.height).toBe(768);
  await expectNoPageScroll(page);
  await screenshotWhenAsked(page, { path: '../test-results/screens/demo-banner-map.png' });
});

test('the banner stays in view on a page that scrolls, the top bar right under it', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 480 });
  await openSignedIn(page, MANAGER, { path: '/page/information' });
  await expect(page.getByTestId('portfolio-row').first()).toBeVisible({ timeout: 20_000 });
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  const banner = (await page.getByRole('note', { name: BANNER }).boundingBox())!;
  const topBar = (await page.locator('.top-bar').boundingBox())!;
  expect(banner.y).toBe(0);
  expect(topBar.y).toBe(banner.height);
});
