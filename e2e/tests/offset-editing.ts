import type { Page } from '@playwright/test';

/** The `v` of every scene tile the page asks for from now on: a new one means the tiles were drawn again. */
export function watchTileVersions(page: Page): Set<string> {
  const versions = new Set<string>();
  page.on('request', (request) => {
    const match = /\/tiles\/.*[?&]v=([^&]+)/.exec(request.url());
    if (match?.[1]) versions.add(match[1]);
  });
  return versions;
}

/** Types X and Y (metres) in the open 'Editar offset' form and applies them. */
export async function applyOffset(page: Page, x: string, y: string): Promise<void> {
  await page.getByLabel('Offset X').fill(x);
  await page.getByLabel('Offset Y').fill(y);
  await page.getByRole('button', { name: 'Aplicar' }).click();
}
