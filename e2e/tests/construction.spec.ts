import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { constructionDsm } from '@mirante/demo/elevation-model';
import { projectsApi, scenesApi } from '@mirante/shared';
import { mainMap, settleAfter, waitForMapReady } from './map-ready';
import { ensureScenes, scenePng } from './map-scenes';
import { ADMIN, MANAGER, apiAs, pick, openSignedIn, openedDialog } from './support';
import { offsetAndBack, watchTileVersions } from './offset-editing';
import { screenshotWhenAsked } from './shots';

const SPACE = 'edificio-aurora';
const DATES = ['2025-09-15', '2025-11-15', '2026-01-15'] as const;
const SHOTS = process.env.E2E_SCREENSHOTS ?? '/tmp';

async function openConstruction(page: Page, path: string) {
  await openSignedIn(page, MANAGER, { project: 'Edifício Aurora', path: path });
}

/** Creates an inspection in the open 'Cadastrar nova' modal. */
async function fillInspection(page: Page, date: string, phase: string) {
  const dialog = openedDialog(page, { name: 'Cadastrar nova' });
  await pick(page, dialog.getByLabel('Imagem'), date);
  await dialog.getByLabel('Fase').fill(phase);
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Vistoria criada com sucesso!')).toBeVisible();
}

const display = (iso: string) => iso.split('-').reverse().join('/');

test.describe.serial('construction: inspections and notes', () => {
  test.beforeAll(async ({ request }) => {
    await ensureScenes(
      request,
      SPACE,
      DATES.map((date, index) => ({ date, png: scenePng(512, 512, 0.2 + index * 0.3) })),
    );
  });

  test('inspections page: create with the phase placeholder, scenes in use disabled except when editing', async ({
    page,
  }) => {
    await openConstruction(page, '/page/construction/inspections');
    await expect(page.getByRole('heading', { name: 'Vistorias' })).toBeVisible();
    const rows = page.getByRole('table').locator('tbody tr.ant-table-row');
    const before = await rows.count();
    await page.getByRole('button', { name: 'Criar vistoria' }).click();
    const dialog = openedDialog(page, { name: 'Cadastrar nova' });
    await expect(dialog.getByLabel('Fase')).toHaveAttribute('placeholder', `Fase ${before + 1}`);
    // Nothing chosen: both fields say they are required.
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await expect(dialog.getByText('Este campo é obrigatório')).toHaveCount(2);
    await fillInspection(page, display(DATES[0]), '1');
    // Other specs' inspections on this project may sort before it: the new one is found by its image's date.
    const created = rows.filter({ hasText: display(DATES[0]) });
    await expect(created).toHaveCount(1);
    await expect(rows).toHaveCount(before + 1);

    await page.getByRole('button', { name: 'Criar vistoria' }).click();
    await openedDialog(page, { name: 'Cadastrar nova' }).getByLabel('Imagem').click();
    const used = page.locator('.ant-select-dropdown:visible .ant-select-item-option', {
      hasText: display(DATES[0]),
    });
    await expect(used).toHaveClass(/ant-select-item-option-disabled/);
    await page.keyboard.press('Escape');
    await openedDialog(page, { name: 'Cadastrar nova' }).getByRole('button', { name: 'Cancelar' }).click();

    await created.getByRole('button', { name: 'Editar vistoria' }).click();
    const edit = openedDialog(page, { name: 'Alterar vistoria' });
    await edit.getByLabel('Imagem').click();
    await expect(
      page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: display(DATES[0]) }),
    ).not.toHaveClass(/ant-select-item-option-disabled/);
    await page.keyboard.press('Escape');
    await edit.getByLabel('Fase').fill('2');
    await edit.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByText('Vistoria atualizada com sucesso!')).toBeVisible();
    await expect(created.locator('td').nth(1)).toHaveText('2');
    await screenshotWhenAsked(page, { path: `${SHOTS}/construction-inspections.png` });
  });

  test('map sidebar: creating an inspection prepends and selects it, selecting one switches the scene', async ({
    page,
  }) => {
    await openConstruction(page, '/page/area?tipo=satelite');
    await waitForMapReady(mainMap(page));
    const section = page.getByTestId('sidebar-inspections');
    await section.getByRole('button', { name: 'Nova vistoria' }).click();
    await fillInspection(page, display(DATES[1]), '3');
    const items = section.getByRole('listitem');
    await expect(items.first()).toHaveText(`${display(DATES[1])} - Fase #3`);
    await expect(items.first()).toHaveAttribute('aria-current', 'true');
    await expect(page.getByTestId('map-status-bar')).toContainText(display(DATES[1]));
    await items.filter({ hasText: display(DATES[0]) }).click();
    await expect(page.getByTestId('map-status-bar')).toContainText(display(DATES[0]));
    await screenshotWhenAsked(page, { path: `${SHOTS}/construction-map-sidebar.png` });
  });

  test('notes: draw a polygon, area shown, type change clears it, new category, export downloads a real file', async ({
    page,
  }) => {
    await openConstruction(page, '/page/construction/notes');
    await expect(page.getByText('Nenhuma vistoria selecionada')).toBeVisible();
    await page.getByRole('button', { name: 'Criar anotação' }).click();
    await expect(page.getByText('Selecione uma vistoria para criar uma anotação')).toBeVisible();
    await pick(page, page.getByLabel('Vistoria'), `${display(DATES[0])} - Fase #2`);

    await page.getByRole('button', { name: 'Criar anotação' }).click();
    const dialog = openedDialog(page, { name: 'Nova anotação' });
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByText('Verifique os campos obrigatórios.')).toBeVisible();
    await dialog.getByLabel('Nome', { exact: true }).fill('Escavação da torre');
    await dialog.getByLabel('Descrição').fill('Área escavada para as fundações');
    await pick(page, dialog.getByLabel('Categoria'), '+ Nova categoria');
    await dialog.getByLabel('Nome da categoria').fill('Terraplenagem');
    await dialog.getByText('Polígono', { exact: true }).click();

    const drawMap = dialog.getByTestId('note-draw-map');
    await waitForMapReady(drawMap.getByTestId('map-canvas'));
    const box = (await drawMap.boundingBox())!;
    const at = (x: number, y: number) => page.mouse.click(box.x + box.width * x, box.y + box.height * y);
    await at(0.3, 0.3);
    await at(0.7, 0.3);
    await at(0.7, 0.7);
    await at(0.3, 0.7);
    await at(0.3, 0.3);
    const area = dialog.getByLabel('Área (m²)');
    await expect(area).not.toHaveValue('');
    expect(Number((await area.inputValue()).replace(',', '.'))).toBeGreaterThan(0);
    await screenshotWhenAsked(page, { path: `${SHOTS}/construction-note-modal.png` });

    await dialog.getByText('Linha', { exact: true }).click();
    await expect(dialog.getByLabel('Comprimento (m)')).toHaveValue('');
    await dialog.getByText('Polígono', { exact: true }).click();
    await waitForMapReady(drawMap.getByTestId('map-canvas'));
    await at(0.35, 0.35);
    await at(0.65, 0.35);
    await at(0.65, 0.65);
    await at(0.35, 0.35);
    await expect(area).not.toHaveValue('');
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByText('Anotação criada com sucesso!')).toBeVisible();

    const row = page.getByRole('table').locator('tbody tr.ant-table-row').first();
    await expect(row).toContainText('Escavação da torre');
    await expect(row).toContainText('Terraplenagem');
    await expect(row).toContainText('Polígono');
    await expect(row).toContainText('m²');
    await screenshotWhenAsked(page, { path: `${SHOTS}/construction-notes.png` });

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: /Exportar XLS/ }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('anotacoes.xls');
    const bytes = readFileSync((await download.path())!);
    expect(bytes.subarray(0, 8).toString('hex')).toBe('d0cf11e0a1b11ae1');
    const [csv] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: /Exportar CSV/ }).click(),
    ]);
    expect(csv.suggestedFilename()).toBe('anotacoes.csv');
    expect(readFileSync((await csv.path())!, 'utf8')).toContain('Escavação da torre');
  });

  test('volume: a polygon over an inspection with a DSM measured against the lowest vertex gives cut, fill and net', async ({
    page,
    request,
  }) => {
    await uploadDsm(request, DATES[0]);
    await openConstruction(page, '/page/construction/notes');
    await pick(page, page.getByLabel('Vistoria'), `${display(DATES[0])} - Fase #2`);
    await page.getByRole('button', { name: 'Criar anotação' }).click();
    const dialog = openedDialog(page, { name: 'Nova anotação' });
    await dialog.getByText('Polígono', { exact: true }).click();
    const panel = dialog.getByTestId('volume-panel');
    await expect(panel).toContainText('Desenhe um polígono para medir o volume.');
    const drawMap = dialog.getByTestId('note-draw-map');
    await waitForMapReady(drawMap.getByTestId('map-canvas'));
    const box = (await drawMap.boundingBox())!;
    const at = (x: number, y: number) => page.mouse.click(box.x + box.width * x, box.y + box.height * y);
    for (const [x, y] of [
      [0.35, 0.3],
      [0.65, 0.3],
      [0.65, 0.7],
      [0.35, 0.7],
      [0.35, 0.3],
    ] as const)
      await at(x, y);
    await pick(page, panel.getByLabel('Base do volume'), 'Vértice mais baixo');
    await panel.getByRole('button', { name: 'Medir volume' }).click();
    const result = panel.getByTestId('volume-result');
    await expect(result).toContainText('Corte');
    await expect(result).toContainText('Aterro');
    await expect(result).toContainText('Líquido');
    await expect(result).toContainText('m³');
    await expect(dialog.getByLabel('Volume (m³)')).not.toHaveValue('0,00');
    await screenshotWhenAsked(page, { path: `${SHOTS}/construction-note-volume.png` });
  });

  test('construction map: the vector/satellite toggle and the ADMIN’s image offset, on a construction site', async ({
    page,
  }) => {
    await openSignedIn(page, ADMIN, { project: 'Edifício Aurora', path: '/page/area?tipo=satelite' });
    const map = mainMap(page);
    const types = page.getByTestId('map-type');
    const statusBar = page.getByTestId('map-status-bar');
    await expect(page.getByTestId('map-sidebar')).toBeVisible({ timeout: 20_000 });
    await expect(page.locator('.ant-segmented-item-selected')).toHaveText('Satélite');
    await waitForMapReady(map);
    await expect(statusBar).toContainText('Imagem:');

    // Mapa draws the customer's image over the drawn map too; S/ imagem none; back to the imagery.
    await settleAfter(map, () => types.getByText('Mapa').click());
    await expect(page).toHaveURL(/tipo=mapa/);
    await expect(statusBar).toContainText('Imagem:');
    await settleAfter(map, () => types.getByText('S/ imagem').click());
    await expect(page).toHaveURL(/tipo=sem-imagem/);
    await expect(statusBar).not.toContainText('Imagem:');
    await settleAfter(map, () => types.getByText('Satélite').click());
    await expect(page).toHaveURL(/tipo=satelite/);
    await expect(statusBar).toContainText('Imagem:');

    // The offset of the scene shown, saved on it: its tiles are asked again with a new version.
    const tileVersions = watchTileVersions(page);
    await page.getByTestId('map-sidebar').getByText('Editar offset').click();
    await offsetAndBack(page, tileVersions, '1.5', '-1');
  });
});

/** Gives the scene of `date` the demo site's first DSM (the pit being dug), as an ADMIN would. */
async function uploadDsm(request: APIRequestContext, date: string) {
  const admin = await apiAs(ADMIN);
  const projects = await admin.call(projectsApi.list);
  const project = projects.find((item) => item.space === SPACE)!;
  const scenes = await admin.call(scenesApi.listForProject, { params: { id: project.id } });
  const scene = scenes.find((item) => item.isoDate === date)!;
  const response = await request.post(`/api/v1/scene/${scene.id}/dsm`, {
    headers: admin.headers,
    multipart: { file: { name: 'dsm.tif', mimeType: 'image/tiff', buffer: await constructionDsm(0) } },
  });
  expect(response.status()).toBe(200);
}
