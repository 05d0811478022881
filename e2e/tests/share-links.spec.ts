import { expect, test, type Browser, type Page } from '@playwright/test';
import { waitForMapReady } from './map-ready';
import { ensureAllotmentScenes } from './map-scenes';
import { MANAGER, USER, openSignedIn, openedDialog, pick } from './support';
import { screenshotWhenAsked } from './shots';

const SHOTS = process.env.SHARE_SHOTS_DIR ?? 'test-results/share-shots';

test.beforeAll(async ({ request }) => {
  test.setTimeout(90_000);
  await ensureAllotmentScenes(request);
});

/** The shared map of a shared view (the compared 'Antes' map is inside its pane). */
const sharedMap = (page: Page) => page.locator('[data-testid="shared-map"] > [data-testid="map-canvas"]');

/**
 * Opens the allotment's map and waits for its tool column (not for the map to settle: the share dialog does not
 * need the picture, and on a loaded machine the first frame alone takes tens of seconds).
 */
async function openMap(page: Page, email: string) {
  await openSignedIn(page, email, { path: '/page/fusion-map?tipo=satelite' });
  await expect(page.getByRole('button', { name: 'Exportar' }).first()).toBeVisible({ timeout: 120_000 });
}

async function openShareDialog(page: Page) {
  await page.getByRole('button', { name: 'Compartilhar' }).click();
  return openedDialog(page, { name: /Compartilhar visualização/ });
}

/** A browser context of its own: no session, no storage, as somebody who only got the link. */
async function freshPage(browser: Browser, baseURL: string | undefined): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1366, height: 768 } });
  return context.newPage();
}

test('a MANAGER shares the map at a date; the link opens without sign-in, counts its view and stops when revoked', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(360_000);
  await openMap(page, MANAGER);
  const dialog = await openShareDialog(page);
  await expect(dialog.getByText('somente as imagens publicadas e a situação dos lotes')).toBeVisible();
  await dialog.getByText('Mapa numa data', { exact: true }).click();
  await pick(page, dialog.getByLabel('Data da imagem', { exact: true }), '15/04/2026');
  await expect(dialog.getByLabel('Validade (dias)')).toHaveValue('30');
  await screenshotWhenAsked(page, { path: `${SHOTS}/share-dialog.png` });
  await dialog.getByRole('button', { name: 'Criar link' }).click();

  const created = dialog.getByTestId('created-share-link');
  await expect(created.getByText('Mapa numa data: 15/04/2026')).toBeVisible();
  await expect(created.getByText('Copie o link agora: ele não será mostrado de novo.')).toBeVisible();
  const url = await created.getByLabel('link de compartilhamento', { exact: true }).inputValue();
  expect(url).toMatch(/\/compartilhado\/[\w-]{32}$/);
  await screenshotWhenAsked(page, { path: `${SHOTS}/share-dialog-created.png` });

  const shared = await freshPage(browser, baseURL);
  await shared.goto(new URL(url).pathname);
  const banner = shared.getByTestId('shared-banner');
  // The page's code and the view's data arrive over a loaded machine: the first answer may take a while.
  await expect(banner.getByText('Visualização compartilhada')).toBeVisible({ timeout: 60_000 });
  await expect(banner).toContainText('Jardim das Palmeiras');
  await expect(banner).toContainText('Mapa em 15/04/2026');
  await waitForMapReady(sharedMap(shared), 120_000);
  await expect(shared.getByTestId('map-legend')).toContainText('Situação em 15/04/2026');
  // Nothing of the signed-in app: no menu, no session stored.
  await expect(shared.getByRole('button', { name: 'Compartilhar' })).toHaveCount(0);
  expect(await shared.evaluate(() => localStorage.length + sessionStorage.length)).toBe(0);
  await screenshotWhenAsked(shared, { path: `${SHOTS}/shared-map-fresh-context.png` });

  await dialog.getByRole('tab', { name: 'Links criados' }).click();
  const row = dialog.getByRole('row', { name: /Mapa numa data: 15\/04\/2026/ }).first();
  await expect(row.getByRole('cell', { name: '1', exact: true })).toBeVisible();
  await expect(row.getByText('Ativo', { exact: true })).toBeVisible();
  await screenshotWhenAsked(page, { path: `${SHOTS}/share-dialog-list.png` });
  await row.getByRole('button', { name: 'Revogar' }).click();
  await page.getByRole('tooltip').getByRole('button', { name: 'Revogar' }).click();
  await expect(row.getByText('Revogado', { exact: true })).toBeVisible();

  await shared.reload();
  await expect(shared.getByTestId('shared-unavailable')).toContainText(
    'Este link de compartilhamento não existe, expirou ou foi revogado.',
    { timeout: 60_000 },
  );
  await shared.context().close();
});

test('a comparison shared with a password opens in the Cortina after the password', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(360_000);
  await openMap(page, MANAGER);
  const dialog = await openShareDialog(page);
  await dialog.getByText('Comparação de datas', { exact: true }).click();
  await pick(page, dialog.getByLabel('Antes', { exact: true }), '15/01/2026');
  await pick(page, dialog.getByLabel('Depois', { exact: true }), '15/04/2026');
  await dialog.getByText('Cortina', { exact: true }).click();
  await dialog.getByLabel('Senha (opcional)').fill('abc');
  await dialog.getByRole('button', { name: 'Criar link' }).click();
  await expect(dialog.getByText('A senha deve ter pelo menos 6 caracteres.')).toBeVisible();
  await dialog.getByLabel('Senha (opcional)').fill('palmeiras-2026');
  await dialog.getByRole('button', { name: 'Criar link' }).click();
  const created = dialog.getByTestId('created-share-link');
  await expect(created.getByText('Comparação de datas: 15/01/2026 → 15/04/2026 (Cortina)')).toBeVisible();
  const url = await created.getByLabel('link de compartilhamento', { exact: true }).inputValue();

  const shared = await freshPage(browser, baseURL);
  await shared.goto(new URL(url).pathname);
  const form = shared.getByRole('form', { name: 'Visualização protegida' });
  await expect(form).toBeVisible({ timeout: 60_000 });
  await form.getByLabel('Senha', { exact: true }).fill('errada-123');
  await form.getByRole('button', { name: 'Abrir' }).click();
  await expect(shared.getByText('Senha incorreta.')).toBeVisible({ timeout: 30_000 });
  await shared.getByLabel('Senha', { exact: true }).fill('palmeiras-2026');
  await shared.getByRole('button', { name: 'Abrir' }).click();
  await expect(shared.getByTestId('shared-banner')).toContainText(
    'Comparação 15/01/2026 → 15/04/2026 (Cortina)',
    { timeout: 60_000 },
  );
  // The compared 'Antes' map is laid over the 'Depois' one once that one has loaded.
  await waitForMapReady(sharedMap(shared), 120_000);
  await expect(shared.getByTestId('compare-before')).toHaveText('Antes: 15/01/2026');
  await expect(shared.getByTestId('compare-after')).toHaveText('Depois: 15/04/2026');
  await expect(shared.getByTestId('swipe-divider')).toBeVisible();
  await waitForMapReady(shared.getByTestId('compare-pane').getByTestId('map-canvas'), 120_000);
  await screenshotWhenAsked(shared, { path: `${SHOTS}/shared-compare-cortina.png` });
  await shared.context().close();
});

test("a lot's history opens on its own; a USER has no 'Compartilhar'", async ({ page, browser, baseURL }) => {
  test.setTimeout(360_000);
  await openMap(page, MANAGER);
  const dialog = await openShareDialog(page);
  await dialog.getByText('Histórico de um lote', { exact: true }).click();
  const lotField = dialog.getByLabel('Lote', { exact: true });
  await lotField.click();
  await lotField.fill('Lote 1');
  await page.keyboard.press('Enter');
  await dialog.getByText('Incluir as observações dos lotes').click();
  await dialog.getByRole('button', { name: 'Criar link' }).click();
  const created = dialog.getByTestId('created-share-link');
  await expect(created.getByText(/Histórico de um lote: Lote 1\b/)).toBeVisible();
  const url = await created.getByLabel('link de compartilhamento', { exact: true }).inputValue();

  const shared = await freshPage(browser, baseURL);
  await shared.goto(new URL(url).pathname);
  await expect(shared.getByTestId('shared-banner')).toContainText(/Histórico do lote Lote 1\b/, {
    timeout: 60_000,
  });
  const history = shared.getByRole('complementary', { name: 'Histórico do lote' });
  await expect(history.getByRole('button', { name: /15\/04\/2026/ })).toHaveAttribute('aria-pressed', 'true');
  await history.getByRole('button', { name: /15\/01\/2026/ }).click();
  await expect(history.getByRole('button', { name: /15\/01\/2026/ })).toHaveAttribute('aria-pressed', 'true');
  await waitForMapReady(sharedMap(shared), 120_000);
  await expect(shared.getByTestId('map-legend')).toContainText('Situação em 15/01/2026');
  await screenshotWhenAsked(shared, { path: `${SHOTS}/shared-lot-history.png` });
  await shared.context().close();

  await openMap(page, USER);
  await expect(page.getByRole('button', { name: 'Exportar' }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Compartilhar' })).toHaveCount(0);
});
