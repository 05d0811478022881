import { expect, test, type Locator, type Page } from '@playwright/test';
import { integrationApi } from '@mirante/shared';
import { MANAGER, apiAs, pick, openSignedIn, openedDialog } from './support';
import { screenshotWhenAsked } from './shots';

const SHOTS = '../test-results/screens';
const ALLOTMENT = 'Jardim das Palmeiras - Etapas 1 a 3';

/*
 * The demo as `npm start` leaves it: Horizonte's allotment linked to the UAU simulator the server starts (wallet
 * 1 for the whole allotment, notification weekly to the manager, the first synchronisation run at start). This
 * walk changes nothing of it: every step is saved as it was found.
 */

async function openUau(page: Page): Promise<void> {
  await openSignedIn(page, MANAGER, { path: '/page/integration' });
  await page.getByRole('tab', { name: 'UAU', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Integração com o UAU' })).toBeVisible({ timeout: 20_000 });
}

/** The text an antd select shows for its value. */
const shown = (form: Locator, label: string) =>
  form
    .locator('.ant-form-item', { has: form.page().getByText(label, { exact: true }) })
    .locator('.ant-select-content, .ant-select-selection-item, .ant-select-selection-placeholder');

test("UAU wizard on the demo's simulated ERP: five steps, the wallet rules, the mappings' defaults, Voltar, Concluir", async ({
  page,
}) => {
  test.setTimeout(180_000);
  // The first synchronisation ran when the server started (its end read through the API); the page says when it
  // finished.
  const manager = await apiAs(MANAGER);
  const uauSynced = async () => {
    const { status } = await manager.call(integrationApi.syncRuns, { query: { erp: 'uau' } });
    const uau = status.find((erp) => erp.erp === 'uau');
    return uau !== undefined && !uau.running && uau.last_finished_at !== null;
  };
  await expect.poll(uauSynced, { timeout: 60_000 }).toBe(true);
  await openUau(page);
  await expect(
    page.getByText(/A primeira sincronização com o UAU terminou em \d{2}\/\d{2}\/\d{4}/),
  ).toBeVisible();

  // Step 1: the saved address and user; the password and the token are saved and never shown.
  const credentials = page.getByRole('form', { name: 'Credenciais' });
  await expect(credentials.getByLabel('URL da API')).toHaveValue(
    /^http:\/\/127\.0\.0\.1:\d+\/uauAPI\/api\/v1\.0/,
  );
  await expect(credentials.getByLabel('Usuário')).toHaveValue('mirante-demo');
  await expect(credentials.getByLabel('Senha')).toHaveValue('');
  await expect(credentials.getByLabel('Senha')).toHaveAttribute('placeholder', /Salvo/);
  await expect(credentials.getByLabel('Token de integração')).toHaveAttribute('placeholder', /Salvo/);
  await screenshotWhenAsked(page, { path: `${SHOTS}/integration-uau-credentials.png` });
  await credentials.getByRole('button', { name: 'Prosseguir' }).click();

  // Step 2: the allotment, ticked, with its wallet.
  const linking = page.getByRole('form', { name: 'Vínculos' });
  const row = linking.getByRole('row', { name: new RegExp(ALLOTMENT) });
  await expect(row).toBeVisible({ timeout: 30_000 });
  await expect(row.getByRole('checkbox', { name: `Sincronizar ${ALLOTMENT}` })).toBeChecked();
  await expect(row.getByText('Carteira: 1', { exact: true })).toBeVisible();

  // The wallet modal's rules, on this allotment's stages; cancelled, so the demo's link stays.
  await row.getByRole('button', { name: 'Vincular carteiras' }).click();
  const modal = openedDialog(page, { name: `Vincular carteiras — ${ALLOTMENT}` });
  await expect(modal.getByLabel('Projeto do ERP, linha 1')).toBeVisible();
  await expect(modal.locator('.wallet-rows__row').first()).toContainText('1 - Jardim das Palmeiras (UAU)');
  await modal.getByRole('checkbox', { name: 'Vincular etapa' }).first().check();
  await modal.getByRole('button', { name: 'Salvar' }).click();
  await expect(modal.getByRole('alert')).toHaveText('Selecione a etapa.');
  await pick(page, modal.getByLabel('Etapa, linha 1'), /Etapa/);
  await modal.getByRole('button', { name: 'Adicionar carteira' }).click();
  await pick(page, modal.getByLabel('Projeto do ERP, linha 2'), '1 - Jardim das Palmeiras (UAU)');
  await modal.getByRole('checkbox', { name: 'Vincular etapa' }).nth(1).check();
  await pick(page, modal.getByLabel('Etapa, linha 2'), /Etapa/);
  await modal.getByRole('button', { name: 'Salvar' }).click();
  await expect(modal.getByRole('alert')).toHaveText('Não é permitido repetir o mesmo projeto e etapa.');
  await screenshotWhenAsked(page, { path: `${SHOTS}/integration-uau-wallet-modal.png` });
  await modal.getByRole('button', { name: 'Cancelar' }).click();
  await expect(row.getByRole('listitem')).toHaveText(['Carteira: 1']);
  await linking.getByRole('button', { name: 'Prosseguir' }).click();

  // Step 3: nothing saved, so each key maps to its own name; UAU's fields offered as 'key: value'.
  const unitFields = page.getByRole('form', { name: 'Campos da unidade' });
  const defaults: [string, string][] = [
    ['Código do lote', 'lot_code'],
    ['Código do produto', 'product_code'],
    ['Código da obra', 'job_code'],
    ['Numero de personalização', 'customization_number'],
    ['Quadra', 'block'],
    ['Lote', 'lot'],
  ];
  for (const [label, value] of defaults) await expect(shown(unitFields, label)).toHaveText(value);
  await unitFields.getByLabel('Código do lote').click();
  await expect(page.locator('.ant-select-dropdown:visible')).toContainText(
    'Identificador_unid: Identificador da unidade',
  );
  await page.keyboard.press('Escape');
  await screenshotWhenAsked(page, { path: `${SHOTS}/integration-uau-unit-fields.png` });
  await unitFields.getByRole('button', { name: 'Prosseguir' }).click();

  // Step 4: nothing saved, so UAU's own codes by label, and none for Doação.
  const salesStatus = page.getByRole('form', { name: 'Status de venda' });
  await expect(shown(salesStatus, 'Disponível')).toHaveText('0 - Disponível');
  await expect(shown(salesStatus, 'Vendida')).toHaveText('1 - Vendida');
  await expect(shown(salesStatus, 'Quitado')).toHaveText('4 - Quitado');
  await expect(shown(salesStatus, 'Doação')).toHaveText('Nenhum');
  await screenshotWhenAsked(page, { path: `${SHOTS}/integration-uau-sales-status.png` });
  await salesStatus.getByRole('button', { name: 'Voltar' }).click();
  await expect(shown(unitFields, 'Código do lote')).toHaveText('lot_code');
  await unitFields.getByRole('button', { name: 'Prosseguir' }).click();
  await salesStatus.getByRole('button', { name: 'Prosseguir' }).click();

  // Step 5: the saved notification; Concluir completes the wizard and returns to step 1.
  const notification = page.getByRole('form', { name: 'Notificação' });
  await expect(notification.getByLabel('E-mail')).toHaveValue('gerente@horizonte.com.br');
  await expect(shown(notification, 'Periodicidade')).toHaveText('Semanal');
  await notification.getByRole('button', { name: 'Concluir' }).click();
  await expect(page.getByText('Configuração concluída com sucesso!')).toBeVisible();
  await expect(credentials.getByLabel('Usuário')).toHaveValue('mirante-demo');

  await page.getByRole('tab', { name: 'Sincronizações' }).click();
  const log = page.getByRole('table', { name: 'Registro das sincronizações' });
  await expect(log.getByRole('row', { name: /UAU/ }).first()).toContainText('Assistente');
});

test("the synchronisations log's column titles break only between words at 1366×768", async ({ page }) => {
  await openSignedIn(page, MANAGER, { path: '/page/integration' });
  await page.getByRole('tab', { name: 'Sincronizações' }).click();
  const log = page.getByRole('table', { name: 'Registro das sincronizações' });
  await expect(log.getByRole('row', { name: /UAU/ }).first()).toBeVisible({ timeout: 20_000 });
  // every word of every title lies on a single line
  const split = await log.locator('th').evaluateAll((cells) =>
    cells.flatMap((cell) => {
      const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
      const broken: string[] = [];
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const content = node.textContent ?? '';
        for (const match of content.matchAll(/\S+/g)) {
          const range = document.createRange();
          range.setStart(node, match.index);
          range.setEnd(node, match.index + match[0].length);
          if (range.getClientRects().length > 1) broken.push(match[0]);
        }
      }
      return broken;
    }),
  );
  expect(split).toEqual([]);
  await screenshotWhenAsked(page, { path: `${SHOTS}/integration-runs-1366.png` });
});
