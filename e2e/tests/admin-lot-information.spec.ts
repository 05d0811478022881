import { expect, test } from '@playwright/test';
import { ADMIN, MANAGER, listedOptions, openSignedIn, openedDialog } from './support';
import { screenshotWhenAsked } from './shots';

const SHOTS = '../test-results/screens';

test("ADMIN opens a lot's information dialog from the administration panel, edits it and finds the spreadsheet upload", async ({
  page,
}) => {
  await openSignedIn(page, ADMIN, { path: '/page/admin?aba=lot-information' });
  await expect(page.getByRole('heading', { name: 'Painel de administração' })).toBeVisible({
    timeout: 20_000,
  });
  const tab = page.getByTestId('admin-lot-information');
  await tab.getByLabel('Loteamento').click();
  await page.keyboard.type('Jardim das Palmeiras');
  await listedOptions(page).filter({ hasText: 'Jardim das Palmeiras' }).first().click();
  await tab.getByLabel('Lote', { exact: true }).click();
  await page.keyboard.type('JDP-Q01-L03');
  await listedOptions(page).filter({ hasText: 'JDP-Q01-L03' }).click();

  const dialog = page.getByTestId('information-dialog');
  await expect(dialog.getByRole('dialog')).toBeVisible();
  await expect(dialog).toContainText('Lote 3 Quadra Q01');
  await expect(dialog.getByLabel('CPF/CNPJ do comprador')).toBeVisible();
  await dialog.getByLabel('Notas').fill('Conferido pelo administrador.');
  await screenshotWhenAsked(page, { path: `${SHOTS}/admin-lot-information.png` });
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Sucesso!')).toBeVisible();
  await dialog.getByRole('tab', { name: /Histórico de alterações/ }).click();
  await expect(dialog.getByTestId('information-history')).toContainText('Conferido pelo administrador.');
  await page.keyboard.press('Escape');

  await tab.getByRole('button', { name: 'Importar planilha' }).click();
  const upload = openedDialog(page).filter({ hasText: 'Download do modelo' });
  await expect(upload).toBeVisible();
  await expect(upload.getByRole('button', { name: 'Importar Planilha' })).toBeDisabled();
});

test('the administration panel, and so its lot information, stays closed to a MANAGER', async ({ page }) => {
  await openSignedIn(page, MANAGER, { path: '/page/admin?aba=lot-information' });
  await expect(page.getByText('Acesso negado')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('admin-lot-information')).toHaveCount(0);
});
