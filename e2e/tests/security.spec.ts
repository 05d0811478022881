import { expect, test, type Page } from '@playwright/test';
import {
  ADMIN,
  MANAGER,
  USER,
  listedOptions,
  noOpenDropdown,
  pick,
  openSignedIn,
  waitForEmailTo,
  openedDialog,
} from './support';
import { screenshotWhenAsked } from './shots';

const SHOTS = '../test-results/screens';

async function openSecurity(page: Page, email: string): Promise<void> {
  await openSignedIn(page, email, { path: '/page/security' });
  // The first visit loads the panel's chunk; allow for a busy machine.
  await expect(page.getByRole('heading', { name: 'Painel de segurança' })).toBeVisible({ timeout: 20_000 });
}

/** Inactivating asks first: confirms in the popover. */
async function confirmInactivation(page: Page): Promise<void> {
  const confirm = page.getByRole('tooltip').filter({ hasText: 'Inativar este usuário?' });
  await confirm.getByRole('button', { name: 'Inativar' }).click();
}

test('MANAGER registers, edits, inactivates, reactivates and resets a user', async ({ page }) => {
  const email = `novo.${Date.now()}@horizonte.com.br`;
  await openSecurity(page, MANAGER);
  await expect(page.getByRole('tab', { name: 'Usuários' })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Cliente' })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'usuario@horizonte.com.br' })).toBeVisible();
  // The platform ADMIN is not the customer's staff: not listed for a MANAGER.
  await expect(page.getByRole('cell', { name: 'admin@mirante.app.br' })).toHaveCount(0);
  await screenshotWhenAsked(page, { path: `${SHOTS}/security-users.png` });

  await page.getByRole('button', { name: 'Novo usuário' }).click();
  const dialog = openedDialog(page, { name: 'Registrar novo usuário' });
  await dialog.getByRole('button', { name: 'Registrar' }).click();
  for (const text of ['Informe o nome', 'Informe o email', 'Selecione um cliente', 'Selecione algum projeto'])
    await expect(dialog.getByText(text, { exact: true })).toBeVisible();

  await dialog.getByLabel('Nome').fill('Nívea Nova');
  await dialog.getByLabel('Email').fill(email);
  await pick(page, dialog.getByLabel('Cliente'), 'Horizonte Urbanismo');
  await pick(page, dialog.getByLabel('Projetos'), 'Jardim das Palmeiras');
  await page.keyboard.press('Escape');
  await pick(page, dialog.getByLabel('Grupo'), 'Equipe de campo');
  await screenshotWhenAsked(page, { path: `${SHOTS}/security-register.png` });
  const since = Date.now();
  await dialog.getByRole('button', { name: 'Registrar' }).click();
  await expect(page.getByText('Usuário cadastrado com sucesso')).toBeVisible();
  const row = page.getByRole('row', { name: new RegExp(email) });
  await expect(row).toContainText('Equipe de campo (Horizonte Urbanismo)');
  expect(await waitForEmailTo(email, since)).toMatch(/\/auth\/pass\?t=/);

  await page.getByRole('button', { name: 'Novo usuário' }).click();
  await dialog.getByLabel('Nome').fill('Repetido');
  await dialog.getByLabel('Email').fill(USER);
  await pick(page, dialog.getByLabel('Cliente'), 'Horizonte Urbanismo');
  await pick(page, dialog.getByLabel('Projetos'), 'Edifício Aurora');
  await page.keyboard.press('Escape');
  await dialog.getByRole('button', { name: 'Registrar' }).click();
  await expect(dialog.getByRole('alert').filter({ hasText: 'Email já foi utilizado' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancelar' }).click();

  await row.getByRole('button', { name: 'Editar' }).click();
  const edit = openedDialog(page, { name: 'Editar usuário' });
  await expect(edit.getByLabel('Email')).toHaveValue(email);
  await edit.getByLabel('Nome').fill('Nívea Nova Editada');
  await edit.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Usuário atualizado com sucesso')).toBeVisible();
  await expect(row).toContainText('Nívea Nova Editada');

  await row.getByRole('button', { name: 'Inativar' }).click();
  await confirmInactivation(page);
  await expect(page.getByText('Usuário inativado com sucesso')).toBeVisible();
  await expect(row).toContainText('Inativo');
  await row.getByRole('button', { name: 'Ativar' }).click();
  await expect(page.getByText('Usuário ativado com sucesso')).toBeVisible();
  await expect(row).toContainText('Ativo');

  const resetSince = Date.now();
  await row.getByRole('button', { name: 'Redefinir senha' }).click();
  await expect(page.getByText('Email de recuperação enviado')).toBeVisible();
  expect(await waitForEmailTo(email, resetSince)).toMatch(/\/auth\/pass\?t=.*m=1/);
});

test('changing the customer resets projects and group', async ({ page }) => {
  await openSecurity(page, 'admin@mirante.app.br');
  await page.getByRole('button', { name: 'Novo usuário' }).click();
  const dialog = openedDialog(page, { name: 'Registrar novo usuário' });
  await pick(page, dialog.getByLabel('Cliente'), 'Horizonte Urbanismo');
  await pick(page, dialog.getByLabel('Projetos'), 'Jardim das Palmeiras');
  await page.keyboard.press('Escape');
  await expect(dialog.locator('.ant-form-item', { hasText: 'Projetos' })).toContainText('Jardim');
  await pick(page, dialog.getByLabel('Cliente'), 'Vale Verde Empreendimentos');
  await expect(dialog.locator('.ant-form-item', { hasText: 'Projetos' })).not.toContainText('Jardim');
  await noOpenDropdown(page);
  await dialog.getByLabel('Projetos').click();
  // Only Vale Verde's projects (admin-projects.spec may have registered another one for it).
  const options = listedOptions(page);
  await expect(options.filter({ hasText: 'Vale Verde - Sarandi' })).toHaveCount(1);
  await expect(options.filter({ hasText: 'Jardim das Palmeiras' })).toHaveCount(0);
  await expect(options.filter({ hasText: 'Aurora' })).toHaveCount(0);
});

test('USER sees no customer column or selector', async ({ page }) => {
  await openSecurity(page, USER);
  await expect(page.getByRole('columnheader', { name: 'Nome' })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Cliente' })).toHaveCount(0);
  await expect(page.getByRole('row', { name: /gerente@horizonte/ })).toContainText('Gestão completa');
  await page.getByRole('button', { name: 'Novo usuário' }).click();
  const dialog = openedDialog(page, { name: 'Registrar novo usuário' });
  await expect(dialog.getByLabel('Cliente')).toHaveCount(0);
  await expect(dialog.getByLabel('Projetos')).toBeEnabled();
});

test("ADMIN's users table keeps the status dot and 'Inativo' on one line", async ({ page }) => {
  // ADMIN sees the customer column and full group names: the narrowest status column of the panel
  await openSecurity(page, ADMIN);
  const status = page.getByRole('row', { name: /inativo@horizonte/ }).locator('.ant-badge');
  const dot = await status.locator('.ant-badge-status-dot').boundingBox();
  const text = await status.getByText('Inativo', { exact: true }).boundingBox();
  expect(dot && text).toBeTruthy();
  // the dot's middle falls within the text's line
  const dotMiddle = dot!.y + dot!.height / 2;
  expect(dotMiddle).toBeGreaterThan(text!.y);
  expect(dotMiddle).toBeLessThan(text!.y + text!.height);
});

test('a USER is told why he may not inactivate a colleague of his own role', async ({ page }) => {
  await openSecurity(page, USER);
  const colleague = page.getByRole('row', { name: /gerente@horizonte/ });
  await colleague.getByRole('button', { name: 'Inativar' }).click();
  await confirmInactivation(page);
  await expect(
    page.getByText(
      'Não foi possível inativar o usuário: Você só pode alterar usuários de perfil inferior ao seu.',
    ),
  ).toBeVisible();
  await expect(colleague).toContainText('Ativo');
});

test('groups: register, edit, delete and the in-use refusal', async ({ page }) => {
  const name = `Grupo ${Date.now()}`;
  await openSecurity(page, MANAGER);
  await page.getByRole('tab', { name: 'Grupos e Permissões' }).click();
  await expect(page.getByRole('cell', { name: 'Equipe de campo' })).toBeVisible();
  await screenshotWhenAsked(page, { path: `${SHOTS}/security-groups.png` });

  await page.getByRole('button', { name: 'Novo grupo' }).click();
  const dialog = openedDialog(page, { name: 'Registrar novo grupo' });
  await dialog.getByRole('button', { name: 'Registrar' }).click();
  await expect(dialog.getByText('Informe o nome')).toBeVisible();
  await expect(dialog.getByText('Selecione um cliente', { exact: true })).toBeVisible();
  await dialog.getByLabel('Nome').fill(name);
  await pick(page, dialog.getByLabel('Cliente'), 'Horizonte Urbanismo');
  await dialog.getByRole('group', { name: 'Loteamento' }).getByLabel('Mapa').check();
  await screenshotWhenAsked(page, { path: `${SHOTS}/security-group-form.png` });
  await dialog.getByRole('button', { name: 'Registrar' }).click();
  await expect(page.getByText('Grupo cadastrado com sucesso')).toBeVisible();

  const row = page.getByRole('row', { name: new RegExp(name) });
  await row.getByRole('button', { name: 'Editar grupo' }).click();
  const edit = openedDialog(page, { name: 'Editar grupo' });
  await expect(edit.getByRole('group', { name: 'Loteamento' }).getByLabel('Mapa')).toBeChecked();
  await edit.getByLabel('Nome').fill(`${name} B`);
  await edit.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Grupo atualizado com sucesso')).toBeVisible();

  await page
    .getByRole('row', { name: /Equipe de campo/ })
    .getByRole('button', { name: 'Remover grupo' })
    .click();
  await page.getByRole('button', { name: 'Remover', exact: true }).last().click();
  await expect(page.getByText('O grupo está associado a usuários e não pode ser deletado.')).toBeVisible();

  await page
    .getByRole('row', { name: new RegExp(`${name} B`) })
    .getByRole('button', { name: 'Remover grupo' })
    .click();
  await expect(
    page.getByText('Tem certeza que deseja remover este grupo?', { exact: false }).last(),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Remover', exact: true }).last().click();
  await expect(page.getByText('Grupo removido com sucesso')).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(`${name} B`) })).toHaveCount(0);
});

test('resetting an inactive user says why; inactivating asks first', async ({ page }) => {
  await openSecurity(page, MANAGER);
  const inactive = page.getByRole('row', { name: /inativo@horizonte/ });
  await expect(inactive).toContainText('Inativo');
  await inactive.getByRole('button', { name: 'Redefinir senha' }).click();
  await expect(
    page.getByText(
      'Não foi possível enviar o e-mail de recuperação de senha. O usuário está inativo: ative-o antes de redefinir a senha.',
    ),
  ).toBeVisible();
  await screenshotWhenAsked(page, { path: `${SHOTS}/security-reset-inactive.png` });

  const active = page.getByRole('row', { name: /usuario@horizonte/ });
  await active.getByRole('button', { name: 'Inativar' }).click();
  const confirm = page.getByRole('tooltip').filter({ hasText: 'Inativar este usuário?' });
  await expect(confirm).toBeVisible();
  await expect(confirm).toContainText('Ele não poderá mais entrar no Mirante até ser ativado de novo.');
  await screenshotWhenAsked(page, { path: `${SHOTS}/security-inactivate-confirm.png` });
  await confirm.getByRole('button', { name: 'Cancelar' }).click();
  await expect(active).toContainText('Ativo');
  await expect(page.getByText('Usuário inativado com sucesso')).toHaveCount(0);
});

test("Enter in a field of 'Registrar novo usuário' and of 'Registrar novo grupo' submits the form", async ({
  page,
}) => {
  await openSecurity(page, MANAGER);
  await page.getByRole('button', { name: 'Novo usuário' }).click();
  const user = openedDialog(page, { name: 'Registrar novo usuário' });
  await user.getByLabel('Nome').fill('Pedro Teclado');
  await user.getByLabel('Nome').press('Enter');
  // submitted: the empty required e-mail is flagged
  await expect(user.getByText('Informe o email')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(user).toBeHidden();

  await page.getByRole('tab', { name: 'Grupos e Permissões' }).click();
  await page.getByRole('button', { name: 'Novo grupo' }).click();
  const group = openedDialog(page, { name: 'Registrar novo grupo' });
  await group.getByLabel('Nome').press('Enter');
  await expect(group.getByText('Informe o nome')).toBeVisible();
});
