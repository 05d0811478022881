import { expect, test } from '@playwright/test';
import { MANAGER, menuItem, signInAndWait } from './support';

test('each page sets its own browser tab title', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveTitle('Entrar | Mirante');
  await signInAndWait(page, MANAGER);
  await expect(page).toHaveTitle('Mapa | Loteamento');

  await menuItem(page, 'Detecções').click();
  await expect(page).toHaveTitle('Lista de detecções | Relatório');
  await menuItem(page, 'Integração').click();
  await expect(page).toHaveTitle('Integração com ERPs | Integração');
  await menuItem(page, 'Segurança').click();
  await expect(page).toHaveTitle('Painel de segurança | Segurança');
  await menuItem(page, 'Mapa').click();
  await expect(page).toHaveTitle('Mapa | Loteamento');
  await page.goto('/page/rota-que-nao-existe');
  await expect(page).toHaveTitle('Página não encontrada | Mirante');
});
