// bench/map: what the map page itself costs, measured in Chromium (frame times while panning, the JS heap kept).
import type { Page } from 'playwright-core';

/** rAF frame times during 4 scripted drags across the map. */
export async function panFrames(page: Page): Promise<number[]> {
  const box = (await page.getByTestId('map-canvas').boundingBox())!;
  // A string, not a function: tsx's helpers (__name) don't exist in the page.
  await page.evaluate(`(() => {
    const frames = [];
    let last = performance.now();
    let running = true;
    const tick = (now) => {
      frames.push(now - last);
      last = now;
      if (running) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
    window.__benchFrames = frames;
    window.__benchStop = () => { running = false; };
  })()`);
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  for (let sweep = 0; sweep < 4; sweep++) {
    const dir = sweep % 2 === 0 ? 1 : -1;
    await page.mouse.move(cx - dir * 250, cy - 100);
    await page.mouse.down();
    await page.mouse.move(cx + dir * 250, cy + 100, { steps: 60 });
    await page.mouse.up();
  }
  return (await page.evaluate(
    '(() => { window.__benchStop(); return window.__benchFrames.slice(1); })()',
  )) as number[];
}

/** The page's JavaScript heap in use (CDP, after a collection), MB: the page memory the map keeps. */
export async function pageHeapMb(page: Page): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('Performance.enable');
  const { metrics } = await cdp.send('Performance.getMetrics');
  await cdp.detach();
  return (metrics.find((metric) => metric.name === 'JSHeapUsedSize')?.value ?? 0) / 1024 / 1024;
}
