import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { INSPECTION_MESSAGES, NOTE_MESSAGES, inspectionsApi, notesApi, projectsApi } from '@mirante/shared';
import type { ContractClient } from './api';
import { ensureScenes, scenePng } from './map-scenes';
import { MANAGER, apiAs, pick, openSignedIn, openedDialog } from './support';
import { screenshotWhenAsked } from './shots';

/*
 * The removals and a note's update of the construction pages, through the real server: a removal confirmed then
 * gone, an update with a typed volume kept. Their failure messages (a refused removal, a list or the categories
 * failing to load, the project's images failing in "Cadastrar nova") are component tests
 * (apps/web/src/features/construction/pages/*.test.tsx).
 */

const SPACE = 'edificio-aurora';
/** Scene dates no other spec uses: this spec's kept inspection (with a note) and the one it removes. */
const KEPT_DATE = '2025-04-20';
const REMOVED_DATE = '2025-04-25';
const KEPT_LABEL = '20/04/2025 - Fase #1';
const NOTE = 'Cerca provisória';
interface Site {
  client: ContractClient;
  projectId: number;
}

async function site(): Promise<Site> {
  const client = await apiAs(MANAGER);
  const projects = await client.call(projectsApi.list);
  return { client, projectId: projects.find((item) => item.space === SPACE)!.id };
}

/** The inspection on `sceneId` (phase 1), made if missing. */
async function inspectionOn({ client, projectId }: Site, sceneId: number) {
  const listed = await client.call(inspectionsApi.list, { query: { project_id: projectId } });
  const found = listed.find((item) => item.scene_id === sceneId);
  if (found) return found.id;
  const created = await client.call(inspectionsApi.save, {
    body: { project_id: projectId, scene_id: sceneId, phase: 1 },
  });
  return created.id;
}

/** The kept inspection with its marker note, and the inspection to remove: as found or made through the API. */
async function ensureFixtures(request: APIRequestContext): Promise<void> {
  const [kept, removed] = await ensureScenes(request, SPACE, [
    { date: KEPT_DATE, png: scenePng(256, 256, 0.3) },
    { date: REMOVED_DATE, png: scenePng(256, 256, 0.5) },
  ]);
  const where = await site();
  const { client } = where;
  const inspectionId = await inspectionOn(where, kept!.id);
  await inspectionOn(where, removed!.id);
  const notes = await client.call(notesApi.list, {
    query: { project_id: where.projectId, inspection_id: inspectionId },
  });
  if (notes.some((note) => note.name === NOTE)) return;
  const projects = await client.call(projectsApi.list);
  const center = projects.find((item) => item.id === where.projectId)!.center;
  await client.call(notesApi.save, {
    body: {
      name: NOTE,
      date: KEPT_DATE,
      description: 'Tapume da divisa norte',
      categoryName: 'Canteiro',
      categoryColor: '#336699',
      noteType: 'marker',
      inspectionId,
      layerGeojson: { type: 'Point', coordinates: center },
    },
  });
}

async function openPage(page: Page, path: string) {
  await openSignedIn(page, MANAGER, { project: 'Edifício Aurora', path: path });
}

/** Clicks a row's remove button and confirms in the dialog that asks first. */
async function removeRow(page: Page, row: Locator, button: string) {
  await row.getByRole('button', { name: button }).click();
  await page.getByRole('button', { name: 'Remover', exact: true }).click();
}

test.describe.serial('construction: removals and a note update', () => {
  test.beforeAll(async ({ request }) => {
    test.setTimeout(120_000);
    await ensureFixtures(request);
  });

  test('inspections: a confirmed removal removes the inspection and says so', async ({ page }) => {
    expect(INSPECTION_MESSAGES.removed).toBe('Vistoria removida com sucesso!');
    await openPage(page, '/page/construction/inspections');
    const row = page.getByRole('table').locator('tbody tr.ant-table-row', { hasText: '25/04/2025' });
    await expect(row).toHaveCount(1);
    await removeRow(page, row, 'Remover vistoria');
    await expect(page.getByText(INSPECTION_MESSAGES.removed)).toBeVisible();
    await expect(row).toHaveCount(0);
    await screenshotWhenAsked(page, {
      path: `${process.env.E2E_SCREENSHOTS ?? '/tmp'}/construction-inspection-removed.png`,
    });
  });

  test('notes: an update with a typed volume is kept; a confirmed removal removes the note', async ({
    page,
  }) => {
    expect(NOTE_MESSAGES.updated).toBe('Anotação atualizada com sucesso!');
    expect(NOTE_MESSAGES.removed).toBe('Anotação removida com sucesso!');
    await openPage(page, '/page/construction/notes');
    await pick(page, page.getByLabel('Vistoria'), KEPT_LABEL);
    const row = page.getByRole('table').locator('tbody tr.ant-table-row', { hasText: NOTE });
    await expect(row).toHaveCount(1);

    // An edit keeps the note and says so.
    await row.getByRole('button', { name: 'Editar anotação' }).click();
    const edit = openedDialog(page, { name: 'Alterar anotação' });
    await expect(edit.getByLabel('Categoria')).toBeEnabled();
    await edit.getByLabel('Descrição').fill('Tapume da divisa norte, trocado');
    // This inspection's scene has no elevation model: the volume is typed, as the spec has it.
    await expect(edit.getByTestId('volume-panel')).toHaveCount(0);
    await edit.getByLabel('Volume (m³)').fill('12,5');
    await edit.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByText(NOTE_MESSAGES.updated)).toBeVisible();
    await expect(row).toContainText('trocado');
    await expect(row).toContainText('12,50 m³');

    await removeRow(page, row, 'Remover anotação');
    await expect(page.getByText(NOTE_MESSAGES.removed)).toBeVisible();
    await expect(row).toHaveCount(0);
  });
});
