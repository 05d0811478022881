import { expect, test, type Page } from '@playwright/test';
import { informationsApi, projectsApi } from '@mirante/shared';
import { readAnswer } from './api';
import { MANAGER, apiAs, listedOptions, openSignedIn, openedDialog } from './support';
import { screenshotWhenAsked } from './shots';

interface Row {
  layer_id: number;
  name: string;
  block: string | null;
  nome_comprador: string | null;
  status_unidade: string | null;
  valor_venda: number | null;
  alertas: { type: string; text: string }[];
}

/** The demo allotment's portfolio straight from the API (to know what the page must show). */
async function apiPortfolio(page: Page): Promise<Row[]> {
  const manager = await apiAs(MANAGER);
  const projects = await manager.call(projectsApi.list);
  const project = projects.find((item) => item.projectType === 'ALLOTMENT')!;
  const response = await page.request.post(`/api/v1/project/${project.id}/informations`, {
    headers: manager.headers,
    form: {},
  });
  return (await readAnswer(informationsApi.list, response)).list;
}

const rows = (page: Page) => page.getByTestId('portfolio-row');
const count = (page: Page) => page.getByTestId('portfolio-count');
const money = (value: number) =>
  new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }).format(value).replace(/\s/g, ' ');

async function openPortfolio(page: Page): Promise<void> {
  await openSignedIn(page, MANAGER, { path: '/page/information' });
  await expect(page).toHaveURL(/\/page\/information/);
  await expect(page.getByRole('heading', { name: 'Análise da carteira' })).toBeVisible({ timeout: 20_000 });
  await expect(rows(page).first()).toBeVisible();
}

async function pick(page: Page, label: string, option: string): Promise<void> {
  await page.getByLabel(label, { exact: true }).click();
  await listedOptions(page).filter({ hasText: option }).first().click();
  await page.keyboard.press('Escape');
}

test('indicators, filters with select/deselect all, search and reset', async ({ page }) => {
  const portfolio = await apiPortfolio(page);
  await openPortfolio(page);
  await expect(count(page)).toHaveText(`${portfolio.length} de ${portfolio.length} lotes`);
  await expect(page.getByTestId('indicator-total')).toContainText(String(portfolio.length));
  const sold = portfolio.filter((row) => /^(vend|quit)/i.test(row.status_unidade ?? '')).length;
  await expect(page.getByTestId('indicator-sold')).toContainText(String(sold));
  await screenshotWhenAsked(page, { path: '../test-results/screens/finance-portfolio.png' });

  // only 'Quitado' units: every row shown says so, and the cards count them alone
  const unitFilter = page.getByTestId('filter-statusUnity');
  await unitFilter.getByText('Desmarcar todos').click();
  await expect(count(page)).toHaveText(`0 de ${portfolio.length} lotes`);
  await expect(page.getByText('Nenhum registro encontrado.')).toBeVisible();
  await pick(page, 'Status da unidade', 'Quitado');
  const paid = portfolio.filter((row) => row.status_unidade === 'Quitado').length;
  await expect(count(page)).toHaveText(`${paid} de ${portfolio.length} lotes`);
  await expect(page.getByTestId('indicator-sold')).toContainText(String(paid));
  const visible = await rows(page).allInnerTexts();
  expect(visible.length).toBeGreaterThan(0);
  expect(visible.every((text) => text.includes('Quitado'))).toBe(true);
  await unitFilter.getByText('Selecionar todos').click();
  await expect(count(page)).toHaveText(`${portfolio.length} de ${portfolio.length} lotes`);

  // search by a buyer's name, then reset
  const buyer = portfolio.find((row) => row.nome_comprador)!.nome_comprador!;
  await page.getByLabel('Pesquisar').fill(buyer);
  const matching = portfolio.filter((row) => row.nome_comprador?.includes(buyer)).length;
  await expect(count(page)).toHaveText(`${matching} de ${portfolio.length} lotes`);
  await expect(rows(page).first()).toContainText(buyer);
  await page.getByRole('button', { name: 'Limpar', exact: true }).click();
  await expect(page.getByLabel('Pesquisar')).toHaveValue('');
  await expect(count(page)).toHaveText(`${portfolio.length} de ${portfolio.length} lotes`);

  await page.getByRole('button', { name: 'Ocultar indicadores' }).click();
  await expect(page.getByTestId('finance-indicators')).toBeHidden();
  await page.getByRole('button', { name: 'Mostrar indicadores' }).click();
  await expect(page.getByTestId('finance-indicators')).toBeVisible();
});

test('sorts numerically by sale value, ascending then descending', async ({ page }) => {
  const portfolio = await apiPortfolio(page);
  const values = portfolio.flatMap((row) => (row.valor_venda === null ? [] : [row.valor_venda]));
  await openPortfolio(page);
  const header = page.getByRole('columnheader', { name: 'Valor de venda' });
  await header.click();
  await expect(header).toHaveAttribute('aria-sort', 'ascending');
  await expect(rows(page).first()).toContainText(money(Math.min(...values)));
  await header.click();
  await expect(header).toHaveAttribute('aria-sort', 'descending');
  await expect(rows(page).first()).toContainText(money(Math.max(...values)));
});

test('an alert row: the indicator filters to the lots whose sales disagree with the imagery', async ({
  page,
}) => {
  const portfolio = await apiPortfolio(page);
  const alerted = portfolio.filter((row) => row.alertas.length > 0);
  expect(alerted.length).toBeGreaterThan(0);
  await openPortfolio(page);
  await expect(page.getByTestId('indicator-alerts')).toContainText(String(alerted.length));
  await page.getByTestId('indicator-alerts').click();
  await expect(count(page)).toHaveText(`${alerted.length} de ${portfolio.length} lotes`);
  const first = rows(page).first();
  await expect(first.locator('.ant-tag')).not.toHaveCount(0);
  // only 'Obra em lote não vendido' (possible invasion): each row carries that tag
  const unsold = alerted.filter((row) => row.alertas.some((alert) => alert.type === 'built_unsold'));
  await page.getByTestId('filter-alerts').getByText('Selecionar todos').click();
  await page.getByTestId('filter-alerts').getByText('Desmarcar todos').click();
  await pick(page, 'Alertas', 'Obra em lote não vendido');
  await expect(count(page)).toHaveText(`${unsold.length} de ${portfolio.length} lotes`);
  await expect(rows(page).first().getByTestId('alert-built_unsold')).toBeVisible();
  await screenshotWhenAsked(page, { path: '../test-results/screens/finance-alerts.png' });
});

test('the lot dialog edits sale information and shows the history of changes', async ({ page }) => {
  const portfolio = await apiPortfolio(page);
  const lot = portfolio.find((row) => row.nome_comprador)!;
  await openPortfolio(page);
  await page.getByLabel('Pesquisar').fill(lot.nome_comprador!);
  const row = page.locator(`[data-testid="portfolio-row"][data-layer-id="${lot.layer_id}"]`);
  // the first three cells open the lot details
  await row.getByRole('cell').nth(1).click();
  const dialog = openedDialog(page);
  await expect(dialog.getByLabel('Comprador', { exact: true })).toHaveValue(lot.nome_comprador!);
  await dialog.getByLabel('Comprador', { exact: true }).fill('Beatriz Nogueira Prado');
  await dialog.getByLabel('Código da venda').fill('V2026-9999');
  // CPF/CNPJ: masked while typed; wrong check digits keep the form from saving
  const documentField = dialog.getByLabel('CPF/CNPJ do comprador');
  await documentField.fill('52998224726');
  await expect(documentField).toHaveValue('529.982.247-26');
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(
    dialog.getByText('CPF/CNPJ inválido: confira os números e os dígitos verificadores.'),
  ).toBeVisible();
  await expect(page.getByText('Sucesso!')).toHaveCount(0);
  await screenshotWhenAsked(page, { path: '../test-results/screens/finance-lot-dialog-cpf.png' });
  await documentField.fill('52998224725');
  await expect(documentField).toHaveValue('529.982.247-25');
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Sucesso!')).toBeVisible();
  await dialog.getByRole('tab', { name: /Histórico de alterações/ }).click();
  const history = dialog.getByTestId('information-history');
  await expect(history).toContainText(`${lot.nome_comprador} → Beatriz Nogueira Prado`);
  await expect(history).toContainText('V2026-9999');
  await expect(history).toContainText('— → 529.982.247-25');
  await expect(history).toContainText('Edição');
  await screenshotWhenAsked(page, { path: '../test-results/screens/finance-lot-dialog.png' });
  await page.keyboard.press('Escape');
  // the table shows the new buyer
  await page.getByLabel('Pesquisar').fill('Beatriz Nogueira Prado');
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText('V2026-9999');
});

test('at 1366×768 every column title and filter label of the portfolio shows whole, not cut', async ({
  page,
}) => {
  await openPortfolio(page);
  const cut = (selector: string) =>
    page.$$eval(selector, (elements) =>
      elements
        .filter((element) => element.scrollWidth > element.clientWidth)
        .map((element) => element.textContent),
    );
  expect(await cut('[data-testid="portfolio-table"] [role="columnheader"]')).toEqual([]);
  expect(await cut('.finance-filters .multi-select-all__label > span')).toEqual([]);
  // the filters' selects stay level with each other
  const tops = await page.$$eval('.finance-filters .ant-select', (selects) =>
    selects.map((select) => Math.round(select.getBoundingClientRect().bottom)),
  );
  expect(new Set(tops).size).toBe(1);
});

test('the lot dialog shows money as R$ 142.200,00 and reads a value typed with thousands dots', async ({
  page,
}) => {
  const portfolio = await apiPortfolio(page);
  const lot = portfolio.find((row) => (row.valor_venda ?? 0) >= 1000)!;
  await openPortfolio(page);
  await page.getByLabel('Pesquisar').fill(lot.nome_comprador ?? lot.name);
  const row = page.locator(`[data-testid="portfolio-row"][data-layer-id="${lot.layer_id}"]`);
  await row.getByRole('cell').nth(1).click();
  const dialog = openedDialog(page);
  const saleValue = dialog.getByLabel('Valor de venda');
  const shown = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 2 }).format(lot.valor_venda!);
  await expect(saleValue).toHaveValue(shown);
  await saleValue.fill('98.765,4');
  await saleValue.blur();
  await expect(saleValue).toHaveValue('98.765,40');
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Sucesso!')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(row).toContainText(money(98765.4));
  // back to the demo's value, for the specs that follow on this server
  await row.getByRole('cell').nth(1).click();
  await saleValue.fill(shown);
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(row).toContainText(money(lot.valor_venda!));
});
