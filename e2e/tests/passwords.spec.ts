import { expect, test } from '@playwright/test';
import {
  DEMO_PASSWORD,
  INACTIVE,
  OTHER_CUSTOMER_USER,
  changePasswordByApi,
  menuItem,
  openUserMenu,
  signIn,
  signInAndWait,
  signOut,
  waitForEmailTo,
} from './support';
import { screenshotWhenAsked } from './shots';

// Only this file signs in as the other customer's user, whose password these tests change and restore.
test.describe.configure({ mode: 'serial' });

test('recovery errors: unknown e-mail and inactive user', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Esqueceu a senha?' }).click();
  await page.getByLabel('Email').fill('ninguem@exemplo.com.br');
  await page.getByRole('button', { name: 'Recuperar conta' }).click();
  await expect(page.getByText('Usuário não encontrado')).toBeVisible();
  await page.getByRole('button', { name: 'Lembrei minha senha' }).click();
  await page.getByRole('button', { name: 'Esqueceu a senha?' }).click();
  await page.getByLabel('Email').fill(INACTIVE);
  await page.getByRole('button', { name: 'Recuperar conta' }).click();
  await expect(page.getByText('Usuário não possui acesso a versão de desenvolvedor')).toBeVisible();
});

test('a password definition link without a valid token goes back to /, says it expired and offers recovery', async ({
  page,
}) => {
  await page.goto('/auth/pass');
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/auth/pass?t=token-que-nao-existe&m=1');
  await expect(page).toHaveURL(/\/$/);
  const notice = page
    .getByRole('alert')
    .filter({ hasText: 'Este link de senha expirou ou não é mais válido.' });
  await expect(notice).toContainText('Peça um novo link: informe seu email em "Recuperar conta".');
  await screenshotWhenAsked(page, { path: '../test-results/screens/password-link-expired.png' });
  await notice.getByRole('button', { name: 'Pedir novo link' }).click();
  await expect(page.getByRole('button', { name: 'Recuperar conta' })).toBeVisible();
  await expect(page.getByLabel('Senha')).toHaveCount(0);
});

test('the recovery e-mail link sets a new password that signs in', async ({ page, request }) => {
  const since = Date.now() - 1000;
  await page.goto('/');
  await page.getByRole('button', { name: 'Esqueceu a senha?' }).click();
  await page.getByLabel('Email').fill(OTHER_CUSTOMER_USER);
  await page.getByLabel('Email').press('Enter');
  await expect(page.getByText('Email de recuperação enviado')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Recuperar conta' })).toBeDisabled();

  const mail = await waitForEmailTo(OTHER_CUSTOMER_USER, since);
  const link = /https?:\/\/[^\s"<>]+\/auth\/pass\?t=[^\s"<>&]+&(?:amp;)?m=1/.exec(mail)?.[0];
  expect(link, 'recovery link in the e-mail').toBeTruthy();
  await page.goto((link ?? '').replace('&amp;', '&'));

  await expect(page.getByRole('heading', { name: 'Recuperar senha' })).toBeVisible();
  await page.getByRole('button', { name: 'Definir senha' }).click();
  await expect(page.getByText('Informe a senha')).toBeVisible();
  await expect(page.getByText('Confirme a senha')).toBeVisible();
  await page.getByLabel('Nova senha').fill('curta');
  await page.getByLabel('Confirmação da senha').fill('outra-senha-123');
  await page.getByRole('button', { name: 'Definir senha' }).click();
  await expect(page.getByText('Mínimo de 8 caracteres')).toBeVisible();
  await page.getByLabel('Nova senha').fill('Recuperada#2026');
  await page.getByRole('button', { name: 'Definir senha' }).click();
  await expect(page.getByText('As senhas não são iguais')).toBeVisible();
  await page.getByLabel('Confirmação da senha').fill('Recuperada#2026');
  await page.getByLabel('Confirmação da senha').press('Enter');
  await expect(page.getByText('Senha configurada com sucesso')).toBeVisible();
  await expect(page).toHaveURL(/\/page\/area$/, { timeout: 8000 });

  await signOut(page);
  await signIn(page, OTHER_CUSTOMER_USER, DEMO_PASSWORD);
  await expect(page.getByText('Usuário ou senha inválidos')).toBeVisible();
  await signInAndWait(page, OTHER_CUSTOMER_USER, 'Recuperada#2026');
  await changePasswordByApi(request, OTHER_CUSTOMER_USER, 'Recuperada#2026', DEMO_PASSWORD);
});

test('change password: validation, wrong current password, success and sign-in with the new one', async ({
  page,
}) => {
  await signInAndWait(page, OTHER_CUSTOMER_USER);
  await openUserMenu(page);
  await menuItem(page, 'Trocar senha').click();
  await expect(page).toHaveURL(/\/page\/change-password$/);

  const submit = page.getByRole('button', { name: 'Trocar senha' });
  await submit.click();
  await expect(page.getByText('Especifique a senha atual')).toBeVisible();
  await expect(page.getByText('Especifique um valor para a nova senha')).toBeVisible();
  await expect(page.getByText('Confirme o valor da nova senha')).toBeVisible();

  await page.getByLabel('Senha atual').fill('nao-e-esta');
  await page.getByLabel('Nova senha', { exact: true }).fill('Trocada26');
  await page.getByLabel('Confirmação da nova senha').fill('Trocada26');
  await submit.click();
  await expect(page.getByText(/^Não foi possível alterar a senha: .+/)).toBeVisible();

  await page.getByLabel('Senha atual').fill(DEMO_PASSWORD);
  await page.getByLabel('Senha atual').press('Enter');
  await expect(page.getByText('Senha alterada com sucesso!')).toBeVisible();

  await signOut(page);
  await signInAndWait(page, OTHER_CUSTOMER_USER, 'Trocada26');

  // Restore the demo password through the same page.
  await page.goto('/page/change-password');
  await page.getByLabel('Senha atual').fill('Trocada26');
  await page.getByLabel('Nova senha', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByLabel('Confirmação da nova senha').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Trocar senha' }).click();
  await expect(page.getByText('Senha alterada com sucesso!')).toBeVisible();
});
