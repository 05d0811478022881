import { expect, type Page } from '@playwright/test';
import { noteMessages } from './support';

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

/**
 * In the open 'Editar offset' form: applies X and Y, then 0 and 0, and waits after each for 'Offset atualizado' and
 * for the scene's tiles to be asked again with a version not seen before (`tileVersions`, from watchTileVersions).
 */
export async function offsetAndBack(
  page: Page,
  tileVersions: Set<string>,
  x: string,
  y: string,
): Promise<void> {
  // A success message is shown for 1 s only: noted as it comes, so that a busy machine's polling cannot miss it.
  const messages = await noteMessages(page);
  await applyOffset(page, x, y);
  await expect.poll(messages).toEqual(['Offset atualizado']);
  await expect.poll(() => tileVersions.size, { timeout: 15_000 }).toBeGreaterThan(0);
  const seen = tileVersions.size;
  await applyOffset(page, '0', '0');
  await expect.poll(messages).toEqual(['Offset atualizado', 'Offset atualizado']);
  await expect.poll(() => tileVersions.size, { timeout: 15_000 }).toBeGreaterThan(seen);
}
