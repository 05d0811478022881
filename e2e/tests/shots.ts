import type { Locator, Page } from '@playwright/test';

type ScreenshotOptions = NonNullable<Parameters<Page['screenshot']>[0]> & { path: string };

/**
 * Saves a picture of the page (or of one element) for a person to look at, only when E2E_SHOTS=1: no test
 * compares these files, and each one costs a frame of software rendering. A failed test keeps its own
 * screenshot and trace anyway (playwright.config.ts).
 */
export async function screenshotWhenAsked(target: Page | Locator, options: ScreenshotOptions): Promise<void> {
  if (process.env.E2E_SHOTS !== '1') return;
  await target.screenshot(options);
}
