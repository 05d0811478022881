import { expect, test } from '@playwright/test';
import { MANAGER, menuItem, openSignedIn } from './support';

test('each page sets its own browser tab title', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveTitle('Entrar | Mirante');
  await openSignedIn(page, MANAGER);
  // The map page sets its title once its code (the app's largest) has arrived: allow for a busy machine.
  await expect(page).toHaveTitle('Mapa | Loteamento', { timeout: 20_000 });

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
