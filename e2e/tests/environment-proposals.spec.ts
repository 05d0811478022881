import { expect, test, type Locator, type Page } from '@playwright/test';
import { layersApi } from '@mirante/shared';
import {
  analysisOf,
  featuresOf,
  projectBySpace,
  vegetationPng,
  type FeatureRow,
} from './environment-fixtures';
import { ensureScenes } from './map-scenes';
import { ADMIN, MANAGER, apiAs, pick, openSignedIn, openedDialog } from './support';
import { screenshotWhenAsked } from './shots';

const SPACE = 'app-ribeirao-pinguim';
const PROJECT = 'APP Ribeirão Pinguim - Recuperação';
/** Dates no other spec uses on the environment project. */
const DATES = ['2023-05-01', '2023-07-01'] as const;
const ROW = /01\/05\/2023.*01\/07\/2023/;
const SHOTS = process.env.MAP_SHOTS_DIR ?? 'test-results/environment-proposals-shots';
const REASON = 'Sombra de nuvem sobre a mata, não houve supressão';
const EDITED = 'Plantio de mudas nativas conferido em campo';

const squareMetres = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 0 });

let projectId = 0;
let detectId = 0;
/** The detector's proposals: the planting (edited, then approved), the large clearing (approved), the small one. */
let planting: FeatureRow;
let clearing: FeatureRow;
let shadow: FeatureRow;

test.beforeAll(async ({ request }) => {
  test.setTimeout(120_000);
  projectId = (await projectBySpace(request, SPACE)).id;
  const [before, after] = await ensureScenes(request, SPACE, [
    { date: DATES[0], png: vegetationPng('before', 11, true) },
    { date: DATES[1], png: vegetationPng('after', 12, true) },
  ]);
  const analysis = await analysisOf(request, projectId, before!.id, after!.id);
  expect(analysis.processingState).toBe('done');
  detectId = analysis.detectId;
  const proposals = (await featuresOf(request, projectId, detectId)).filter((f) => f.source === 'ai');
  const clearings = proposals.filter((f) => f.type === 'DEFO').sort((a, b) => b.area - a.area);
  expect(proposals.filter((f) => f.type === 'REFO')).toHaveLength(1);
  expect(clearings).toHaveLength(2);
  planting = proposals.find((f) => f.type === 'REFO')!;
  [clearing, shadow] = [clearings[0]!, clearings[1]!];
});

async function openAnalysis(page: Page, email: string): Promise<Locator> {
  await openSignedIn(page, email, { project: PROJECT, path: '/page/analysis' });
  await expect(page).toHaveURL(/\/page\/analysis$/);
  await page.getByRole('table', { name: 'Análises', exact: true }).getByRole('row', { name: ROW }).click();
  await expect(page.getByRole('heading', { name: 'Detecções de 01/05/2023 a 01/07/2023' })).toBeVisible();
  return page.getByRole('table', { name: 'Detecções da análise' });
}

const rowOf = (table: Locator, feature: FeatureRow) =>
  table.getByRole('row').filter({ hasText: `${squareMetres.format(feature.area)} m²` });

/** The preview has loaded as an image (not a broken icon) and is a PNG from the server. */
async function expectPreview(page: Page, image: Locator) {
  await image.scrollIntoViewIfNeeded();
  await expect(image).toBeVisible();
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0)))
    .toBeGreaterThan(0);
  const response = await page.request.get((await image.getAttribute('src'))!);
  expect(response.headers()['content-type']).toBe('image/png');
}

test('an ADMIN sees each proposal with its before/after previews, approves, rejects with a reason kept and edits before publishing', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const table = await openAnalysis(page, ADMIN);
  for (const feature of [planting, clearing, shadow]) {
    const row = rowOf(table, feature);
    await expect(row.getByText('Pendente')).toBeVisible();
    await expect(row.getByText(/^Detector · confiança \d+%$/)).toBeVisible();
    const name = feature.type === 'REFO' ? 'Reflorestamento' : 'Desmatamento';
    await expectPreview(page, row.getByRole('img', { name: `Antes: ${name}` }));
    await expectPreview(page, row.getByRole('img', { name: `Depois: ${name}` }));
  }
  await expect(
    page
      .getByRole('table', { name: 'Análises', exact: true })
      .getByRole('row', { name: ROW })
      .getByText('3', { exact: true }),
  ).toBeVisible();
  await screenshotWhenAsked(page, { path: `${SHOTS}/propostas-pendentes.png` });

  // Reject: the reason is required, then kept beside the proposal.
  await rowOf(table, shadow).getByRole('button', { name: 'Rejeitar' }).click();
  const reject = openedDialog(page, { name: 'Rejeitar proposta' });
  await reject.getByRole('button', { name: 'Rejeitar' }).click();
  await expect(reject.getByText('Informe o motivo da rejeição.')).toBeVisible();
  await reject.getByLabel('Motivo').fill(REASON);
  await screenshotWhenAsked(page, { path: `${SHOTS}/rejeitar.png` });
  await reject.getByRole('button', { name: 'Rejeitar' }).click();
  await expect(reject).toBeHidden();
  await expect(page.getByText('Proposta rejeitada')).toBeVisible();
  await expect(rowOf(table, shadow).getByText('Rejeitada')).toBeVisible();
  await expect(rowOf(table, shadow).getByText(REASON)).toBeVisible();
  await expect(rowOf(table, shadow).getByRole('button', { name: 'Aprovar' })).toHaveCount(0);

  // Edit: the proposal's form opens with its values; the change is saved and it is still pending.
  await rowOf(table, planting).getByRole('button', { name: 'Editar' }).click();
  const edit = openedDialog(page, { name: 'Editar detecção' });
  await expect(edit.getByLabel('Área (m²)')).toHaveValue(String(Math.round(planting.area)));
  await expect(edit.getByLabel('Descrição')).toHaveValue(planting.description);
  await edit.getByLabel('Descrição').fill(EDITED);
  await pick(page, edit.getByLabel('Categoria'), 'Outra análise');
  await screenshotWhenAsked(page, { path: `${SHOTS}/editar.png` });
  await edit.getByRole('button', { name: 'Salvar' }).click();
  await expect(edit).toBeHidden();
  const edited = table.getByRole('row').filter({ hasText: EDITED });
  await expect(edited.getByText('Outra análise')).toBeVisible();
  await expect(edited.getByText('Pendente')).toBeVisible();

  // Approve the edited one and the large clearing: each names who approved.
  const legend = page.getByTestId('map-legend').getByRole('group', { name: 'Análises', exact: true });
  await expect(legend).not.toContainText('Outra análise');
  await edited.getByRole('button', { name: 'Aprovar' }).click();
  await expect(edited.getByText('Aprovada')).toBeVisible();
  // Approved, it is a layer of the project: the map beside the table draws it at once (its category in the
  // legend's analyses, no longer among the pending proposals').
  await expect(legend).toContainText('Outra análise');
  await expect(
    page.getByTestId('map-legend').getByRole('group', { name: 'Propostas pendentes' }),
  ).not.toContainText('Outra análise');
  await expect(edited.getByText(/^Ana Administradora, \d{2}\/\d{2}\/\d{4}$/)).toBeVisible();
  await rowOf(table, clearing).getByRole('button', { name: 'Aprovar' }).click();
  await expect(rowOf(table, clearing).getByText('Aprovada')).toBeVisible();

  // Publish the analysis.
  await page.getByRole('switch', { name: 'Publicar análise 01/07/2023' }).click();
  await expect(page.getByText('Análise publicada')).toBeVisible();
  await screenshotWhenAsked(page, { path: `${SHOTS}/revisadas.png` });

  // After a reload the decisions and the reason are still there.
  await page.reload();
  await page.getByRole('table', { name: 'Análises', exact: true }).getByRole('row', { name: ROW }).click();
  await expect(rowOf(table, shadow).getByText(REASON)).toBeVisible();
  await expect(table.getByRole('row').filter({ hasText: EDITED }).getByText('Aprovada')).toBeVisible();

  // The approved ones are map layers of the project with the analysis's dates; the rejected is not.
  const admin = await apiAs(ADMIN);
  const layers = await admin.call(layersApi.listForProject, { params: { projectId } });
  const edit2 = layers.find((layer) => layer.rect === EDITED);
  expect([edit2?.detect_before_date, edit2?.detect_after_date]).toEqual([...DATES]);
  expect(layers.some((layer) => layer.rect === shadow.description)).toBe(false);
});

test('a MANAGER sees the published analysis’s approved detections only, without review actions', async ({
  page,
}) => {
  const table = await openAnalysis(page, MANAGER);
  await expect(table.getByRole('row').filter({ hasText: EDITED }).getByText('Aprovada')).toBeVisible();
  await expect(rowOf(table, clearing).getByText('Aprovada')).toBeVisible();
  await expect(table.getByText(REASON)).toHaveCount(0);
  await expect(table.getByRole('button', { name: 'Aprovar' })).toHaveCount(0);
  await expect(table.getByRole('button', { name: 'Editar' })).toHaveCount(0);
  await screenshotWhenAsked(page, { path: `${SHOTS}/gerente-aprovadas.png` });
});
