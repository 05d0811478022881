import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { PDFDocument, StandardFonts } from '@cantoo/pdf-lib';
import { projectRegistrationApi, securityApi, type CreateProjectInput } from '@mirante/shared';
import {
  adminHeaders,
  analysisOf,
  approveAndPublish,
  projectBySpace,
  vegetationPng,
  type AnalysisRow,
} from './environment-fixtures';
import { ensureScenes } from './map-scenes';
import { ADMIN, MANAGER, apiAs, openSignedIn } from './support';
import { screenshotWhenAsked } from './shots';

const SPACE = 'app-ribeirao-pinguim';
const PROJECT = 'APP Ribeirão Pinguim - Recuperação';
/** Dates no other spec uses on the environment project. */
const DATES = ['2023-03-01', '2023-09-01'] as const;
const PAIR = '01/03/2023 → 01/09/2023';
const SHOTS = process.env.MAP_SHOTS_DIR ?? 'test-results/environment-report-shots';
/** A second environment project of Horizonte, registered by the test, with the demo APP's boundary. */
const OTHER_PROJECT = 'APP Córrego Seco - Relatório';
const OTHER_DATES = ['2023-02-01', '2023-04-01', '2023-06-01'] as const;
const APP_OUTLINE: NonNullable<CreateProjectInput['delimiter']> = {
  type: 'Polygon',
  coordinates: [
    [
      [-51.908, -23.393],
      [-51.899, -23.3905],
      [-51.8975, -23.394],
      [-51.9068, -23.3968],
      [-51.908, -23.393],
    ],
  ],
};

let projectId = 0;
let analysis: AnalysisRow;

test.beforeAll(async ({ request }) => {
  test.setTimeout(120_000);
  projectId = (await projectBySpace(request, SPACE)).id;
  const [before, after] = await ensureScenes(request, SPACE, [
    { date: DATES[0], png: vegetationPng('before', 1) },
    { date: DATES[1], png: vegetationPng('after', 2) },
  ]);
  analysis = await analysisOf(request, projectId, before!.id, after!.id);
  expect(analysis.processingState).toBe('done');
  await approveAndPublish(request, projectId, analysis.detectId);
});

async function openReport(page: Page, email: string, { name = PROJECT, heading = true } = {}) {
  await openSignedIn(page, email, { project: name, path: '/page/report' });
  await expect(page).toHaveURL(/\/page\/report$/);
  if (heading) await expect(page.getByRole('heading', { name: 'Relatório de Análise' })).toBeVisible();
}

/** The test's own environment project (registered by the ADMIN through the API on the first run). */
async function ensureProject(request: APIRequestContext, name: string) {
  const admin = await apiAs(ADMIN);
  const all = await admin.call(projectRegistrationApi.listAll);
  const existing = all.find((project) => project.name === name);
  if (existing) return existing;
  const customers = await admin.call(securityApi.listCustomers);
  return admin.call(projectRegistrationApi.create, {
    body: {
      name,
      projectType: 'ENVIRONMENT',
      customerId: customers.find((customer) => customer.name === 'Horizonte Urbanismo')!.id,
      delimiter: APP_OUTLINE,
      defaultZoom: 16,
      hasReport: true,
    },
  });
}

async function setBoundary(request: APIRequestContext, projectId: number, delimiter: unknown) {
  const headers = await adminHeaders();
  const edited = await request.post(`/api/v1/project/${projectId}`, { headers, data: { delimiter } });
  expect(edited.ok()).toBe(true);
}

async function chooseAnalysis(page: Page, pair: string) {
  await page.getByRole('tab', { name: 'Análises' }).click();
  await page.getByRole('button', { name: pair }).click();
  await page.getByRole('tab', { name: 'Detalhes' }).click();
}

test('the chosen analysis’s report PDF is drawn in the page and downloads as a PDF', async ({ page }) => {
  await openReport(page, ADMIN);
  await chooseAnalysis(page, PAIR);
  const details = page.getByRole('tabpanel', { name: 'Detalhes' });
  await expect(details.getByText('01/03/2023', { exact: true })).toBeVisible();
  await expect(details.getByText('Gerado pelo sistema')).toBeVisible();
  await expect(page.locator('.report-viewer')).toHaveAttribute('data-state', 'ready', { timeout: 30_000 });
  await expect(page.getByLabel('Página 1 do relatório')).toBeVisible();
  await screenshotWhenAsked(page, { path: `${SHOTS}/relatorio-admin.png` });
  await page.getByRole('tab', { name: 'Análises' }).click();
  await expect(page.getByRole('button', { name: PAIR })).toHaveAttribute('aria-pressed', 'true');
  await screenshotWhenAsked(page, { path: `${SHOTS}/relatorio-aba-analises.png` });
  await page.getByRole('tab', { name: 'Detalhes' }).click();

  const download = page.waitForEvent('download');
  await details.getByRole('link', { name: 'Baixar relatório' }).click();
  const file = await (await download).path();
  const bytes = readFileSync(file);
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  await (await download).saveAs(`${SHOTS}/relatorio-gerado.pdf`);
});

test('a MANAGER sees the published analysis’s report without the upload', async ({ page }) => {
  await openReport(page, MANAGER);
  await chooseAnalysis(page, PAIR);
  await expect(page.locator('.report-viewer')).toHaveAttribute('data-state', 'ready', { timeout: 30_000 });
  await expect(page.getByLabel('Página 1 do relatório')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Enviar relatório em PDF' })).toHaveCount(0);
  await screenshotWhenAsked(page, { path: `${SHOTS}/relatorio-gerente.png` });
});

test('the uploaded PDF replaces the generated one in the page and the download, and removing it brings the generated back', async ({
  page,
}) => {
  // The consultant's report: three pages, so that the viewer shows which PDF it drew.
  const uploaded = await PDFDocument.create();
  const font = await uploaded.embedFont(StandardFonts.Helvetica);
  for (const number of [1, 2, 3]) {
    uploaded
      .addPage([595, 842])
      .drawText(`Relatorio do consultor ambiental - pagina ${number}`, { x: 60, y: 760, size: 22, font });
  }
  const bytes = Buffer.from(await uploaded.save());
  const pages = page.getByLabel(/^Página \d+ do relatório$/);

  await openReport(page, ADMIN);
  await chooseAnalysis(page, PAIR);
  const details = page.getByRole('tabpanel', { name: 'Detalhes' });
  const viewer = page.locator('.report-viewer');
  await expect(viewer).toHaveAttribute('data-state', 'ready', { timeout: 30_000 });
  const generatedPages = await pages.count();
  expect(generatedPages).toBeLessThan(3);
  await page.locator('.report-details input[type=file]').setInputFiles({
    name: 'relatorio-consultor.pdf',
    mimeType: 'application/pdf',
    buffer: bytes,
  });
  await expect(page.getByText('Relatório enviado com sucesso!')).toBeVisible();
  await expect(details.getByText(/^Enviado: relatorio-consultor\.pdf/)).toBeVisible();
  await expect(viewer).toHaveAttribute('data-state', 'ready', { timeout: 30_000 });
  await expect(pages).toHaveCount(3);
  await screenshotWhenAsked(page, { path: `${SHOTS}/relatorio-enviado.png` });

  const download = page.waitForEvent('download');
  await details.getByRole('link', { name: 'Baixar relatório' }).click();
  expect(readFileSync(await (await download).path())).toEqual(bytes);

  await details.getByRole('button', { name: 'Remover PDF enviado' }).click();
  await page.getByRole('button', { name: 'Remover', exact: true }).click();
  await expect(page.getByText('Relatório removido com sucesso!')).toBeVisible();
  await expect(details.getByText('Gerado pelo sistema')).toBeVisible();
  await expect(viewer).toHaveAttribute('data-state', 'ready', { timeout: 30_000 });
  await expect(pages).toHaveCount(generatedPages);
});

test('a project whose analyses have no report says "Relatório não habilitado para este empreendimento" (an ADMIN may send a PDF); an analysis without its report "Ops, relatório não encontrado"', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const project = await ensureProject(request, OTHER_PROJECT);
  await openReport(page, ADMIN, { name: OTHER_PROJECT, heading: false });
  await expect(
    page.getByText('Relatório não habilitado para este empreendimento', { exact: true }),
  ).toBeVisible();
  await screenshotWhenAsked(page, { path: `${SHOTS}/relatorio-nao-habilitado.png` });

  // An analysis whose detector failed (the project lost its boundary while it ran) has no report: the message
  // stays, and the ADMIN keeps the aside to send a PDF for it.
  const [first, second, third] = await ensureScenes(
    request,
    project.space,
    OTHER_DATES.map((date, index) => ({ date, png: vegetationPng(index === 0 ? 'before' : 'after', index) })),
  );
  await setBoundary(request, project.id, null);
  const failed = await analysisOf(request, project.id, first!.id, second!.id);
  await setBoundary(request, project.id, APP_OUTLINE);
  expect(failed.processingState).toBe('failed');
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Relatório de Análise' })).toBeVisible();
  await expect(
    page.getByText('Relatório não habilitado para este empreendimento', { exact: true }),
  ).toBeVisible();
  const details = page.getByRole('tabpanel', { name: 'Detalhes' });
  await expect(details.getByText('01/02/2023', { exact: true })).toBeVisible();
  await screenshotWhenAsked(page, { path: `${SHOTS}/relatorio-nao-habilitado-admin.png` });

  const sent = await PDFDocument.create();
  const font = await sent.embedFont(StandardFonts.Helvetica);
  sent.addPage([595, 842]).drawText('Laudo de campo', { x: 60, y: 760, size: 22, font });
  await page.locator('.report-details input[type=file]').setInputFiles({
    name: 'laudo.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from(await sent.save()),
  });
  await expect(page.getByText('Relatório enviado com sucesso!')).toBeVisible();
  await expect(page.locator('.report-viewer')).toHaveAttribute('data-state', 'ready', { timeout: 30_000 });
  await expect(page.getByText('Relatório não habilitado para este empreendimento')).toHaveCount(0);

  // A finished analysis has its generated report; once the PDF sent for the failed one is removed, choosing that
  // one says its report is not found.
  const done = await analysisOf(request, project.id, second!.id, third!.id);
  expect(done.processingState).toBe('done');
  await details.getByRole('button', { name: 'Remover PDF enviado' }).click();
  await page.getByRole('button', { name: 'Remover', exact: true }).click();
  await expect(page.getByText('Relatório removido com sucesso!')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Relatório de Análise' })).toBeVisible();
  await expect(page.locator('.report-viewer')).toHaveAttribute('data-state', 'ready', { timeout: 30_000 });
  await chooseAnalysis(page, '01/02/2023 → 01/04/2023');
  await expect(page.getByText('Ops, relatório não encontrado', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Baixar relatório' })).toHaveCount(0);
  await screenshotWhenAsked(page, { path: `${SHOTS}/relatorio-nao-encontrado.png` });
});
