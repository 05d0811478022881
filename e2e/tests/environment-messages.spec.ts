import { expect, test, type Page } from '@playwright/test';
import {
  adminHeaders,
  analysisOf,
  featuresOf,
  projectBySpace,
  vegetationPng,
  type FeatureRow,
} from './environment-fixtures';
import { ensureScenes } from './map-scenes';
import { ADMIN, pick, openSignedIn, openedDialog } from './support';
import { screenshotWhenAsked } from './shots';

/** The failure messages of spec 8 "Analyses" on the environment analysis page, verbatim. */
const SPACE = 'app-ribeirao-pinguim';
const PROJECT = 'APP Ribeirão Pinguim - Recuperação';
/** Dates no other spec uses on the environment project (the oldest scenes of the project). */
const DATES = ['2022-03-01', '2022-06-01', '2022-09-01'] as const;
const ROW = /01\/06\/2022.*01\/09\/2022/;
const SHOTS = process.env.MAP_SHOTS_DIR ?? 'test-results/environment-messages-shots';

const squareMetres = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 0 });

let projectId = 0;
let detectId = 0;

test.beforeAll(async ({ request }) => {
  test.setTimeout(120_000);
  projectId = (await projectBySpace(request, SPACE)).id;
  const [, before, after] = await ensureScenes(request, SPACE, [
    { date: DATES[0], png: vegetationPng('before', 21) },
    { date: DATES[1], png: vegetationPng('before', 22) },
    { date: DATES[2], png: vegetationPng('after', 23) },
  ]);
  const analysis = await analysisOf(request, projectId, before!.id, after!.id);
  expect(analysis.processingState).toBe('done');
  detectId = analysis.detectId;
});

async function openAnalysisPage(page: Page) {
  await openSignedIn(page, ADMIN, { project: PROJECT, path: '/page/analysis' });
  await expect(page).toHaveURL(/\/page\/analysis$/);
}

async function chooseAnalysis(page: Page) {
  await page.getByRole('table', { name: 'Análises', exact: true }).getByRole('row', { name: ROW }).click();
  await expect(page.getByRole('heading', { name: 'Detecções de 01/06/2022 a 01/09/2022' })).toBeVisible();
}

test('Nova Análise on an after scene that already has its analysis: "Não foi possível salvar a nova análise." with the reason', async ({
  page,
}) => {
  await openAnalysisPage(page);
  await page.getByRole('button', { name: 'Nova Análise' }).click();
  const modal = openedDialog(page, { name: 'Nova Análise' });
  await pick(page, modal.getByLabel('Imagem anterior'), '01/03/2022');
  await pick(page, modal.getByLabel('Imagem posterior'), '01/09/2022');
  await modal.getByRole('button', { name: 'Analisar' }).click();
  await expect(
    page.getByText('Não foi possível salvar a nova análise. Esta imagem já possui uma análise.', {
      exact: true,
    }),
  ).toBeVisible();
  await expect(modal).toBeVisible();
  await screenshotWhenAsked(page, { path: `${SHOTS}/nova-analise-falhou.png` });
});

test('a proposal another ADMIN reviewed meanwhile: "Não foi possível salvar a nova detecção." with the reason', async ({
  page,
  request,
}) => {
  await openAnalysisPage(page);
  await chooseAnalysis(page);
  const pending = (await featuresOf(request, projectId, detectId)).find(
    (feature) => feature.review_status === 'pending',
  ) as FeatureRow;
  expect(pending).toBeTruthy();
  const row = page
    .getByRole('table', { name: 'Detecções da análise' })
    .getByRole('row')
    .filter({ hasText: `${squareMetres.format(pending.area)} m²` });
  await expect(row.getByText('Pendente')).toBeVisible();
  const approved = await request.post(
    `/api/v1/project/${projectId}/detect/${detectId}/feature/${pending.id}/review`,
    { headers: await adminHeaders(request), data: { action: 'approve' } },
  );
  expect(approved.ok()).toBe(true);
  await row.getByRole('button', { name: 'Aprovar' }).click();
  await expect(
    page.getByText('Não foi possível salvar a nova detecção. Esta detecção já foi revisada.', {
      exact: true,
    }),
  ).toBeVisible();
});

test('Nova Detecção without its categories: "Não foi possível obter as categorias para criação de uma nova detecção."', async ({
  page,
}) => {
  await page.route('**/api/v1/project/detect/feature/categories', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"falhou"}' }),
  );
  await openAnalysisPage(page);
  await chooseAnalysis(page);
  await page.getByRole('button', { name: 'Nova Detecção' }).click();
  const modal = openedDialog(page, { name: 'Nova Detecção' });
  await expect(
    modal.getByText('Não foi possível obter as categorias para criação de uma nova detecção.', {
      exact: true,
    }),
  ).toBeVisible();
  await screenshotWhenAsked(page, { path: `${SHOTS}/categorias-falhou.png` });
});
