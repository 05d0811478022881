import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { expect, test, type Download, type Locator, type Page } from '@playwright/test';
import { detectionsReportApi, projectsApi } from '@mirante/shared';
import { readAnswer } from './api';
import { MANAGER, apiAs, listedOptions, openSignedIn, openedDialog } from './support';
import { screenshotWhenAsked } from './shots';

interface Report {
  datesAvailable: string[];
  diffStatus: { total: number; changed: number; kept: number };
}

const displayDate = (iso: string) => iso.split('-').reverse().join('/');

/** The demo allotment's report straight from the API (to know its dates and counts). */
async function apiReport(page: Page, body: Record<string, string> = {}): Promise<Report> {
  const manager = await apiAs(MANAGER);
  const projects = await manager.call(projectsApi.list);
  const project = projects.find((item) => item.projectType === 'ALLOTMENT')!;
  const response = await page.request.post(`/api/v1/project/${project.id}/detections-history`, {
    headers: manager.headers,
    // The page starts with the 5 filterable types selected.
    form: { detectTypes: 'V,B,E,C,O', ...body },
  });
  return readAnswer(detectionsReportApi.history, response);
}

async function pickDate(page: Page, label: string, iso: string): Promise<void> {
  await page.getByLabel(label).click();
  await page.getByLabel(label).fill(displayDate(iso));
  await listedOptions(page)
    .filter({ hasText: displayDate(iso) })
    .click();
}

async function openList(page: Page): Promise<void> {
  await openSignedIn(page, MANAGER, { path: '/page/list' });
  await expect(page.getByRole('heading', { name: /Lista de detecções/ })).toBeVisible({ timeout: 20_000 });
}

test('opens on the last date, filters by type and compares two dates (E with Status)', async ({ page }) => {
  await openList(page);
  const report = await apiReport(page);
  const last = report.datesAvailable.at(-1)!;
  const first = report.datesAvailable[0]!;
  await expect(page.getByTestId('side-final')).toContainText(displayDate(last));
  await expect(page.getByTestId('summary-tags')).toContainText(`Total na lista: ${report.diffStatus.total}`);
  await expect(page.getByTestId('status-chart').first()).toBeVisible();
  await screenshotWhenAsked(page, { path: '../test-results/screens/detections-list.png' });

  await page.getByTestId('filter-types').getByText('Desmarcar todos').click();
  await expect(page.getByRole('button', { name: 'Buscar' })).toBeDisabled();
  await page.getByLabel('Tipos de detecção').click();
  await listedOptions(page).filter({ hasText: 'Construído' }).click();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Buscar' }).click();
  const built = await apiReport(page, { detectTypes: 'C' });
  await expect(page.getByTestId('summary-tags')).toContainText(`Total na lista: ${built.diffStatus.total}`);
  const cells = page.getByTestId('detections-table').locator('.ant-tag');
  await expect(cells.first()).toHaveText('Construído');

  await page.getByRole('button', { name: 'Limpar', exact: true }).click();
  await expect(page.getByTestId('summary-tags')).toContainText(`Total na lista: ${report.diffStatus.total}`);
  await pickDate(page, 'Data inicial', first);
  await page.getByRole('button', { name: 'Buscar' }).click();
  await expect(
    page.getByTestId('detections-table').getByRole('columnheader', { name: 'Status' }),
  ).toBeVisible();
  await expect(page.getByTestId('side-initial')).toContainText(displayDate(first));
  const compared = await apiReport(page, { startDate: first, endDate: last, dateType: 'and' });
  await expect(page.getByTestId('tag-changed')).toContainText(String(compared.diffStatus.changed));
  await screenshotWhenAsked(page, { path: '../test-results/screens/detections-compare.png' });
});

/** Opens an export menu and clicks a format, again if the browser started no download (a click lost to the menu's animation). */
async function downloadFrom(page: Page, menuButton: Locator, format: 'CSV' | 'Excel'): Promise<Download> {
  let download: Download | undefined;
  await expect(async () => {
    const link = page.locator('.ant-dropdown:visible').getByRole('link', { name: format });
    if (!(await link.isVisible())) await menuButton.click();
    [download] = await Promise.all([page.waitForEvent('download', { timeout: 8_000 }), link.click()]);
  }).toPass({ timeout: 40_000 });
  return download!;
}

test('changed-lots modal and exports (CSV and Excel read back)', async ({ page }) => {
  await openList(page);
  const report = await apiReport(page);
  const first = report.datesAvailable[0]!;
  const last = report.datesAvailable.at(-1)!;
  await pickDate(page, 'Data inicial', first);
  await page.getByRole('button', { name: 'Buscar' }).click();
  const compared = await apiReport(page, { startDate: first, endDate: last, dateType: 'and' });
  await expect(page.getByTestId('tag-changed')).toContainText(String(compared.diffStatus.changed));

  await page.getByTestId('tag-changed').click();
  const modal = openedDialog(page, { name: 'Lotes que mudaram de status' });
  await expect(modal).toBeVisible();
  await expect(modal.locator('.ant-tag', { hasText: 'Modificado' }).first()).toBeVisible();
  await screenshotWhenAsked(page, { path: '../test-results/screens/detections-changed-modal.png' });
  const csv = await downloadFrom(page, modal.getByRole('button', { name: /^(\S+ )?Exportar$/ }), 'CSV');
  expect(csv.suggestedFilename()).toBe(`deteccoes-jardim-das-palmeiras-${first}-${last}.csv`);
  const text = (await readFile(await csv.path())).toString('utf8');
  expect(text.charCodeAt(0)).toBe(0xfeff);
  const lines = text.slice(1).trim().split('\r\n');
  expect(lines[0]).toBe(`Etapa;Código;Quadra;Lote;${first};${last};Status;Observação`);
  expect(lines).toHaveLength(compared.diffStatus.changed + 1);
  expect(lines.slice(1).every((line) => line.split(';')[6] === 'Modificado')).toBe(true);
  // Escape closes the export menu if it is still open, then the modal.
  await expect(async () => {
    await page.keyboard.press('Escape');
    await expect(modal).toBeHidden({ timeout: 1_000 });
  }).toPass({ timeout: 10_000 });

  const xlsx = await downloadFrom(page, page.getByRole('button', { name: /^(\S+ )?Exportar$/ }), 'Excel');
  expect(xlsx.suggestedFilename()).toMatch(/\.xlsx$/);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await readFile(await xlsx.path())) as unknown as ArrayBuffer);
  const sheet = workbook.getWorksheet('Detecções')!;
  expect(sheet.getRow(1).getCell(5).value).toBe(first);
  expect(sheet.getRow(1).getCell(6).value).toBe(last);
  expect(sheet.rowCount - 1).toBe(compared.diffStatus.total);
});
