import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { NOTE_LIMITS, NOTE_MESSAGES, inspectionsApi, projectsApi } from '@mirante/shared';
import { constructionDsm } from '@mirante/demo/elevation-model';
import { waitForMapReady } from './map-ready';
import { ensureScenes, scenePng } from './map-scenes';
import { ADMIN, MANAGER, apiAs, pick, openSignedIn, openedDialog } from './support';
import { screenshotWhenAsked } from './shots';

/*
 * The validation rules rules of the new-note modal that the other construction specs do not reach: the field limits
 * (50 / 50 / 500), the measure read-only, a new drawing resetting the volume, a polygon that may not cross
 * itself (Terra Draw refuses the crossing vertex), and ★ the cut/fill between two inspections' models.
 */

const SPACE = 'edificio-aurora';
/** A scene date no other spec uses, given an elevation model here. */
const DATE = '2025-04-05';
const LABEL = '05/04/2025 - Fase #1';
/** A later scene with the demo's second DSM, for the cut/fill between two inspections. */
const LATER_DATE = '2025-04-10';
const LATER_LABEL = '10/04/2025 - Fase #2';

/** A scene with a DSM (as an ADMIN sends it) and an inspection on it (as a MANAGER). */
async function ensureInspectionWithDsm(
  request: APIRequestContext,
  date: string,
  stage: 0 | 1,
  phase: number,
): Promise<void> {
  const [scene] = await ensureScenes(request, SPACE, [{ date, png: scenePng(256, 256, 0.35 + stage * 0.2) }]);
  const dsm = await request.post(`/api/v1/scene/${scene!.id}/dsm`, {
    headers: (await apiAs(ADMIN)).headers,
    multipart: { file: { name: 'mds.tif', mimeType: 'image/tiff', buffer: await constructionDsm(stage) } },
  });
  expect(dsm.status(), await dsm.text()).toBe(200);
  const client = await apiAs(MANAGER);
  const projects = await client.call(projectsApi.list);
  const projectId = projects.find((item) => item.space === SPACE)!.id;
  const listed = await client.call(inspectionsApi.list, { query: { project_id: projectId } });
  if (listed.some((item) => item.scene_id === scene!.id)) return;
  await client.call(inspectionsApi.save, { body: { project_id: projectId, scene_id: scene!.id, phase } });
}

/** Clicks the drawing map at fractions of its size, one click per vertex. */
async function drawAt(page: Page, map: Locator, points: readonly (readonly [number, number])[]) {
  const box = (await map.boundingBox())!;
  for (const [x, y] of points) await page.mouse.click(box.x + box.width * x, box.y + box.height * y);
}

const areaOf = async (field: Locator) => Number((await field.inputValue()).replace(',', '.'));

test.beforeAll(async ({ request }) => {
  test.setTimeout(120_000);
  await ensureInspectionWithDsm(request, DATE, 0, 1);
  await ensureInspectionWithDsm(request, LATER_DATE, 1, 2);
});

test('new note: limits 50 / 50 / 500, measure read-only, a new drawing resets the volume, a polygon may not cross itself, cut/fill between two inspections', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await openSignedIn(page, MANAGER, { project: 'Edifício Aurora', path: '/page/construction/notes' });
  await pick(page, page.getByLabel('Vistoria'), LABEL);
  await page.getByRole('button', { name: 'Criar anotação' }).click();
  const dialog = openedDialog(page, { name: 'Nova anotação' });

  // Typing past a limit stops at it, and the counter says so.
  const name = dialog.getByLabel('Nome', { exact: true });
  await name.fill('N'.repeat(NOTE_LIMITS.name - 1));
  await name.pressSequentially('xyz');
  await expect(name).toHaveValue(`${'N'.repeat(NOTE_LIMITS.name - 1)}x`);
  await expect(dialog.getByText('50 / 50')).toBeVisible();
  const description = dialog.getByLabel('Descrição');
  await description.fill('D'.repeat(NOTE_LIMITS.description - 1));
  await description.pressSequentially('xyz');
  await expect(description).toHaveValue(`${'D'.repeat(NOTE_LIMITS.description - 1)}x`);
  await expect(dialog.getByText('500 / 500')).toBeVisible();
  await pick(page, dialog.getByLabel('Categoria'), '+ Nova categoria');
  const category = dialog.getByLabel('Nome da categoria');
  await category.fill('C'.repeat(NOTE_LIMITS.categoryName - 1));
  await category.pressSequentially('xyz');
  await expect(category).toHaveValue(`${'C'.repeat(NOTE_LIMITS.categoryName - 1)}x`);
  expect([NOTE_LIMITS.name, NOTE_LIMITS.categoryName, NOTE_LIMITS.description]).toEqual([50, 50, 500]);

  // The area comes from the drawing only.
  await dialog.getByText('Polígono', { exact: true }).click();
  const area = dialog.getByLabel('Área (m²)');
  await expect(area).toHaveAttribute('readonly', '');
  const drawMap = dialog.getByTestId('note-draw-map');
  await waitForMapReady(drawMap.getByTestId('map-canvas'));
  await drawAt(page, drawMap, [
    [0.3, 0.3],
    [0.7, 0.3],
    [0.7, 0.7],
    [0.3, 0.7],
    [0.3, 0.3],
  ]);
  await expect(area).not.toHaveValue('');
  const square = await areaOf(area);

  // A measured volume is cleared by the next drawing.
  const panel = dialog.getByTestId('volume-panel');
  await pick(page, panel.getByLabel('Base do volume'), 'Vértice mais baixo');
  await panel.getByRole('button', { name: 'Medir volume' }).click();
  await expect(panel.getByTestId('volume-result')).toContainText('Líquido');
  const volume = dialog.getByLabel('Volume (m³)');
  await expect(volume).not.toHaveValue('0,00');
  await drawAt(page, drawMap, [
    [0.35, 0.35],
    [0.6, 0.35],
    [0.6, 0.6],
    [0.35, 0.35],
  ]);
  await expect(volume).toHaveValue('0,00');
  await expect(panel.getByTestId('volume-result')).toHaveCount(0);

  // A bow tie: the fourth vertex would cross the first edge and is refused, so closing makes the triangle of
  // the other three, half the square.
  await drawAt(page, drawMap, [
    [0.3, 0.3],
    [0.7, 0.7],
    [0.7, 0.3],
    [0.3, 0.7],
    [0.3, 0.3],
  ]);
  await expect.poll(async () => Math.abs((await areaOf(area)) / square - 0.5)).toBeLessThan(0.03);

  // ★ Between two inspections with models: the cut and fill from this one to the later one over the polygon.
  await pick(page, panel.getByLabel('Base do volume'), 'Diferença para outra vistoria');
  await pick(page, panel.getByLabel('Vistoria comparada'), LATER_LABEL);
  await panel.getByRole('button', { name: 'Medir volume' }).click();
  const difference = panel.getByTestId('volume-result');
  await expect(difference).toContainText('Corte');
  await expect(difference).toContainText('Aterro');
  await expect(difference).toContainText('Líquido');
  await expect(volume).not.toHaveValue('0,00');
  await screenshotWhenAsked(page, {
    path: `${process.env.E2E_SCREENSHOTS ?? '/tmp'}/construction-note-rules.png`,
  });
});

test('new category colour: 7 characters — the picker does not take “#abc”, and a “#abc” that reaches the server is refused with “A cor deve ter 7 caracteres, no formato #RRGGBB.”', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await openSignedIn(page, MANAGER, { project: 'Edifício Aurora', path: '/page/construction/notes' });
  await pick(page, page.getByLabel('Vistoria'), LABEL);
  await page.getByRole('button', { name: 'Criar anotação' }).click();
  const dialog = openedDialog(page, { name: 'Nova anotação' });
  await dialog.getByLabel('Nome', { exact: true }).fill('Tapume novo');
  await dialog.getByLabel('Descrição').fill('Tapume da fachada norte');
  await pick(page, dialog.getByLabel('Categoria'), '+ Nova categoria');
  await dialog.getByLabel('Nome da categoria').fill('Tapumes');

  // The colour's hex field: three digits are not a colour, the category keeps the one it had; six are taken.
  const trigger = dialog.locator('.ant-color-picker-trigger');
  const shown = trigger.locator('.ant-color-picker-trigger-text');
  await expect(shown).toHaveText(/^#1f7a4d$/i);
  await trigger.click();
  const hex = page.locator('.ant-color-picker:visible .ant-color-picker-hex-input input');
  await hex.fill('abc');
  await expect(hex).toHaveValue(/abc/i);
  await expect(shown).toHaveText(/^#1f7a4d$/i);
  await screenshotWhenAsked(page, {
    path: `${process.env.E2E_SCREENSHOTS ?? '/tmp'}/construction-note-colour-abc.png`,
  });
  await hex.fill('aabbcc');
  await expect(shown).toHaveText(/^#aabbcc$/i);
  await dialog.getByLabel('Nome da categoria').click();
  await expect(page.locator('.ant-color-picker:visible')).toHaveCount(0);

  await dialog.getByText('Marcador', { exact: true }).click();
  const drawMap = dialog.getByTestId('note-draw-map');
  await waitForMapReady(drawMap.getByTestId('map-canvas'));
  await drawAt(page, drawMap, [[0.5, 0.5]]);

  // What the modal sends is the 7-character colour; sent as '#abc' instead, the real server refuses it and the
  // modal says why (the form's own rule says the same, NOTE_MESSAGES.colorInvalid, for a value of another length).
  const sent: string[] = [];
  await page.route(/\/api\/v1\/notes$/, async (route) => {
    if (route.request().method() !== 'POST') return route.fallback();
    const body = route.request().postDataJSON() as Record<string, unknown>;
    sent.push(String(body.categoryColor));
    await route.continue({ postData: JSON.stringify({ ...body, categoryColor: '#abc' }) });
  });
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(
    page.getByText('Não foi possível criar a anotação: A cor deve ter 7 caracteres, no formato #RRGGBB.'),
  ).toBeVisible();
  expect(NOTE_MESSAGES.colorInvalid).toBe('A cor deve ter 7 caracteres, no formato #RRGGBB.');
  expect(sent).toEqual([expect.stringMatching(/^#aabbcc$/i)]);
  expect(sent[0]).toHaveLength(NOTE_LIMITS.color);
  await expect(dialog).toBeVisible();
  await screenshotWhenAsked(page, {
    path: `${process.env.E2E_SCREENSHOTS ?? '/tmp'}/construction-note-colour-refused.png`,
  });
  await page.unroute(/\/api\/v1\/notes$/);
  await dialog.getByRole('button', { name: 'Cancelar' }).click();
  await expect(page.getByRole('table')).not.toContainText('Tapume novo');
});
