import { expect, test, type Page } from '@playwright/test';
import { changes } from './map-ready';
import { ensureAllotmentScenes, openSatelliteMap } from './map-scenes';
import { ADMIN, USER, openedDialog } from './support';
import { offsetAndBack, watchTileVersions } from './offset-editing';

test.beforeAll(async ({ request }) => {
  test.setTimeout(90_000);
  await ensureAllotmentScenes(request);
});

/** Clicks around the middle of the map (Shift held or not) until the selection count changes. */
async function pickSomeLot(page: Page, shift: boolean): Promise<boolean> {
  const box = (await page.getByTestId('map-canvas').boundingBox())!;
  const count = page.getByTestId('label-edit-count');
  const before = await count.textContent();
  for (const [dx, dy] of [
    [0, 0],
    [30, 20],
    [-40, 10],
    [60, -30],
  ]) {
    if (shift) await page.keyboard.down('Shift');
    await page.mouse.click(box.x + box.width / 2 + dx!, box.y + box.height / 2 + dy!);
    if (shift) await page.keyboard.up('Shift');
    if (await changes(count, before)) return true;
  }
  return false;
}

test('a USER sees no ADMIN map tools', async ({ page }) => {
  await openSatelliteMap(page, USER);
  await expect(page.getByTestId('scene-card').first()).toBeVisible();
  await expect(page.getByTestId('admin-image-tools')).toHaveCount(0);
  await expect(page.getByTestId('publish-scene')).toHaveCount(0);
  await expect(page.getByText('Editar offset')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Editar lotes/quadras' })).toHaveCount(0);
});

test('ADMIN: publish / disable the image, with failures reported', async ({ page }) => {
  await openSatelliteMap(page, ADMIN);
  const publish = page.getByTestId('publish-scene');
  await expect(publish).toBeVisible();
  await publish.click();
  await expect(page.getByText('Imagem desativada')).toBeVisible();
  await publish.click();
  await expect(page.getByText('Imagem publicada')).toBeVisible();
  await page.route('**/api/v1/scene/*', (route) => route.fulfill({ status: 500, body: '{}' }));
  await publish.click();
  await expect(page.getByText('Não foi possível desativar a imagem')).toBeVisible();
});

test('ADMIN: offset X/Y saved on the scene reloads its tiles with a new v', async ({ page }) => {
  await openSatelliteMap(page, ADMIN);
  const tileVersions = watchTileVersions(page);
  await page.getByText('Editar offset').click();
  await expect(page.getByLabel('Offset X')).toHaveValue(/^0(\.0+)?$/);
  await expect(page.getByLabel('Offset Y')).toHaveValue(/^0(\.0+)?$/);
  await offsetAndBack(page, tileVersions, '3', '-2');

  await page.route('**/api/v1/scene/*', (route) => route.fulfill({ status: 500, body: '{}' }));
  await page.getByRole('button', { name: 'Aplicar' }).click();
  await expect(page.getByText('Não foi possível atualizar o offset da imagem')).toBeVisible();
});

test('ADMIN: lot/block label edit — selection rules, blank fields, rename, failure', async ({ page }) => {
  // Renaming refetches every layer of the project; on the shared 2-core machine that alone can take 10 s.
  test.setTimeout(90_000);
  await openSatelliteMap(page, ADMIN);
  await page.getByRole('button', { name: 'Editar lotes/quadras' }).click();
  const bar = page.getByTestId('label-edit-bar');
  await bar.getByRole('button', { name: 'Renomear' }).click();
  await expect(page.getByText('Nenhuma camada selecionada')).toBeVisible();

  // Renaming changes no detection type: a plain click selects a lot (Shift guards detection edits).
  expect(await pickSomeLot(page, false)).toBe(true);
  await expect(page.getByTestId('label-edit-count')).toHaveText('1 selecionado(s)');
  // Hovering with Shift held adds more lots.
  const box = (await page.getByTestId('map-canvas').boundingBox())!;
  await page.keyboard.down('Shift');
  await page.mouse.move(box.x + box.width / 2 - 120, box.y + box.height / 2 - 60);
  await page.mouse.move(box.x + box.width / 2 + 120, box.y + box.height / 2 + 60, { steps: 12 });
  await page.keyboard.up('Shift');
  await expect(page.getByTestId('label-edit-count')).not.toHaveText('1 selecionado(s)');

  await bar.getByRole('button', { name: 'Renomear' }).click();
  const modal = openedDialog(page);
  await modal.getByLabel('Prefixo do nome').fill('   ');
  await modal.getByLabel('Valor inicial').fill('');
  await modal.getByRole('button', { name: 'Salvar' }).click();
  await expect(modal.getByText('Campo em branco')).toHaveCount(2);
  await modal.getByLabel('Prefixo do nome').fill('Lote');
  await modal.getByLabel('Valor inicial').fill('900');

  await page.route('**/api/v1/layers', (route) => route.fulfill({ status: 500, body: '{}' }), { times: 1 });
  await modal.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Não foi possivel atualizar os lotes/quadras')).toBeVisible();
  await modal.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Lotes/quadras atualizados')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('label-edit-count')).toHaveText('0 selecionado(s)');
  await bar.getByRole('button', { name: 'Sair' }).click();
  await expect(bar).toHaveCount(0);
});
