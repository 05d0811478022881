import { expect, test } from '@playwright/test';
import { projectsApi } from '@mirante/shared';
import { api } from './api';
import {
  ACCESS_TOKEN,
  ADMIN,
  INACTIVE,
  MANAGER,
  SESSION_KEY,
  USER,
  menuItem,
  openUserMenu,
  signIn,
  signInAndWait,
  signOut,
  storedApiToken,
} from './support';

test('the login page downloads no map chunk; the map page does', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Entrar' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.filter((script) => /map-|maplibre/i.test(script))).toEqual([]);

  await page.getByLabel('Email').fill(MANAGER);
  await page.getByLabel('Senha').fill('mirante2026');
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page).toHaveURL(/\/page\/fusion-map$/);
  await expect.poll(() => scripts.some((script) => /\/assets\/map-/.test(script))).toBe(true);
});

test('each role lands on the map of its default project, Jardim das Palmeiras (not another allotment)', async ({
  page,
}) => {
  for (const email of [ADMIN, MANAGER, USER]) {
    const layersAsked = page.waitForResponse((response) =>
      /\/api\/v1\/project\/\d+\/layers/.test(response.url()),
    );
    await signIn(page, email);
    await expect(page).toHaveURL(/\/page\/fusion-map$/);
    const projects = await api(page.request, await storedApiToken(page)).call(projectsApi.list);
    const jardim = projects.find((project) => project.name === 'Jardim das Palmeiras - Etapas 1 a 3')!;
    expect(jardim.default).toBe(true);
    // The map opened is that project's: its layers were asked for, its name is in the selector and the details.
    const opened = Number(/\/project\/(\d+)\/layers/.exec((await layersAsked).url())?.[1]);
    expect(opened, `${email}'s map`).toBe(jardim.id);
    await expect(page.getByTestId('project-selector')).toContainText('Jardim das Palmeiras');
    await page.getByRole('tab', { name: 'Detalhes' }).click();
    await expect(page.getByTestId('project-details')).toContainText('Jardim das Palmeiras');
    await expect(menuItem(page, 'Mapa')).toBeVisible();
    await signOut(page);
  }
});

test('validation and wrong password messages', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page.getByText('Informe o email')).toBeVisible();
  await expect(page.getByText('Informe a senha')).toBeVisible();
  await signIn(page, MANAGER, 'senha-errada');
  await expect(page.getByText('Usuário ou senha inválidos')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
});

test('an inactive user is told the account is not active', async ({ page }) => {
  await signIn(page, INACTIVE);
  await expect(
    page.getByText('Sua conta não está ativa, aguarde um administrador ativar sua conta.'),
  ).toBeVisible();
});

test('after login the user returns to the page asked for', async ({ page }) => {
  await page.goto('/page/change-password');
  await expect(page).toHaveURL(/\/$/);
  await page.getByLabel('Email').fill(MANAGER);
  await page.getByLabel('Senha').fill('mirante2026');
  await page.getByLabel('Senha').press('Enter');
  await expect(page).toHaveURL(/\/page\/change-password$/);
  await expect(page.getByText('Trocar senha').first()).toBeVisible();
});

test('log out clears the session and a signed-in visit to / goes into the app', async ({ page }) => {
  await signInAndWait(page, MANAGER);
  await page.goto('/');
  await expect(page).toHaveURL(/\/page\/fusion-map$/);
  await signOut(page);
  expect(await page.evaluate((key) => localStorage.getItem(key), SESSION_KEY)).toBeNull();
  expect(await page.evaluate((key) => sessionStorage.getItem(key), SESSION_KEY)).toBeNull();
  await page.goto('/page/area');
  await expect(page).toHaveURL(/\/$/);
});

test('a revoked session sends the user back to the landing page', async ({ page, request }) => {
  await signInAndWait(page, MANAGER);
  const token = await storedApiToken(page);
  const revoked = await request.post('/api/v1/user/logout', {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(revoked.ok()).toBe(true);
  await page.reload();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'Entrar' })).toBeVisible();
  expect(await page.evaluate((key) => localStorage.getItem(key), SESSION_KEY)).toBeNull();
});

test('token sign-in hides Metro², and its credentials are dropped when opening without the token', async ({
  page,
}) => {
  await signInAndWait(page, USER);
  await expect(menuItem(page, 'Metro²')).toBeVisible();
  await signOut(page);

  await page.goto(`/?token=${ACCESS_TOKEN}`);
  await expect(page).toHaveURL(new RegExp(`/page/fusion-map\\?token=${ACCESS_TOKEN}$`));
  await expect(menuItem(page, 'Mapa')).toBeVisible();
  await expect(menuItem(page, 'Detecções')).toBeVisible();
  await expect(menuItem(page, 'Metro²')).toHaveCount(0);
  await menuItem(page, 'Detecções').click();
  await expect(page).toHaveURL(new RegExp(`/page/list\\?token=${ACCESS_TOKEN}$`));

  await page.goto('/page/fusion-map');
  await expect(page).toHaveURL(/\/$/);
});

test('unknown routes show "Página não encontrada"', async ({ page }) => {
  await page.goto('/nao-existe');
  await expect(page.getByText('Página não encontrada')).toBeVisible();
  await signInAndWait(page, MANAGER);
  await page.goto('/page/algo-que-nao-existe');
  await expect(page.getByText('Página não encontrada')).toBeVisible();
  await expect(page.getByTestId('project-selector')).toBeVisible();
});

test('the user menu shows greeting, change password, version and log out', async ({ page }) => {
  await signInAndWait(page, MANAGER);
  await expect(page.getByText('Olá, Gustavo')).toBeVisible();
  await openUserMenu(page);
  await expect(page.getByRole('menuitem', { name: 'Trocar senha' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Versão 2.0.1' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Sair' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Painel de administração' })).toHaveCount(0);
});
