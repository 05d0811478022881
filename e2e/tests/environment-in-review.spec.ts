import { expect, test, type APIRequestContext } from '@playwright/test';
import {
  adminHeaders,
  analysesOf,
  analysisOf,
  projectBySpace,
  vegetationPng,
  type AnalysisRow,
} from './environment-fixtures';
import { ensureScenes } from './map-scenes';
import { MANAGER, openSignedIn } from './support';
import { screenshotWhenAsked } from './shots';

const SPACE = 'app-ribeirao-pinguim';
const PROJECT = 'APP Ribeirão Pinguim - Recuperação';
/** Dates no other spec uses on the environment project (before every other scene: no spec's latest image). */
const DATES = ['2021-03-01', '2021-06-01', '2021-09-01'] as const;
const SHOTS = process.env.MAP_SHOTS_DIR ?? 'test-results/environment-in-review-shots';

let projectId = 0;
let first: AnalysisRow;
/** Analyses other specs published: unpublished here so that nothing is published, and published again after. */
let publishedBefore: number[] = [];

async function publish(request: APIRequestContext, detectId: number, published: boolean): Promise<void> {
  const response = await request.post(`/api/v1/detection/${detectId}`, {
    headers: await adminHeaders(),
    data: { approval_status: published },
  });
  expect(response.ok()).toBe(true);
}

test.beforeAll(async ({ request }) => {
  test.setTimeout(150_000);
  projectId = (await projectBySpace(request, SPACE)).id;
  const [a, b, c] = await ensureScenes(request, SPACE, [
    { date: DATES[0], png: vegetationPng('before', 31, true) },
    { date: DATES[1], png: vegetationPng('after', 32, true) },
    { date: DATES[2], png: vegetationPng('after', 33, true) },
  ]);
  first = await analysisOf(request, projectId, a!.id, b!.id);
  const second = await analysisOf(request, projectId, b!.id, c!.id);
  expect([first.processingState, second.processingState]).toEqual(['done', 'done']);
  publishedBefore = (await analysesOf(request, projectId))
    .filter((x) => x.approvalStatus)
    .map((x) => x.detectId);
  for (const id of publishedBefore) await publish(request, id, false);
});

test.afterAll(async ({ request }) => {
  await publish(request, first.detectId, false);
  for (const id of publishedBefore) await publish(request, id, true);
});

test('a MANAGER with nothing published yet reads that the analyses are being reviewed, not an empty list', async ({
  page,
}) => {
  await openSignedIn(page, MANAGER, { project: PROJECT, path: '/page/analysis' });
  const notice = page.getByTestId('analyses-in-review');
  await expect(notice).toContainText('O processamento do projeto ainda não foi finalizado');
  await expect(notice).toContainText('Análise de 01/03/2021 a 01/06/2021: em revisão pela equipe Mirante.');
  await expect(notice).toContainText('Análise de 01/06/2021 a 01/09/2021: em revisão pela equipe Mirante.');
  await expect(notice).toContainText('As mudanças encontradas aparecem aqui quando a análise for publicada.');
  await expect(page.getByRole('table', { name: 'Análises', exact: true })).toHaveCount(0);
  await expect(page.getByRole('table', { name: 'Detecções da análise' })).toHaveCount(0);
  await expect(page.getByText('Nenhuma análise cadastrada.')).toHaveCount(0);
  // The map is not left without imagery: it shows the project's latest scene.
  await expect(page.getByText(/^Imagem: \d{2}\/\d{2}\/\d{4}$/)).toBeVisible();
  await screenshotWhenAsked(page, { path: `${SHOTS}/gerente-em-revisao.png` });
});

test('once one is published the MANAGER sees it in the list, and the other still under review above it', async ({
  page,
  request,
}) => {
  await publish(request, first.detectId, true);
  await openSignedIn(page, MANAGER, { project: PROJECT, path: '/page/analysis' });
  const notice = page.getByTestId('analyses-in-review');
  await expect(notice).toContainText('Nova análise em andamento');
  await expect(notice).toContainText('Análise de 01/06/2021 a 01/09/2021: em revisão pela equipe Mirante.');
  await expect(notice).not.toContainText('01/03/2021');
  const analyses = page.getByRole('table', { name: 'Análises', exact: true });
  await expect(analyses.getByRole('row', { name: /01\/03\/2021.*01\/06\/2021/ })).toBeVisible();
  await expect(analyses.getByRole('row', { name: /01\/09\/2021/ })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Detecções de 01/03/2021 a 01/06/2021' })).toBeVisible();
  // The published analysis's proposals are not approved: none of them reaches the MANAGER.
  await expect(page.getByRole('table', { name: 'Detecções da análise' })).toContainText(
    'Nenhum registro encontrado.',
  );
  await screenshotWhenAsked(page, { path: `${SHOTS}/gerente-publicada-e-em-revisao.png` });
});
