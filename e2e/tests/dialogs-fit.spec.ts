import { expect, test } from '@playwright/test';
import { ADMIN, MANAGER, openSignedIn, openedDialog } from './support';
import { screenshotWhenAsked } from './shots';

test('at 1366×768 a long dialog scrolls inside its body, with its title and buttons on screen', async ({
  page,
}) => {
  await openSignedIn(page, ADMIN, { path: '/page/admin?aba=projects' });
  await page
    .getByRole('button', { name: /^Editar / })
    .first()
    .click();
  const dialog = openedDialog(page, { name: /^Editar projeto/ });
  const save = dialog.getByRole('button', { name: 'Salvar' });
  await expect(save).toBeInViewport({ ratio: 1 });
  await expect(dialog.locator('.ant-modal-title')).toBeInViewport({ ratio: 1 });
  await screenshotWhenAsked(page, { path: '../test-results/screens/dialog-edit-project.png' });

  // The last field is reached by scrolling the body; the title and the buttons stay where they were.
  const lastField = dialog.getByLabel('Detalhes');
  await lastField.scrollIntoViewIfNeeded();
  await expect(lastField).toBeInViewport({ ratio: 1 });
  await expect(save).toBeInViewport({ ratio: 1 });
  await expect(dialog.locator('.ant-modal-title')).toBeInViewport({ ratio: 1 });
});

test("the lot's sale information keeps its Salvar in view while its long form scrolls", async ({ page }) => {
  await openSignedIn(page, MANAGER, { path: '/page/information' });
  const firstRow = page.getByTestId('portfolio-row').first();
  await expect(firstRow).toBeVisible({ timeout: 20_000 });
  await firstRow.getByRole('cell', { name: /-Q\d+-L\d+$/ }).click();
  const dialog = openedDialog(page, { name: /^Lote / });
  const save = dialog.getByRole('button', { name: 'Salvar' });
  await expect(save).toBeInViewport({ ratio: 1 });
  await screenshotWhenAsked(page, { path: '../test-results/screens/dialog-lot-information.png' });
});
