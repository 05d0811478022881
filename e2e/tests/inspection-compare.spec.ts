import { expect, test } from '@playwright/test';
import { inspectionsApi, overlaysApi, projectsApi, type Overlay } from '@mirante/shared';
import {
  colourAtMiddle,
  colourDistance,
  compareMap,
  hexOf,
  mainMap,
  settleAfter,
  waitForMapReady,
} from './map-ready';
import { ensureScenes, pickOption, scenePng } from './map-scenes';
import { ADMIN, MANAGER, apiAs, openSignedIn } from './support';
import { screenshotWhenAsked } from './shots';

const SPACE = 'edificio-aurora';
/** Dates no other spec uses on this project (one inspection per scene). */
const DATES = ['2025-05-10', '2025-07-10'] as const;
const PHASES = [7, 8] as const;
const SHOTS = process.env.MAP_SHOTS_DIR ?? 'test-results/map-shots';
const label = (index: 0 | 1) => `${DATES[index].split('-').reverse().join('/')} - Fase #${PHASES[index]}`;

test.beforeAll(async ({ request }) => {
  test.setTimeout(120_000);
  const scenes = await ensureScenes(
    request,
    SPACE,
    DATES.map((date, index) => ({ date, png: scenePng(512, 512, 0.15 + index * 0.6) })),
  );
  const admin = await apiAs(ADMIN);
  const projects = await admin.call(projectsApi.list);
  const project = projects.find((item) => item.space === SPACE)!;
  for (const [index, scene] of scenes.entries()) {
    const response = await admin.send(inspectionsApi.save, {
      body: { project_id: project.id, scene_id: scene.id, phase: PHASES[index as 0 | 1] },
    });
    // A second run on the same server finds them there.
    expect([200, 409]).toContain(response.status());
  }
});

test('Comparar vistorias: two selects of inspections, order checked, side by side with mirrored cursor, swipe', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await openSignedIn(page, MANAGER, {
    project: 'Edifício Aurora - Zona 7',
    path: '/page/area?tipo=satelite',
  });
  await waitForMapReady(mainMap(page));
  await page.getByRole('button', { name: 'Comparar vistorias' }).click();
  const panel = page.getByTestId('inspection-compare');

  // The earlier inspection must be older than the later one, as with dates.
  await pickOption(page, 'Vistoria anterior', label(1));
  await pickOption(page, 'Vistoria posterior', label(0));
  await expect(page.getByText('A data anterior precisa ser menor do que a posterior')).toBeVisible();
  await expect(page.getByTestId('compare-pane')).toHaveCount(0);

  await pickOption(page, 'Vistoria anterior', label(0));
  await pickOption(page, 'Vistoria posterior', label(1));
  const pane = page.getByTestId('compare-pane');
  await expect(pane).toBeVisible();
  // The order warning goes once the order is right (it lingered over the panel's title).
  await expect(page.getByText('A data anterior precisa ser menor do que a posterior')).toHaveCount(0);
  await expect(page.getByTestId('compare-before')).toHaveText('Antes: 10/05/2025');
  await expect(page.getByTestId('compare-after')).toHaveText('Depois: 10/07/2025');
  await waitForMapReady(compareMap(page));

  const stage = (await page.getByTestId('map-stage').boundingBox())!;
  await page.mouse.move(stage.x + stage.width * 0.75, stage.y + stage.height * 0.6);
  await expect(pane.getByTestId('mirror-cursor')).toBeVisible();
  await screenshotWhenAsked(page, { path: `${SHOTS}/inspection-compare-side-by-side.png` });

  await panel.getByText('Cortina').click();
  await expect(page.getByTestId('swipe-divider')).toBeVisible();
  await screenshotWhenAsked(page, { path: `${SHOTS}/inspection-compare-swipe.png` });

  await panel.getByRole('button', { name: 'Fechar comparação' }).click();
  await expect(page.getByTestId('compare-pane')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Comparar vistorias' })).toBeVisible();
});

const TOWER_PLAN = 'Planta de situação - Torre';

/** The demo's tower plan, which the server converts in the background once it has started. */
async function towerPlan(): Promise<Overlay> {
  const manager = await apiAs(MANAGER);
  const projects = await manager.call(projectsApi.list);
  const projectId = projects.find((item) => item.space === SPACE)!.id;
  let tower: Overlay | undefined;
  await expect
    .poll(
      async () => {
        const listed = await manager.call(overlaysApi.list, { params: { projectId } });
        tower = listed.find((overlay) => overlay.name === TOWER_PLAN);
        return tower !== undefined;
      },
      { timeout: 90_000 },
    )
    .toBe(true);
  return tower!;
}

test('the compared ‘Antes’ map draws the shown plans as the main map does, and the sidebar checkbox hides them there too', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const tower = await towerPlan();
  await openSignedIn(page, MANAGER, {
    project: 'Edifício Aurora - Zona 7',
    path: '/page/area?tipo=satelite',
  });
  await waitForMapReady(mainMap(page));
  await page.getByRole('button', { name: 'Comparar vistorias' }).click();
  await pickOption(page, 'Vistoria anterior', label(0));
  await pickOption(page, 'Vistoria posterior', label(1));
  await waitForMapReady(compareMap(page));
  const drawn = await colourAtMiddle(page, compareMap(page), tower);
  await screenshotWhenAsked(page, { path: `${SHOTS}/inspection-compare-plans.png` });

  await settleAfter(compareMap(page), () => page.getByRole('checkbox', { name: TOWER_PLAN }).uncheck());
  const hidden = await colourAtMiddle(page, compareMap(page), tower);
  expect(colourDistance(drawn, hexOf(hidden))).toBeGreaterThan(40);
});
