import { expect, test } from '@playwright/test';
import { MANAGER, openSignedIn, openedDialog } from './support';

test('the help modal validates and sends the support request', async ({ page }) => {
  await openSignedIn(page, MANAGER);
  await page.getByRole('button', { name: 'Ajuda' }).click();
  const dialog = openedDialog(page);
  await expect(dialog.getByLabel('Email para resposta')).toHaveValue(MANAGER);

  await dialog.getByLabel('Email para resposta').fill('');
  await dialog.getByRole('button', { name: 'Enviar' }).click();
  await expect(dialog.getByText('Informe o assunto')).toBeVisible();
  await expect(dialog.getByText('Informe o email')).toBeVisible();
  await expect(dialog.getByText('Informe o conteúdo da mensagem')).toBeVisible();

  await dialog.getByLabel('Assunto').fill('x'.repeat(89));
  await dialog.getByLabel('Email para resposta').fill('gerente@');
  await dialog.getByRole('button', { name: 'Enviar' }).click();
  await expect(dialog.getByText('O limite máximo é 88 caracteres')).toBeVisible();
  await expect(dialog.getByText('Email inválido')).toBeVisible();

  await dialog.getByLabel('Assunto').fill('Dúvida sobre as detecções');
  await dialog.getByLabel('Email para resposta').fill(MANAGER);
  await dialog.getByLabel('Mensagem').fill('Como exporto a lista de detecções para o Excel?');
  await dialog.getByRole('button', { name: 'Enviar' }).click();
  await expect(dialog.getByRole('button', { name: 'Email enviado' })).toBeDisabled();
});
