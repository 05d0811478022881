import { expect, test, type Locator, type Page } from '@playwright/test';
import {
  analysisOf,
  featuresOf,
  projectBySpace,
  vegetationPng,
  type FeatureRow,
} from './environment-fixtures';
import { ensureScenes } from './map-scenes';
import { cameraOf, mainMap, pixelAt, screenPoint, settleAfter } from './map-ready';
import { ADMIN, openSignedIn } from './support';
import { screenshotWhenAsked } from './shots';

const SPACE = 'app-ribeirao-pinguim';
const PROJECT = 'APP Ribeirão Pinguim - Recuperação';
/** Dates no other spec uses on the environment project (before every other scene: no spec's latest image). */
const DATES = ['2021-03-01', '2021-06-01'] as const;
const ROW = /01\/03\/2021.*01\/06\/2021/;
const SHOTS = process.env.MAP_SHOTS_DIR ?? 'test-results/environment-proposals-map-shots';
const SELECTED = /environment-row--selected/;

const squareMetres = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 0 });

let planting: FeatureRow;
let clearing: FeatureRow;

test.beforeAll(async ({ request }) => {
  test.setTimeout(120_000);
  const projectId = (await projectBySpace(request, SPACE)).id;
  const [before, after] = await ensureScenes(request, SPACE, [
    { date: DATES[0], png: vegetationPng('before', 31, true) },
    { date: DATES[1], png: vegetationPng('after', 32, true) },
  ]);
  const analysis = await analysisOf(request, projectId, before!.id, after!.id);
  expect(analysis.processingState).toBe('done');
  const proposals = (await featuresOf(request, projectId, analysis.detectId)).filter(
    (f) => f.source === 'ai' && f.review_status === 'pending',
  );
  planting = proposals.find((f) => f.type === 'REFO')!;
  clearing = proposals.filter((f) => f.type === 'DEFO').sort((a, b) => b.area - a.area)[0]!;
  expect(planting && clearing).toBeTruthy();
});

const rowOf = (table: Locator, feature: FeatureRow) =>
  table.getByRole('row').filter({ hasText: `${squareMetres.format(feature.area)} m²` });

/** The middle of a proposal (the test scenes' changes are squares) on the settled map. */
async function middleOf(map: Locator, feature: FeatureRow): Promise<{ x: number; y: number }> {
  const ring = feature.geojson.coordinates[0]!.slice(0, -1);
  const mean = (axis: 0 | 1) => ring.reduce((sum, p) => sum + p[axis]!, 0) / ring.length;
  return screenPoint((await map.boundingBox())!, await cameraOf(map), mean(0), mean(1));
}

/** How much redder than green the map is at a point (the clearing's fill is red). */
async function redness(page: Page, point: { x: number; y: number }): Promise<number> {
  const [r, g] = await pixelAt(page, point.x, point.y);
  return r - g;
}

test('an ADMIN sees the pending proposals drawn on the map, and picking one in the list or on the map selects it in both', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await openSignedIn(page, ADMIN, { project: PROJECT, path: '/page/analysis' });
  const map = mainMap(page);
  const row = page.getByRole('table', { name: 'Análises', exact: true }).getByRole('row', { name: ROW });
  await expect(row).toBeVisible();
  // Alone on a fresh server, this analysis is the only one and already shown: a click changes nothing on the map.
  if (!/environment-row--selected/.test((await row.getAttribute('class')) ?? '')) {
    await settleAfter(map, () => row.click());
  }
  await expect(page.getByRole('heading', { name: 'Detecções de 01/03/2021 a 01/06/2021' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Detecções da análise' });
  const legend = page.getByTestId('map-legend').getByRole('group', { name: 'Propostas pendentes' });
  await expect(legend).toContainText('Reflorestamento');
  await expect(legend).toContainText('Desmatamento');

  // Drawn over the imagery in its kind's colour: the clearing is tinted red; picked in the list, more so.
  const clearingMiddle = await middleOf(map, clearing);
  const unselected = await redness(page, clearingMiddle);
  await screenshotWhenAsked(page, { path: `${SHOTS}/propostas-no-mapa.png` });
  await settleAfter(map, () => rowOf(table, clearing).getByText(/m²$/).click());
  await expect(rowOf(table, clearing)).toHaveClass(SELECTED);
  const selected = await redness(page, await middleOf(map, clearing));
  expect(selected - unselected, `${unselected} → ${selected}`).toBeGreaterThan(15);
  await screenshotWhenAsked(page, { path: `${SHOTS}/proposta-escolhida-na-lista.png` });

  // Picked on the map: the planting's row is selected in the list, the clearing's no longer.
  const plantingMiddle = await middleOf(map, planting);
  await settleAfter(map, () => page.mouse.click(plantingMiddle.x, plantingMiddle.y));
  await expect(rowOf(table, planting)).toHaveClass(SELECTED);
  await expect(rowOf(table, clearing)).not.toHaveClass(SELECTED);
  await expect(rowOf(table, planting)).toBeInViewport();
  expect(await redness(page, await middleOf(map, clearing))).toBeLessThan(selected - 15);
  await screenshotWhenAsked(page, { path: `${SHOTS}/proposta-escolhida-no-mapa.png` });
});
