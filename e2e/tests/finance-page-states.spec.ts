import { expect, test, type Page } from '@playwright/test';
import { informationsApi, projectsApi } from '@mirante/shared';
import { readAnswer } from './api';
import { MANAGER, apiAs, menuItem, openSignedIn, openedDialog } from './support';
import { screenshotWhenAsked } from './shots';

const SHOTS = '../test-results/screens';

async function openPortfolio(page: Page, email = MANAGER): Promise<void> {
  await openSignedIn(page, email);
  await menuItem(page, 'Financeiro').click();
  await expect(page).toHaveURL(/\/page\/information/);
}

/** The demo allotment's alert count straight from the API (what the indicator must show). */
async function apiAlertedLots(page: Page): Promise<number> {
  const manager = await apiAs(MANAGER);
  const projects = await manager.call(projectsApi.list);
  const project = projects.find((item) => item.projectType === 'ALLOTMENT')!;
  const response = await page.request.post(`/api/v1/project/${project.id}/informations`, {
    headers: manager.headers,
    form: {},
  });
  const list = await readAnswer(informationsApi.list, response);
  return list.list.filter((row) => row.alertas.length > 0).length;
}

test('the help modal explains manual, spreadsheet and integration filling, and closes', async ({ page }) => {
  await openPortfolio(page);
  await page.getByRole('button', { name: 'Ajuda da análise da carteira' }).click();
  const help = openedDialog(page, { name: 'Como usar a análise da carteira' });
  await expect(help).toBeVisible();
  await expect(help).toContainText(
    'Os dados da carteira podem ser preenchidos manualmente (clicando no lote), por planilha (Importar) ou por integração com o ERP.',
  );
  await expect(help).toContainText('Por planilha:');
  await expect(help).toContainText('Por integração:');
  await screenshotWhenAsked(page, { path: `${SHOTS}/finance-help.png` });
  await help.getByRole('button', { name: 'Fechar' }).click();
  await expect(help).toBeHidden();
});

test("a MANAGER sets the 'Vendido sem obra' window in the portfolio's settings; the alerts follow", async ({
  page,
}) => {
  await openPortfolio(page);
  await expect(page.getByTestId('portfolio-row').first()).toBeVisible({ timeout: 20_000 });
  const before = await apiAlertedLots(page);
  await expect(page.getByTestId('indicator-alerts')).toContainText(String(before));
  await page.getByRole('button', { name: 'Configurações' }).click();
  const settings = openedDialog(page, { name: 'Configurações da carteira' });
  const months = settings.getByLabel('Meses até o alerta');
  await expect(months).toHaveValue('12');
  await months.fill('121');
  await settings.getByRole('button', { name: 'Salvar' }).click();
  await expect(settings.getByText('Informe um número inteiro de meses entre 1 e 120.')).toBeVisible();
  await screenshotWhenAsked(page, { path: `${SHOTS}/finance-settings.png` });
  try {
    await months.fill('60');
    await settings.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByText('Configurações da carteira salvas.')).toBeVisible();
    await expect(settings).toBeHidden();
    const after = await apiAlertedLots(page);
    expect(after).toBeLessThan(before);
    await expect(page.getByTestId('indicator-alerts')).toContainText(String(after));
  } finally {
    // the demo's window back to 12 for the other specs
    await page.getByRole('button', { name: 'Configurações' }).click();
    await openedDialog(page, { name: 'Configurações da carteira' })
      .getByLabel('Meses até o alerta')
      .fill('12');
    await openedDialog(page, { name: 'Configurações da carteira' })
      .getByRole('button', { name: 'Salvar' })
      .click();
    await expect(page.getByTestId('indicator-alerts')).toContainText(String(before));
  }
});
