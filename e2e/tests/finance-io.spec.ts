import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { expect, test, type Download, type Locator, type Page } from '@playwright/test';
import { informationsApi, layersApi, projectsApi, type Layer } from '@mirante/shared';
import { readAnswer } from './api';
import { outerRing } from './geometry';
import {
  cameraOf,
  mainMap,
  nearestColour,
  pixelAt,
  screenPoint,
  settleAfter,
  waitForMapReady,
} from './map-ready';
import { MANAGER, apiAs, openSignedIn, waitForEmailTo, openedDialog } from './support';
import { screenshotWhenAsked } from './shots';

interface Row {
  layer_id: number;
  name: string;
  block: string | null;
  stage: string | null;
  nome_comprador: string | null;
}

async function managerApi() {
  const client = await apiAs(MANAGER);
  const projects = await client.call(projectsApi.list);
  const projectId = projects.find((item) => item.projectType === 'ALLOTMENT')!.id;
  return { client, projectId };
}

async function apiPortfolio(page: Page): Promise<Row[]> {
  const { client, projectId } = await managerApi();
  const response = await page.request.post(`/api/v1/project/${projectId}/informations`, {
    headers: client.headers,
    form: {},
  });
  return (await readAnswer(informationsApi.list, response)).list;
}

async function openPortfolio(page: Page): Promise<void> {
  await openSignedIn(page, MANAGER, { path: '/page/information' });
  await expect(page.getByRole('heading', { name: 'Análise da carteira' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('portfolio-row').first()).toBeVisible();
}

/** Clicks a link or a menu entry that downloads, again if the browser started none (a click lost to a motion). */
async function downloadFrom(page: Page, open: () => Promise<void>, link: Locator): Promise<Download> {
  let download: Download | undefined;
  await expect(async () => {
    if (!(await link.isVisible())) await open();
    [download] = await Promise.all([page.waitForEvent('download', { timeout: 8_000 }), link.click()]);
  }).toPass({ timeout: 40_000 });
  return download!;
}

async function sheetOf(download: Download): Promise<ExcelJS.Worksheet> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load((await readFile(await download.path())) as unknown as ArrayBuffer);
  return book.worksheets[0]!;
}

const valuesOf = (sheet: ExcelJS.Worksheet, index: number) =>
  (sheet.getRow(index).values as ExcelJS.CellValue[]).slice(1).map((value) => value ?? null);

test('import: template, a mixed sheet → warning with the counts, the e-mail in the outbox, the portfolio reloaded', async ({
  page,
}) => {
  const portfolio = await apiPortfolio(page);
  const [first, second] = portfolio.filter((row) => row.stage && row.block);
  await openPortfolio(page);
  await page.getByRole('button', { name: 'Importar' }).click();
  const modal = openedDialog(page, { name: 'Importar planilha' });
  await expect(modal).toBeVisible();
  await expect(modal.getByRole('button', { name: 'Importar Planilha' })).toBeDisabled();
  await expect(modal.getByText('Não reordene nem renomeie as colunas')).toBeVisible();
  await screenshotWhenAsked(page, { path: '../test-results/screens/finance-import-modal.png' });

  const template = await sheetOf(
    await downloadFrom(page, async () => {}, modal.getByRole('link', { name: 'Download do modelo' })),
  );
  const headers = valuesOf(template, 1) as string[];
  expect(headers[0]).toBe('Etapa');
  expect(template.rowCount).toBe(2);

  const lotOf = (row: Row) => row.name.trim().split(/\s+/)[1] ?? '';
  const cells = (row: Row, values: Record<string, string>) =>
    headers.map((header) =>
      header === 'Etapa'
        ? row.stage
        : header === 'Quadra'
          ? row.block
          : header === 'Lote'
            ? lotOf(row)
            : (values[header] ?? null),
    );
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Carteira');
  sheet.addRow(headers);
  sheet.addRow(
    cells(first!, {
      Comprador: 'Compradora E2E',
      'Valor de venda': 'R$ 98.765,43',
      'Data da venda': '01/02/2024',
    }),
  );
  sheet.addRow(cells(second!, { Comprador: 'Não entra', 'Data da venda': '31/02/2024' }));
  sheet.addRow(
    headers.map((header) =>
      header === 'Quadra' ? 'ZZ' : header === 'Lote' ? '999' : header === 'Etapa' ? first!.stage : null,
    ),
  );
  const upload = Buffer.from(await book.xlsx.writeBuffer());

  await modal.locator('input[type="file"]').setInputFiles({
    name: 'carteira-mista.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: upload,
  });
  const since = Date.now() - 1_000;
  await modal.getByRole('button', { name: 'Importar Planilha' }).click();
  const notice = page.locator('.finance-import-notice');
  await expect(notice).toContainText('1 linhas foram importadas com sucesso. 2 linhas não foram importadas.');
  await expect(notice).toContainText('Você receberá um e-mail detalhando os erros encontrados.');
  await screenshotWhenAsked(page, { path: '../test-results/screens/finance-import-warning.png' });

  const mail = await waitForEmailTo(MANAGER, since);
  expect(mail).toContain('1 linhas foram importadas com sucesso. 2 linhas não foram importadas.');
  expect(mail).toContain('Linha 3');
  expect(mail).toContain('Data da venda');
  expect(mail).toContain('Linha 4');
  expect(mail).toContain('lote não encontrado');

  // reloaded with the filters reset: every lot, the imported buyer there, the refused one not
  await expect(page.getByTestId('portfolio-count')).toHaveText(
    `${portfolio.length} de ${portfolio.length} lotes`,
  );
  await page.getByLabel('Pesquisar').fill('Compradora E2E');
  await expect(page.getByTestId('portfolio-row')).toHaveCount(1);
  await page.getByLabel('Pesquisar').fill('Não entra');
  await expect(page.getByTestId('portfolio-row')).toHaveCount(0);
});

test('import refuses a file that is not a spreadsheet before sending it', async ({ page }) => {
  await openPortfolio(page);
  await page.getByRole('button', { name: 'Importar' }).click();
  const modal = openedDialog(page, { name: 'Importar planilha' });
  await modal.locator('input[type="file"]').setInputFiles({
    name: 'carteira.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('a;b\n1;2'),
  });
  await expect(
    modal.getByText('Tipo de arquivo inválido. Por favor, selecione um arquivo do tipo .xls ou .xlsx.'),
  ).toBeVisible();
  await expect(modal.getByRole('button', { name: 'Importar Planilha' })).toBeDisabled();
});

test('export: Excel and CSV read back, with the template columns and every lot', async ({ page }) => {
  const portfolio = await apiPortfolio(page);
  await openPortfolio(page);
  const menu = page.getByRole('button', { name: /^(\S+ )?Exportar$/ });
  const excelLink = page.locator('.ant-dropdown:visible').getByRole('link', { name: 'Excel' });
  const xlsx = await downloadFrom(page, () => menu.click(), excelLink);
  expect(xlsx.suggestedFilename()).toMatch(/^carteira-.*\.xlsx$/);
  const sheet = await sheetOf(xlsx);
  const headers = valuesOf(sheet, 1);
  expect(headers.slice(0, 4)).toEqual(['Etapa', 'Código do lote', 'Quadra', 'Lote']);
  // the 21 columns of the finance page and the buyer's CPF/CNPJ (spreadsheets only), after Comprador
  expect(headers).toHaveLength(22);
  expect(headers[headers.indexOf('Comprador') + 1]).toBe('CPF/CNPJ do comprador');
  expect(sheet.rowCount).toBe(portfolio.length + 1);
  const buyer = portfolio.find((row) => row.nome_comprador)!.nome_comprador!;
  const found = Array.from({ length: sheet.rowCount - 1 }, (_, index) => valuesOf(sheet, index + 2)).some(
    (row) => row.includes(buyer),
  );
  expect(found).toBe(true);

  await page.keyboard.press('Escape');
  const csvLink = page.locator('.ant-dropdown:visible').getByRole('link', { name: 'CSV' });
  const csv = await downloadFrom(page, () => menu.click(), csvLink);
  const text = (await readFile(await csv.path())).toString('utf8');
  expect(text.charCodeAt(0)).toBe(0xfeff);
  const lines = text.slice(1).trim().split('\r\n');
  expect(lines[0]).toBe(headers.join(';'));
  expect(lines).toHaveLength(portfolio.length + 1);
});

const BANDS = [
  { max: 100, color: '#2b83ba', label: 'Até R$ 100' },
  { max: 200, color: '#64bfa4', label: 'R$ 101 - 200' },
  { max: 300, color: '#bfe5a0', label: 'R$ 201 - 300' },
  { max: 400, color: '#fed790', label: 'R$ 301 - 400' },
  { max: 500, color: '#f88d52', label: 'R$ 401 - 500' },
  { max: Infinity, color: '#d7191c', label: 'Acima de R$ 500' },
];
const BACKGROUND = [0xee, 0xf0, 0xea];
/** A band colour as drawn: at 0.7 over the map's background. */
const blended = (hex: string, alpha = 0.7) =>
  `#${[1, 3, 5]
    .map((at, index) =>
      Math.round(parseInt(hex.slice(at, at + 2), 16) * alpha + BACKGROUND[index]! * (1 - alpha)),
    )
    .map((channel) => channel.toString(16).padStart(2, '0'))
    .join('')}`;

test('price map: lots coloured by price per m² band, the band filter, the heat map and the details tab', async ({
  page,
}) => {
  const { client, projectId } = await managerApi();
  const layers = await client.call(layersApi.listForProject, {
    params: { projectId },
    query: { withAllotmentValue: 'true' },
  });
  const priced = layers.filter((layer) => layer.type === 'LOT' && (layer.price ?? 0) > 0);
  expect(priced.length).toBeGreaterThan(10);

  await openSignedIn(page, MANAGER, { path: '/page/allotment-value' });
  await expect(page).toHaveURL(/\/page\/allotment-value/);
  const map = mainMap(page);
  await waitForMapReady(map);
  for (const band of BANDS) await expect(page.locator('.price-legend')).toContainText(band.label);
  const camera = await cameraOf(map);
  const box = (await map.boundingBox())!;
  const centre = (layer: Layer) => {
    const ring = outerRing(layer).slice(0, -1);
    const lng = ring.reduce((sum, point) => sum + point[0]!, 0) / ring.length;
    const lat = ring.reduce((sum, point) => sum + point[1]!, 0) / ring.length;
    return screenPoint(box, camera, lng, lat);
  };
  // the priced lot nearest the map's middle (away from the legend)
  const lot = priced
    .map((layer) => ({ layer, point: centre(layer) }))
    .sort(
      (a, b) =>
        Math.hypot(a.point.x - (box.x + box.width / 2), a.point.y - (box.y + box.height / 2)) -
        Math.hypot(b.point.x - (box.x + box.width / 2), b.point.y - (box.y + box.height / 2)),
    )[0]!;
  const band = BANDS.findIndex((item) => (lot.layer.price ?? 0) <= item.max);
  const palette = Object.fromEntries([
    ...BANDS.map((item, index) => [String(index), blended(item.color)]),
    ['grey', blended('#b9c0c8', 0.35)],
  ]) as Record<string, string>;
  expect(nearestColour(await pixelAt(page, lot.point.x, lot.point.y), palette)).toBe(String(band));
  await screenshotWhenAsked(page, { path: '../test-results/screens/price-map.png' });

  // the band filter: the lot's band off → it goes grey
  await settleAfter(map, () =>
    page.getByRole('checkbox', { name: new RegExp(BANDS[band]!.label.replace('$', '\\$')) }).uncheck(),
  );
  expect(nearestColour(await pixelAt(page, lot.point.x, lot.point.y), palette)).toBe('grey');
  await settleAfter(map, () => page.getByRole('button', { name: 'Selecionar todos' }).click());
  expect(nearestColour(await pixelAt(page, lot.point.x, lot.point.y), palette)).toBe(String(band));

  // 'Mapa de calor': the heat layer is drawn over the lots
  const before = await pixelAt(page, lot.point.x, lot.point.y);
  await settleAfter(map, () => page.getByRole('checkbox', { name: 'Mapa de calor' }).check());
  const after = await pixelAt(page, lot.point.x, lot.point.y);
  expect(Math.hypot(after[0] - before[0], after[1] - before[1], after[2] - before[2])).toBeGreaterThan(30);
  await screenshotWhenAsked(page, { path: '../test-results/screens/price-heat-map.png' });

  // a click on the lot: the details tab with its price per m²
  await settleAfter(map, () => page.getByRole('checkbox', { name: 'Mapa de calor' }).uncheck());
  await page.mouse.click(lot.point.x, lot.point.y);
  const details = page.getByTestId('price-lot-details');
  await expect(details).toBeVisible();
  const expected = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' })
    .format(lot.layer.price!)
    .replace(/\u00a0/g, ' ');
  await expect(details).toContainText(`${expected}/m²`);
});

test("price map: the band filter's 'Selecionar todos' and 'Remover todos' sit side by side on one line", async ({
  page,
}) => {
  await openSignedIn(page, MANAGER, { path: '/page/allotment-value' });
  const selectAll = page.getByRole('button', { name: 'Selecionar todos' });
  const removeAll = page.getByRole('button', { name: 'Remover todos' });
  await expect(removeAll).toBeVisible({ timeout: 20_000 });
  const [first, second] = [(await selectAll.boundingBox())!, (await removeAll.boundingBox())!];
  expect(second.y).toBe(first.y);
  expect(second.x).toBeGreaterThan(first.x + first.width);
});
