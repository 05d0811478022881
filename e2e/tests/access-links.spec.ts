import { expect, test } from '@playwright/test';
import { ADMIN, menuItem, pick, openSignedIn, openedDialog } from './support';
import { screenshotWhenAsked } from './shots';

test('ADMIN creates a sign-in link for the demo USER, the link signs in without Metro², and after Revogar it no longer does', async ({
  page,
  browser,
}) => {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await openSignedIn(page, ADMIN, { path: '/page/admin' });
  await expect(page.getByRole('heading', { name: 'Painel de administração' })).toBeVisible({
    timeout: 20_000,
  });
  await page.getByRole('tab', { name: 'Links de acesso' }).click();

  const form = page.getByRole('form', { name: 'Criar link de acesso' });
  await form.getByRole('button', { name: 'Criar link' }).click();
  await expect(form.getByText('Selecione o usuário.')).toBeVisible();
  await expect(form.getByText('Informe a descrição do link.')).toBeVisible();

  const description = `Corretor ${Date.now()}`;
  await form.getByLabel('Usuário').fill('usuario@horizonte');
  await pick(page, form.getByLabel('Usuário'), /\(usuario@horizonte\.com\.br\)/);
  await form.getByLabel('Descrição').fill(description);
  await form.getByLabel('Validade (dias)').fill('7');
  await form.getByRole('button', { name: 'Criar link' }).click();

  const dialog = openedDialog(page, { name: 'Link de acesso criado' });
  await expect(dialog.getByText('Copie o link agora: ele não será mostrado novamente.')).toBeVisible();
  const shown = await dialog.getByLabel('Link de acesso').inputValue();
  expect(shown).toMatch(/^http:\/\/localhost:\d+\/\?token=[A-Za-z0-9_-]{20,}$/);
  await dialog.getByRole('button', { name: 'Copiar' }).click();
  await expect(page.getByText('Link copiado')).toBeVisible();
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(link).toBe(shown);
  await screenshotWhenAsked(page, { path: '../test-results/screens/admin-access-links-created.png' });
  await dialog.getByRole('button', { name: 'Concluído' }).click();

  const row = page.getByRole('row', { name: new RegExp(description) });
  await expect(row.getByText('Ativo', { exact: true })).toBeVisible();
  await expect(row).toContainText('usuario@horizonte.com.br');
  const today = new Date();
  const inAWeek = new Date(today.getTime() + 7 * 86_400_000);
  const ddmmyyyy = (date: Date) => date.toLocaleDateString('pt-BR', { timeZone: 'America/Sao_Paulo' });
  await expect(row).toContainText(ddmmyyyy(today));
  await expect(row).toContainText(ddmmyyyy(inAWeek));
  await screenshotWhenAsked(page, { path: '../test-results/screens/admin-access-links.png' });

  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto(link);
  await expect(visitor).toHaveURL(/\/page\/fusion-map\?token=/);
  await expect(menuItem(visitor, 'Mapa')).toBeVisible();
  await expect(menuItem(visitor, 'Metro²')).toHaveCount(0);

  await row.getByRole('button', { name: 'Revogar' }).click();
  await page.getByRole('tooltip').getByRole('button', { name: 'Revogar' }).click();
  await expect(page.getByText('Link de acesso revogado')).toBeVisible();
  await expect(row.getByText('Revogado', { exact: true })).toBeVisible();
  await expect(row.getByRole('button', { name: 'Revogar' })).toHaveCount(0);

  const later = await visitorContext.newPage();
  await later.goto(link);
  await expect(later.getByText('Link de acesso inválido ou expirado.')).toBeVisible();
  await expect(later.getByRole('button', { name: 'Entrar' })).toBeVisible();
  await expect(menuItem(later, 'Mapa')).toHaveCount(0);
  await visitorContext.close();
});
