import { expect, test, type Page } from '@playwright/test';
import { mainMap, waitForMapReady } from './map-ready';
import { MANAGER, USER, openSignedIn, openedDialog } from './support';
import { screenshotWhenAsked } from './shots';

async function openMap(page: Page, email: string): Promise<void> {
  await openSignedIn(page, email);
  await expect(page.getByTestId('map-screen')).toBeVisible({ timeout: 20_000 });
  await expect(page.locator('.maplibregl-canvas')).toBeVisible();
  await waitForMapReady(mainMap(page));
}

/** Clicks around the middle of the map until a lot popup with its sale section opens. */
async function openSomeLot(page: Page): Promise<void> {
  const box = (await mainMap(page).boundingBox())!;
  for (const [dx, dy] of [
    [0, 0],
    [30, 20],
    [-40, 10],
    [60, -30],
    [-70, -40],
    [90, 50],
  ]) {
    await page.mouse.click(box.x + box.width / 2 + dx!, box.y + box.height / 2 + dy!);
    const opened = await page
      .getByTestId('lot-popup-sale')
      .waitFor({ state: 'visible', timeout: 4_000 })
      .then(() => true)
      .catch(() => false);
    if (opened) return;
  }
  throw new Error('nenhum lote encontrado no centro do mapa');
}

test("the lot popup's sale information: the sale, buyer and payments only with the finance module", async ({
  page,
}) => {
  await openMap(page, USER);
  await openSomeLot(page);
  const sale = page.getByTestId('lot-popup-sale');
  await expect(sale).toContainText('Informações de venda');
  await expect(sale).toContainText('Inscrição IPTU');
  for (const guarded of ['Status da unidade', 'Comprador', 'Parcelas vencidas', 'Valor de venda'])
    await expect(sale).not.toContainText(guarded);
  await expect(sale.getByRole('button', { name: 'Editar informações' })).toHaveCount(0);
});

test('a finance user sees the sale values and edits them from the map popup', async ({ page }) => {
  await openMap(page, MANAGER);
  await openSomeLot(page);
  const sale = page.getByTestId('lot-popup-sale');
  await expect(sale).toContainText('Status da unidade');
  await expect(sale).toContainText('Comprador');
  await expect(sale).toContainText('Valor de venda');
  await expect(sale).toContainText('Valor inadimplência');
  await screenshotWhenAsked(page, { path: '../test-results/screens/finance-lot-popup.png' });
  await sale.getByRole('button', { name: 'Editar informações' }).click();
  const dialog = openedDialog(page);
  await dialog.getByLabel('Notas').fill('Vistoria de campo agendada.');
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Sucesso!')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(sale).toContainText('Vistoria de campo agendada.');
});
