import { expect, test, type Locator, type Page } from '@playwright/test';
import { ADMIN, MANAGER, signInAndWait, waitForEmailTo } from './support';

async function pick(page: Page, field: Locator, option: string): Promise<void> {
  await field.click();
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option })
    .first()
    .click();
}

test('ADMIN registers a TRIAL user without e-mail and a CLIENT with it', async ({ page }) => {
  await signInAndWait(page, ADMIN);
  await page.goto('/page/admin');
  await expect(page.getByRole('heading', { name: 'Painel de administração' })).toBeVisible();
  for (const tab of [
    'Cadastrar usuário',
    'Cadastrar imagem',
    'Cadastrar análise',
    'Remover imagens',
    'Remover análises',
    'Análise I.A',
    'Processamento I.A',
  ])
    await expect(page.getByRole('tab', { name: tab })).toBeVisible();

  const form = page.getByRole('form', { name: 'Cadastrar usuário' });
  await form.getByRole('button', { name: 'Cadastrar' }).click();
  await expect(form.getByText('Selecione um tipo de usuário')).toBeVisible();
  await expect(form.getByText('Selecione um cliente', { exact: true })).toBeVisible();
  await page.screenshot({ path: '../test-results/screens/admin-register.png' });

  const trial = `trial.${Date.now()}@valeverde.com.br`;
  await form.getByLabel('Nome').fill('Teresa Trial');
  await form.getByLabel('Email').fill(trial);
  await pick(page, form.getByLabel('Cliente'), 'Vale Verde Empreendimentos');
  await pick(page, form.getByLabel('Projetos'), 'Vale Verde - Sarandi');
  await page.keyboard.press('Escape');
  await pick(page, form.getByLabel('Tipo de usuário'), 'Teste (trial)');
  await form.getByLabel('Enviar e-mail de definição de senha').uncheck();
  await form.getByRole('button', { name: 'Cadastrar' }).click();
  await expect(page.getByText('Usuário cadastrado com sucesso')).toBeVisible();

  const client = `cliente.${Date.now()}@horizonte.com.br`;
  await form.getByLabel('Nome').fill('Clara Cliente');
  await form.getByLabel('Email').fill(client);
  await pick(page, form.getByLabel('Cliente'), 'Horizonte Urbanismo');
  await pick(page, form.getByLabel('Projetos'), 'Edifício Aurora');
  await page.keyboard.press('Escape');
  await pick(page, form.getByLabel('Tipo de usuário'), 'Cliente');
  const since = Date.now();
  await form.getByRole('button', { name: 'Cadastrar' }).click();
  await expect(page.getByText('Usuário cadastrado com sucesso')).toBeVisible();
  expect(await waitForEmailTo(client, since)).toMatch(/\/auth\/pass\?t=/);

  await page.getByRole('tab', { name: 'Cadastrar imagem' }).click();
  await expect(page.getByText('Página em construção')).toBeVisible();
});

test('the admin panel is ADMIN only', async ({ page }) => {
  await signInAndWait(page, MANAGER);
  await page.goto('/page/admin');
  await expect(page.getByText('Acesso negado')).toBeVisible();
});
