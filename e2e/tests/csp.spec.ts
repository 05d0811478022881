import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { ensureAllotmentScenes, openSatelliteMap } from './map-scenes';
import { ADMIN } from './support';
import { screenshotWhenAsked } from './shots';

const SHOTS = process.env.MAP_SHOTS_DIR ?? 'test-results/csp';

test('the allotment map renders under the Content-Security-Policy: no violation, tiles loaded, canvas drawn', async ({
  page,
  request,
}) => {
  await ensureAllotmentScenes(request);
  const violations: string[] = [];
  const policies: string[] = [];
  const tileStatuses: number[] = [];
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) =>
      console.error(
        `CSP violation: ${event.violatedDirective} ${event.blockedURI} at ${event.sourceFile}:${event.lineNumber}:${event.columnNumber}`,
      ),
    );
  });
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy|CSP violation/i.test(message.text())) {
      violations.push(message.text());
    }
  });
  page.on('pageerror', (error) => violations.push(`erro na página: ${error.message}`));
  page.on('response', (response) => {
    if (response.request().resourceType() === 'document') {
      policies.push(response.headers()['content-security-policy'] ?? '');
    }
    if (/\/tiles\/[^/]+\/[^/]+\/\d+\/\d+\/\d+\.(png|webp)/.test(response.url()))
      tileStatuses.push(response.status());
  });

  await openSatelliteMap(page, ADMIN);
  expect(policies.length).toBeGreaterThan(0);
  for (const policy of policies) expect(policy).toContain("script-src 'self'");
  await expect
    .poll(() => tileStatuses.filter((status) => status === 200).length, { timeout: 20_000 })
    .toBeGreaterThan(0);

  const canvas = page.locator('.maplibregl-canvas').first();
  // A drawn map (imagery and lots) varies from pixel to pixel; a canvas the CSP kept blank does not. Polled: the
  // tiles that answered may still be on their way to the canvas.
  await expect
    .poll(async () => {
      const { channels } = await sharp(await canvas.screenshot()).stats();
      return Math.max(...channels.slice(0, 3).map((channel) => channel.stdev));
    })
    .toBeGreaterThan(10);
  await screenshotWhenAsked(page, { path: `${SHOTS}/map-satelite-under-csp.png` });
  await screenshotWhenAsked(canvas, { path: `${SHOTS}/map-canvas-under-csp.png` });
  expect(violations).toEqual([]);

  // The policy is really enforced, and the listener above really hears it: an injected inline script is refused.
  const ran = await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.__injected = true;';
    document.body.append(script);
    return (window as { __injected?: boolean }).__injected === true;
  });
  expect(ran).toBe(false);
  await expect.poll(() => violations.some((text) => text.includes('script-src'))).toBe(true);
});
