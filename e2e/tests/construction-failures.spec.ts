import { expect, test, type APIRequestContext, type Page, type Route } from '@playwright/test';
import { waitForMapReady } from './map-ready';
import { ensureScenes, scenePng } from './map-scenes';
import { DEMO_PASSWORD, MANAGER, pick, openSignedIn, openedDialog } from './support';

const SPACE = 'edificio-aurora';
/** A scene date no other spec uses: its inspection and note are this spec's own. */
const DATE = '2025-07-15';
const LABEL = '15/07/2025 - Fase #1';
const REFUSAL = 'O servidor recusou o pedido (teste).';

/** The server refusing one call as it would: a JSON body with a pt-BR message. */
const refuse = (status: number) => (route: Route) =>
  route.fulfill({ status, contentType: 'application/json', body: JSON.stringify({ message: REFUSAL }) });

/** This spec's inspection (phase 1 on DATE's scene) with one marker note, made through the API. */
async function ensureInspectionWithNote(request: APIRequestContext): Promise<void> {
  const [scene] = await ensureScenes(request, SPACE, [{ date: DATE, png: scenePng(256, 256, 0.1) }]);
  const login = await request.post('/api/v1/user', { data: { email: MANAGER, password: DEMO_PASSWORD } });
  const headers = { Authorization: `Bearer ${((await login.json()) as { api_token: string }).api_token}` };
  const projects = (await (await request.get('/api/v1/project', { headers })).json()) as {
    id: number;
    space: string;
    center: [number, number];
  }[];
  const project = projects.find((item) => item.space === SPACE)!;
  const listed = (await (
    await request.get(`/api/v1/inspections?project_id=${project.id}`, { headers })
  ).json()) as { id: number; scene_id: number }[];
  let inspection = listed.find((item) => item.scene_id === scene!.id);
  if (!inspection) {
    const created = await request.post('/api/v1/inspections', {
      headers,
      data: { project_id: project.id, scene_id: scene!.id, phase: 1 },
    });
    expect(created.status(), await created.text()).toBe(200);
    inspection = (await created.json()) as { id: number; scene_id: number };
  }
  const notes = await request.get(`/api/v1/notes?project_id=${project.id}&inspection_id=${inspection.id}`, {
    headers,
  });
  if (((await notes.json()) as unknown[]).length > 0) return;
  const note = await request.post('/api/v1/notes', {
    headers,
    data: {
      name: 'Poste a remover',
      date: DATE,
      description: 'Marcador para os testes de falha',
      categoryName: 'Interferências',
      categoryColor: '#aa3300',
      noteType: 'marker',
      inspectionId: inspection.id,
      layerGeojson: { type: 'Point', coordinates: project.center },
    },
  });
  expect(note.status(), await note.text()).toBe(200);
}

async function openPage(page: Page, path: string) {
  await openSignedIn(page, MANAGER, { project: 'Edifício Aurora', path: path });
}

test.describe.serial('construction: what the user is told when the server fails (spec 8)', () => {
  test.beforeAll(async ({ request }) => {
    await ensureInspectionWithNote(request);
  });

  test('notes: a refused save shows “Não foi possível criar a anotação:” with the reason', async ({
    page,
  }) => {
    await openPage(page, '/page/construction/notes');
    await pick(page, page.getByLabel('Vistoria'), LABEL);
    await expect(page.getByRole('table')).toContainText('Poste a remover');
    await page.route(/\/api\/v1\/notes$/, (route) =>
      route.request().method() === 'POST' ? refuse(422)(route) : route.fallback(),
    );
    await page.getByRole('button', { name: 'Criar anotação' }).click();
    const dialog = openedDialog(page, { name: 'Nova anotação' });
    await dialog.getByLabel('Nome', { exact: true }).fill('Caçamba de entulho');
    await dialog.getByLabel('Descrição').fill('Caçamba na calçada');
    await pick(page, dialog.getByLabel('Categoria'), 'Interferências');
    await dialog.getByText('Marcador', { exact: true }).click();
    const drawMap = dialog.getByTestId('note-draw-map');
    await waitForMapReady(drawMap.getByTestId('map-canvas'));
    const box = (await drawMap.boundingBox())!;
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByText(`Não foi possível criar a anotação: ${REFUSAL}`)).toBeVisible();
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await expect(page.getByRole('table').locator('tbody tr.ant-table-row')).toHaveCount(1);
  });
});
