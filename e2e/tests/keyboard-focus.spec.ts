import { expect, test, type Locator, type Page } from '@playwright/test';
import { MANAGER, menuItem, openSignedIn, openedDialog } from './support';
import { screenshotWhenAsked } from './shots';

/** Presses Tab until `target` holds the focus (or contains it). */
async function tabTo(page: Page, target: Locator): Promise<void> {
  for (let i = 0; i < 20; i++) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((element) => element.contains(document.activeElement))) return;
  }
  throw new Error('Tab never reached the element');
}

const outline = (target: Locator) =>
  target.evaluate((element) => {
    const style = getComputedStyle(element);
    return { style: style.outlineStyle, width: parseFloat(style.outlineWidth) };
  });

test('the project selector and the user menu of the top bar show a focus ring when reached with Tab', async ({
  page,
}) => {
  await openSignedIn(page, MANAGER, { path: '/page/security' });
  await expect(page.getByRole('heading', { name: 'Painel de segurança' })).toBeVisible({ timeout: 20_000 });
  const selector = page.getByTestId('project-selector');
  await tabTo(page, selector);
  // polled: antd's controls ease their outline in
  await expect.poll(() => outline(selector)).toEqual({ style: 'solid', width: 2 });
  const userMenu = page.getByRole('button', { name: 'Menu do usuário' });
  await tabTo(page, userMenu);
  await expect.poll(() => outline(userMenu)).toEqual({ style: 'solid', width: 2 });
  await screenshotWhenAsked(page, {
    path: '../test-results/screens/focus-user-menu.png',
    clip: { x: 900, y: 0, width: 466, height: 60 },
  });
});

test('the user menu works from the keyboard: Enter and Space open it, arrows move, Escape gives the focus back', async ({
  page,
}) => {
  await openSignedIn(page, MANAGER, { path: '/page/security' });
  await expect(page.getByRole('heading', { name: 'Painel de segurança' })).toBeVisible({ timeout: 20_000 });
  const userMenu = page.getByRole('button', { name: 'Menu do usuário' });
  await tabTo(page, userMenu);
  await page.keyboard.press('Enter');
  await expect(menuItem(page, 'Trocar senha')).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(menuItem(page, 'Chaves de acesso GIS')).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(menuItem(page, 'Preferências de alertas')).toBeFocused();
  // the version line is disabled: passed over
  await page.keyboard.press('ArrowDown');
  await expect(menuItem(page, 'Sair')).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(menuItem(page, 'Preferências de alertas')).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(menuItem(page, 'Chaves de acesso GIS')).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(menuItem(page, 'Trocar senha')).toBeFocused();
  await screenshotWhenAsked(page, { path: '../test-results/screens/user-menu-keyboard.png' });
  await page.keyboard.press('Escape');
  await expect(page.locator('.ant-dropdown-menu')).toBeHidden();
  await expect(userMenu).toBeFocused();

  await page.keyboard.press(' ');
  await expect(menuItem(page, 'Trocar senha')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/page\/change-password/);
});

test('the export menu of the portfolio opens from the keyboard and Enter downloads the chosen file', async ({
  page,
}) => {
  await openSignedIn(page, MANAGER, { path: '/page/information' });
  await expect(page.getByTestId('portfolio-row').first()).toBeVisible({ timeout: 20_000 });
  const exportButton = page.getByRole('button', { name: /^(\S+ )?Exportar$/ });
  await exportButton.focus();
  await page.keyboard.press('Enter');
  await expect(menuItem(page, 'CSV')).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('link', { name: 'Excel' })).toBeFocused();
  const [download] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
  expect(download.suggestedFilename()).toMatch(/^carteira-.*\.xlsx$/);
  await expect(exportButton).toBeFocused();
});

test('closing a dialog of the security panel gives the focus back to the button that opened it', async ({
  page,
}) => {
  await openSignedIn(page, MANAGER, { path: '/page/security' });
  const newUser = page.getByRole('button', { name: 'Novo usuário' });
  await newUser.click();
  await openedDialog(page, { name: 'Registrar novo usuário' })
    .getByRole('button', { name: 'Cancelar' })
    .click();
  await expect(newUser).toBeFocused();

  const ursula = page.getByRole('row', { name: /Úrsula Usuária/ });
  const editUser = ursula.getByRole('button', { name: 'Editar' });
  await editUser.click();
  const userDialog = openedDialog(page, { name: 'Editar usuário' });
  await expect(userDialog.getByLabel('Nome')).toHaveValue('Úrsula Usuária');
  await page.keyboard.press('Escape');
  await expect(editUser).toBeFocused();

  await page.getByRole('tab', { name: 'Grupos e Permissões' }).click();
  const editGroup = page
    .getByRole('row', { name: /Equipe de campo/ })
    .getByRole('button', { name: /Editar/ });
  await editGroup.click();
  const groupDialog = openedDialog(page, { name: 'Editar grupo' });
  await expect(groupDialog.getByLabel('Nome')).toHaveValue('Equipe de campo');
  await groupDialog.getByRole('button', { name: 'Cancelar' }).click();
  await expect(editGroup).toBeFocused();
  // The dialog, kept for the next time, opens empty for a new group.
  const newGroup = page.getByRole('button', { name: 'Novo grupo' });
  await newGroup.click();
  await expect(openedDialog(page, { name: 'Registrar novo grupo' }).getByLabel('Nome')).toHaveValue('');
  await page.keyboard.press('Escape');
  await expect(newGroup).toBeFocused();
});

test('Escape closes only the innermost layer: a list or a date picker open in a dialog closes alone, the typed text stays', async ({
  page,
}) => {
  await openSignedIn(page, MANAGER, { path: '/page/security' });
  await page.getByRole('button', { name: 'Novo usuário' }).click();
  const userDialog = openedDialog(page, { name: 'Registrar novo usuário' });
  await userDialog.getByLabel('Nome').fill('Pessoa digitada');
  await userDialog.getByLabel('Cliente').click();
  await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(1);
  await page.keyboard.press('Escape');
  await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0);
  await expect(userDialog.getByLabel('Nome')).toHaveValue('Pessoa digitada');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Registrar novo usuário' })).toBeHidden();

  await page.goto('/page/information');
  await page.getByTestId('portfolio-row').first().getByRole('cell').nth(1).click();
  const lotDialog = openedDialog(page);
  await lotDialog.getByLabel('Código da venda').fill('V-ESC-1');
  await lotDialog.getByLabel('Data da venda').click();
  await expect(page.locator('.ant-picker-dropdown:visible')).toHaveCount(1);
  await page.keyboard.press('Escape');
  await expect(page.locator('.ant-picker-dropdown:visible')).toHaveCount(0);
  await expect(lotDialog.getByLabel('Código da venda')).toHaveValue('V-ESC-1');
});
