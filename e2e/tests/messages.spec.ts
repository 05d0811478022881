import { expect, test, type Page } from '@playwright/test';
import { MANAGER, USER, pick, openSignedIn, openedDialog } from './support';
import { screenshotWhenAsked } from './shots';

const SHOTS = '../test-results/screens';

async function openSecurity(page: Page): Promise<void> {
  await openSignedIn(page, MANAGER, { path: '/page/security' });
  await expect(page.getByRole('heading', { name: 'Painel de segurança' })).toBeVisible({ timeout: 20_000 });
}

test('a failure in a dialog is shown inside it, below its title, until dismissed', async ({ page }) => {
  await openSecurity(page);
  await page.getByRole('button', { name: 'Novo usuário' }).click();
  const dialog = openedDialog(page, { name: 'Registrar novo usuário' });
  await dialog.getByLabel('Nome').fill('Repetido');
  await dialog.getByLabel('Email').fill(USER);
  await pick(page, dialog.getByLabel('Cliente'), 'Horizonte Urbanismo');
  await pick(page, dialog.getByLabel('Projetos'), 'Edifício Aurora');
  await page.keyboard.press('Escape');
  await dialog.getByRole('button', { name: 'Registrar' }).click();
  const error = dialog.getByRole('alert').filter({ hasText: 'Email já foi utilizado' });
  await expect(error).toBeVisible();
  // Nothing floats over the dialog's title.
  const title = await dialog.locator('.ant-modal-title').boundingBox();
  const errorBox = await error.boundingBox();
  expect(title && errorBox && errorBox.y >= title.y + title.height).toBe(true);
  await expect(page.locator('.ant-message-notice')).toHaveCount(0);
  await screenshotWhenAsked(page, { path: `${SHOTS}/message-dialog-error.png` });
  // Still there well after the 1 s of a success message: it waits to be read.
  await page.waitForTimeout(3_000);
  await expect(error).toBeVisible();
  await error.getByRole('button', { name: /close|fechar/i }).click();
  await expect(error).toHaveCount(0);
});

test('an error message lasts and can be dismissed; a success is brief', async ({ page }) => {
  await openSecurity(page);
  const inactive = page.getByRole('row', { name: /inativo@horizonte/ });
  await inactive.getByRole('button', { name: 'Redefinir senha' }).click();
  const notice = page.locator('.ant-message-notice').filter({ hasText: 'Não foi possível enviar o e-mail' });
  await expect(notice).toBeVisible();
  await page.mouse.move(5, 700);
  await page.waitForTimeout(3_000);
  await expect(notice).toBeVisible();
  await screenshotWhenAsked(page, { path: `${SHOTS}/message-error-lasting.png` });
  await notice.getByRole('button', { name: 'Fechar mensagem' }).click();
  await expect(notice).toHaveCount(0);

  const active = page.getByRole('row', { name: /usuario@horizonte/ });
  await active.getByRole('button', { name: 'Redefinir senha' }).click();
  const success = page.locator('.ant-message-notice').filter({ hasText: 'Email de recuperação enviado' });
  await expect(success).toBeVisible();
  await expect(success).toHaveCount(0);
});
