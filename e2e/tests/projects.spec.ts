import { expect, test } from '@playwright/test';
import { ADMIN, MANAGER, USER, chooseProject, menuItem, openUserMenu, openSignedIn } from './support';

test('switching project follows the route rules of the states and transitions', async ({ page }) => {
  await openSignedIn(page, MANAGER);
  await expect(page).toHaveURL(/\/page\/fusion-map$/);

  await chooseProject(page, 'aurora', 'Edifício Aurora - Zona 7');
  await expect(page).toHaveURL(/\/page\/area$/);
  for (const label of ['Mapa', 'Vistorias', 'Sobreposições', 'Anotações', 'Segurança']) {
    await expect(menuItem(page, label)).toBeVisible();
  }

  await menuItem(page, 'Vistorias').click();
  await expect(page).toHaveURL(/\/page\/construction\/inspections$/);
  await chooseProject(page, 'ribeirao', 'APP Ribeirão Pinguim - Recuperação');
  await expect(page).toHaveURL(/\/page\/area$/);
  for (const label of ['Mapa', 'Análise', 'Relatório', 'Segurança']) {
    await expect(menuItem(page, label)).toBeVisible();
  }

  await chooseProject(page, 'palmeiras', 'Jardim das Palmeiras - Etapas 1 a 3');
  await expect(page).toHaveURL(/\/page\/fusion-map$/);

  // The selection is kept locally and survives a reload.
  await chooseProject(page, 'aurora', 'Edifício Aurora - Zona 7');
  await page.reload();
  await expect(page.getByTestId('project-selector')).toContainText('Edifício Aurora - Zona 7');
});

test('same project type keeps the page', async ({ page }) => {
  await openSignedIn(page, ADMIN);
  await menuItem(page, 'Detecções').click();
  await expect(page).toHaveURL(/\/page\/list$/);
  await chooseProject(page, 'sarandi', 'Vale Verde - Sarandi');
  await expect(page).toHaveURL(/\/page\/list$/);
});

test('ADMIN sees id-prefixed names and the admin link; USER sees short names and no admin link', async ({
  page,
}) => {
  await openSignedIn(page, ADMIN);
  await expect(page.getByTestId('project-selector')).toContainText(
    /^\d+ - Jardim das Palmeiras - Etapas 1 a 3/,
  );
  await openUserMenu(page);
  await menuItem(page, 'Painel de administração').click();
  await expect(page).toHaveURL(/\/page\/admin$/);
  await expect(page.getByRole('heading', { name: 'Painel de administração' })).toBeVisible();
  await openUserMenu(page);
  await menuItem(page, 'Sair').click();

  await openSignedIn(page, USER);
  await expect(page.getByTestId('project-selector')).toContainText('Jardim das Palmeiras');
  await expect(page.getByTestId('project-selector')).not.toContainText('Etapas');
  await expect(menuItem(page, 'Financeiro')).toHaveCount(0);
  await openUserMenu(page);
  await expect(page.getByRole('menuitem', { name: 'Trocar senha' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Painel de administração' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await page.goto('/page/admin');
  await expect(page.getByText('Acesso negado')).toBeVisible();
  await expect(page.getByText('Você não possui permissão para acessar esta página')).toBeVisible();
  await page.goto('/page/information');
  await expect(page.getByText('Módulo não disponível')).toBeVisible();
});

test('project search ignores accents and case', async ({ page }) => {
  await openSignedIn(page, ADMIN);
  await page.getByTestId('project-selector').click();
  await page.keyboard.type('EDIFICIO');
  const options = page.locator('.ant-select-item-option');
  await expect(options).toHaveCount(1);
  await expect(options.first()).toContainText('Edifício Aurora');
  await page.keyboard.press('Escape');
  await page.getByTestId('project-selector').click();
  await page.keyboard.type('ribeirão');
  await expect(options).toHaveCount(1);
  await expect(options.first()).toContainText('APP Ribeirão Pinguim');
});
