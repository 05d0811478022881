import { expect, test } from '@playwright/test';
import { projectBySpace, settledAnalysis, vegetationPng } from './environment-fixtures';
import { ensureScenes } from './map-scenes';
import { ADMIN, openSignedIn, pick, openedDialog } from './support';

const SPACE = 'app-ribeirao-pinguim';
const PROJECT = 'APP Ribeirão Pinguim - Recuperação';
/** Dates no other spec uses on the environment project (before every other scene: no spec's latest image). */
const DATES = ['2020-03-01', '2020-06-01'] as const;

let sceneIds: number[] = [];

test.beforeAll(async ({ request }) => {
  test.setTimeout(120_000);
  const scenes = await ensureScenes(request, SPACE, [
    { date: DATES[0], png: vegetationPng('before', 41, true) },
    { date: DATES[1], png: vegetationPng('after', 42, true) },
  ]);
  sceneIds = scenes.map((scene) => scene.id);
});

test("Nova Análise: the new analysis is the one shown, and the detector's proposals are listed as soon as it ends, without reopening the page", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const projectId = (await projectBySpace(page.request, SPACE)).id;
  await openSignedIn(page, ADMIN, { project: PROJECT, path: '/page/analysis' });
  await page.getByRole('button', { name: 'Nova Análise' }).click();
  const modal = openedDialog(page, { name: 'Nova Análise' });
  await pick(page, modal.getByLabel('Imagem anterior'), '01/03/2020');
  await pick(page, modal.getByLabel('Imagem posterior'), '01/06/2020');
  await modal.getByRole('button', { name: 'Analisar' }).click();
  await expect(modal).toBeHidden();

  const row = page
    .getByRole('table', { name: 'Análises', exact: true })
    .getByRole('row', { name: /01\/03\/2020.*01\/06\/2020/ });
  expect((await settledAnalysis(projectId, sceneIds[0]!, sceneIds[1]!)).processingState).toBe('done');
  await expect(row.getByText('Concluída')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Detecções de 01/03/2020 a 01/06/2020' })).toBeVisible();
  // The 'Pendentes' column counts the detector's proposals; the list below shows each of them.
  const pending = Number(await row.getByRole('cell').nth(4).innerText());
  expect(pending).toBeGreaterThan(0);
  await expect(
    page.getByRole('table', { name: 'Detecções da análise' }).getByText('Pendente', { exact: true }),
  ).toHaveCount(pending);
  await expect(
    page.getByTestId('map-legend').getByRole('group', { name: 'Propostas pendentes' }),
  ).toBeVisible();
});
