import { expect, test, type APIRequestContext, type Locator, type Page, type Route } from '@playwright/test';
import { INSPECTION_MESSAGES, NOTE_MESSAGES } from '@mirante/shared';
import { ensureScenes, scenePng } from './map-scenes';
import { DEMO_PASSWORD, MANAGER, pick, openSignedIn, openedDialog } from './support';
import { screenshotWhenAsked } from './shots';

/*
 * The pt-BR failure messages of inspections and notes that the component tests (construction/pages/*.test.tsx)
 * do not reach: the removals (refused and accepted), a note's update, and the lists the modals and pages load
 * (project images, categories, notes). Each message is the shared constant, checked against the spec's words
 * here. An overlay's refused removal is a component test (apps/web/src/features/overlays/pages/OverlaysPage.test.tsx).
 */

const SPACE = 'edificio-aurora';
/** Scene dates no other spec uses: this spec's kept inspection (with a note) and the one it removes. */
const KEPT_DATE = '2025-04-20';
const REMOVED_DATE = '2025-04-25';
const KEPT_LABEL = '20/04/2025 - Fase #1';
const NOTE = 'Cerca provisória';
const REASON = 'Recusado pelo servidor (teste).';

const refuse = (status: number) => (route: Route) =>
  route.fulfill({ status, contentType: 'application/json', body: JSON.stringify({ message: REASON }) });

/** Refuses only POSTs to `pattern` (lists share paths with their saves). */
const refusePost = (page: Page, pattern: RegExp, status = 500) =>
  page.route(pattern, (route) =>
    route.request().method() === 'POST' ? refuse(status)(route) : route.fallback(),
  );

interface Site {
  headers: Record<string, string>;
  projectId: number;
}

async function site(request: APIRequestContext): Promise<Site> {
  const login = await request.post('/api/v1/user', { data: { email: MANAGER, password: DEMO_PASSWORD } });
  const headers = { Authorization: `Bearer ${((await login.json()) as { api_token: string }).api_token}` };
  const projects = (await (await request.get('/api/v1/project', { headers })).json()) as {
    id: number;
    space: string;
  }[];
  return { headers, projectId: projects.find((item) => item.space === SPACE)!.id };
}

/** The inspection on `sceneId` (phase 1), made if missing. */
async function inspectionOn(request: APIRequestContext, { headers, projectId }: Site, sceneId: number) {
  const listed = (await (
    await request.get(`/api/v1/inspections?project_id=${projectId}`, { headers })
  ).json()) as { id: number; scene_id: number }[];
  const found = listed.find((item) => item.scene_id === sceneId);
  if (found) return found.id;
  const created = await request.post('/api/v1/inspections', {
    headers,
    data: { project_id: projectId, scene_id: sceneId, phase: 1 },
  });
  expect(created.status(), await created.text()).toBe(200);
  return ((await created.json()) as { id: number }).id;
}

/** The kept inspection with its marker note, and the inspection to remove: as found or made through the API. */
async function ensureFixtures(request: APIRequestContext): Promise<void> {
  const [kept, removed] = await ensureScenes(request, SPACE, [
    { date: KEPT_DATE, png: scenePng(256, 256, 0.3) },
    { date: REMOVED_DATE, png: scenePng(256, 256, 0.5) },
  ]);
  const where = await site(request);
  const inspectionId = await inspectionOn(request, where, kept!.id);
  await inspectionOn(request, where, removed!.id);
  const notes = await request.get(
    `/api/v1/notes?project_id=${where.projectId}&inspection_id=${inspectionId}`,
    { headers: where.headers },
  );
  if (((await notes.json()) as { name: string }[]).some((note) => note.name === NOTE)) return;
  const projects = (await (await request.get('/api/v1/project', { headers: where.headers })).json()) as {
    id: number;
    center: [number, number];
  }[];
  const center = projects.find((item) => item.id === where.projectId)!.center;
  const note = await request.post('/api/v1/notes', {
    headers: where.headers,
    data: {
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
  expect(note.status(), await note.text()).toBe(200);
}

async function openPage(page: Page, path: string) {
  await openSignedIn(page, MANAGER, { project: 'Edifício Aurora', path: path });
}

/** Clicks a row's remove button and confirms, as spec 2.10 asks first. */
async function removeRow(page: Page, row: Locator, button: string) {
  await row.getByRole('button', { name: button }).click();
  await page.getByRole('button', { name: 'Remover', exact: true }).click();
}

test.describe.serial('construction: removals, updates and loads (spec 8)', () => {
  test.beforeAll(async ({ request }) => {
    test.setTimeout(120_000);
    await ensureFixtures(request);
  });

  test('inspections: removal refused then done; the project’s images failing to load in “Cadastrar nova”', async ({
    page,
  }) => {
    expect(INSPECTION_MESSAGES.removeFailed).toBe('Não foi possível remover a vistoria');
    expect(INSPECTION_MESSAGES.removed).toBe('Vistoria removida com sucesso!');
    expect(INSPECTION_MESSAGES.scenesLoadFailed).toBe('Não foi possível carregar as imagens do projeto.');
    await openPage(page, '/page/construction/inspections');
    const row = page.getByRole('table').locator('tbody tr.ant-table-row', { hasText: '25/04/2025' });
    await expect(row).toHaveCount(1);

    await refusePost(page, /\/api\/v1\/inspections\/destroy$/);
    await removeRow(page, row, 'Remover vistoria');
    await expect(page.getByText(INSPECTION_MESSAGES.removeFailed, { exact: true })).toBeVisible();
    await expect(row).toHaveCount(1);
    await page.unroute(/\/api\/v1\/inspections\/destroy$/);
    await removeRow(page, row, 'Remover vistoria');
    await expect(page.getByText(INSPECTION_MESSAGES.removed)).toBeVisible();
    await expect(row).toHaveCount(0);

    // The create modal's images come from the server; when they cannot, the modal says so.
    await page.route(/\/api\/v1\/project\/\d+\/scenes$/, refuse(500));
    await page.reload();
    await page.getByRole('button', { name: 'Criar vistoria' }).click();
    const dialog = openedDialog(page, { name: 'Cadastrar nova' });
    // A 500 is retried twice (1 s, then 2 s later) before the query reports the failure.
    await expect(dialog.getByText(INSPECTION_MESSAGES.scenesLoadFailed)).toBeVisible({ timeout: 20_000 });
    await screenshotWhenAsked(page, {
      path: `${process.env.E2E_SCREENSHOTS ?? '/tmp'}/construction-scenes-failed.png`,
    });
  });

  test('notes: the list and the categories failing to load; an update with a typed volume; a removal refused then done', async ({
    page,
  }) => {
    expect(NOTE_MESSAGES.loadFailed).toBe(
      'Não foi possível carregar as anotações. Tente novamente mais tarde.',
    );
    expect(NOTE_MESSAGES.categoriesLoadFailed).toBe('Não foi possível carregar as categorias:');
    expect(NOTE_MESSAGES.updated).toBe('Anotação atualizada com sucesso!');
    expect(NOTE_MESSAGES.removeFailed).toBe('Não foi possível remover as anotações');
    expect(NOTE_MESSAGES.removed).toBe('Anotação removida com sucesso!');
    let notesFail = true;
    await page.route(/\/api\/v1\/notes\?/, (route) => (notesFail ? refuse(500)(route) : route.fallback()));
    await page.route(/\/api\/v1\/notes\/categories\?/, refuse(500));
    await openPage(page, '/page/construction/notes');
    await pick(page, page.getByLabel('Vistoria'), KEPT_LABEL);
    await expect(page.getByText(NOTE_MESSAGES.loadFailed)).toBeVisible({ timeout: 20_000 });
    notesFail = false;
    await page.getByRole('button', { name: /Tentar novamente/ }).click();
    const row = page.getByRole('table').locator('tbody tr.ant-table-row', { hasText: NOTE });
    await expect(row).toHaveCount(1);

    await page.getByRole('button', { name: 'Criar anotação' }).click();
    const create = openedDialog(page, { name: 'Nova anotação' });
    await expect(create.getByText(`${NOTE_MESSAGES.categoriesLoadFailed} ${REASON}`)).toBeVisible({
      timeout: 20_000,
    });
    await create.getByRole('button', { name: 'Cancelar' }).click();
    await page.unroute(/\/api\/v1\/notes\/categories\?/);

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

    await refusePost(page, /\/api\/v1\/notes\/destroy$/);
    await removeRow(page, row, 'Remover anotação');
    await expect(page.getByText(NOTE_MESSAGES.removeFailed, { exact: true })).toBeVisible();
    await expect(row).toHaveCount(1);
    await page.unroute(/\/api\/v1\/notes\/destroy$/);
    await removeRow(page, row, 'Remover anotação');
    await expect(page.getByText(NOTE_MESSAGES.removed)).toBeVisible();
    await expect(row).toHaveCount(0);
  });
});
