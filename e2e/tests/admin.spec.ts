import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { projectsApi, scenesApi, securityApi } from '@mirante/shared';
import { api } from './api';
import {
  ADMIN,
  MANAGER,
  apiAs,
  newestEmailTo,
  pick,
  openSignedIn,
  storedApiToken,
  waitForEmailTo,
} from './support';
import { screenshotWhenAsked } from './shots';

test('ADMIN registers a TRIAL user without e-mail and a CLIENT with it; both saved as entered', async ({
  page,
}) => {
  await openSignedIn(page, ADMIN, { path: '/page/admin' });
  // The first visit loads the admin chunk; allow for a busy machine.
  await expect(page.getByRole('heading', { name: 'Painel de administração' })).toBeVisible({
    timeout: 20_000,
  });
  for (const tab of [
    'Cadastrar usuário',
    'Cadastrar imagem',
    'Cadastrar análise',
    'Remover imagens',
    'Remover análises',
    'Análise I.A',
    'Processamento I.A',
  ])
    await expect(page.getByRole('tab', { name: tab })).toBeVisible();

  const form = page.getByRole('form', { name: 'Cadastrar usuário' });
  await form.getByRole('button', { name: 'Cadastrar' }).click();
  await expect(form.getByText('Selecione um tipo de usuário')).toBeVisible();
  await expect(form.getByText('Selecione um cliente', { exact: true })).toBeVisible();
  await screenshotWhenAsked(page, { path: '../test-results/screens/admin-register.png' });

  const trial = `trial.${Date.now()}@valeverde.com.br`;
  await form.getByLabel('Nome').fill('Teresa Trial');
  await form.getByLabel('Email').fill(trial);
  await pick(page, form.getByLabel('Cliente'), 'Vale Verde Empreendimentos');
  await pick(page, form.getByLabel('Projetos'), 'Vale Verde - Sarandi');
  await page.keyboard.press('Escape');
  await pick(page, form.getByLabel('Tipo de usuário'), 'Teste (trial)');
  await form.getByLabel('Enviar e-mail de definição de senha').uncheck();
  const trialSince = Date.now();
  await form.getByRole('button', { name: 'Cadastrar' }).click();
  await expect(page.getByText('Usuário cadastrado com sucesso')).toBeVisible();

  const client = `cliente.${Date.now()}@horizonte.com.br`;
  await form.getByLabel('Nome').fill('Clara Cliente');
  await form.getByLabel('Email').fill(client);
  await pick(page, form.getByLabel('Cliente'), 'Horizonte Urbanismo');
  await pick(page, form.getByLabel('Projetos'), 'Edifício Aurora');
  await page.keyboard.press('Escape');
  await pick(page, form.getByLabel('Tipo de usuário'), 'Cliente');
  // The first save's brief message gone, so that the one below is the second save's.
  await expect(page.getByText('Usuário cadastrado com sucesso')).toHaveCount(0);
  const since = Date.now();
  await form.getByRole('button', { name: 'Cadastrar' }).click();
  await expect(page.getByText('Usuário cadastrado com sucesso')).toBeVisible();
  expect(await waitForEmailTo(client, since)).toMatch(/\/auth\/pass\?t=/);
  // The CLIENT's e-mail, sent after the TRIAL user was saved, is in the outbox: the TRIAL user's would be too.
  expect(newestEmailTo(trial, trialSince), 'an e-mail to the TRIAL user').toBeNull();

  // Read back as saved (a fresh request, not the form): names, customers, projects, user types.
  const users = await api(page.request, await storedApiToken(page)).call(securityApi.listUsers);
  const saved = (email: string) => {
    const user = users.find((candidate) => candidate.email === email);
    return user && { ...user, projects: user.projects.map((project) => project.name) };
  };
  expect(saved(trial)).toMatchObject({
    name: 'Teresa Trial',
    customer: 'Vale Verde Empreendimentos',
    projects: ['Vale Verde - Sarandi'],
    userType: 'TRIAL',
  });
  expect(saved(client)).toMatchObject({
    name: 'Clara Cliente',
    customer: 'Horizonte Urbanismo',
    projects: [expect.stringContaining('Edifício Aurora')],
    userType: 'CLIENT',
  });

  await page.getByRole('tab', { name: 'Cadastrar imagem' }).click();
  await expect(page.getByRole('form', { name: 'Cadastrar imagem' })).toBeVisible();
  await expect(page.getByText('Página em construção')).toHaveCount(0);
});

test('the admin panel is ADMIN only', async ({ page }) => {
  await openSignedIn(page, MANAGER, { path: '/page/admin' });
  await expect(page.getByText('Acesso negado')).toBeVisible();
});

const SHOTS = '../test-results/screens';
const IMAGERY = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../testdata/imagery');
/** A small real GeoTIFF (383×232, RGB) placed over the APP project (a scene must overlap its project). */
const GEOTIFF = path.join(IMAGERY, 'colorado_pixels_sirgas_utm22s_maringa.tif');
// Not the allotment: the map tests count that project's scenes.
const PROJECT = 'APP Ribeirão Pinguim';

const pad = (value: number) => String(value).padStart(2, '0');
/** DD/MM/YYYY of the 14th of the previous month (the 'Análise I.A' default month). */
function previousMonthDay(): string {
  const now = new Date();
  const day = new Date(now.getFullYear(), now.getMonth() - 1, 14);
  return `${pad(day.getDate())}/${pad(day.getMonth() + 1)}/${day.getFullYear()}`;
}
const SCENE_DATE = previousMonthDay();

async function openTab(page: Page, tab: string): Promise<void> {
  await openSignedIn(page, ADMIN, { path: '/page/admin' });
  await page.getByRole('tab', { name: tab }).click({ timeout: 20_000 });
}

async function choose(page: Page, label: string, option: string | RegExp, scope = page.locator('body')) {
  await pick(page, scope.getByLabel(label, { exact: true }), option);
}

function rowOf(page: Page, table: string, text: string | RegExp) {
  return page.getByRole('table', { name: table }).getByRole('row', { name: text });
}

test.describe('image and analysis tabs', () => {
  test.describe.configure({ mode: 'serial' });

  test('Cadastrar imagem: validation, a refused file, then a GeoTIFF uploaded and processed', async ({
    page,
  }) => {
    await openTab(page, 'Cadastrar imagem');
    const form = page.getByRole('form', { name: 'Cadastrar imagem' });
    await form.getByRole('button', { name: 'Cadastrar' }).click();
    await expect(form.getByText('Data da imagem obrigatória')).toBeVisible();
    // The project chosen in the header is already picked, and the image will be published unless unticked.
    await expect(form.getByText('Projeto da imagem obrigatório')).toHaveCount(0);
    await expect(form.getByLabel('Publicar imagem')).toBeChecked();
    // The tests of this group work on an unpublished scene (a published environment scene gets analysed).
    await form.getByLabel('Publicar imagem').uncheck();
    await screenshotWhenAsked(page, { path: `${SHOTS}/admin-scene-form.png` });

    await form.getByLabel('Data da imagem').fill(SCENE_DATE);
    await form.getByLabel('Data da imagem').press('Enter');
    await choose(page, 'Projeto', PROJECT, form);
    const fileInput = form.locator('input[type=file]').first();
    await fileInput.setInputFiles({
      name: 'falsa.tif',
      mimeType: 'image/tiff',
      buffer: Buffer.from('não é TIFF'),
    });
    await form.getByRole('button', { name: 'Cadastrar' }).click();
    await expect(page.getByText(/^Erro ao cadastrar imagem: .+/)).toBeVisible();

    // The refused file left the list by itself: the next one is not sent with it as a mosaic.
    await expect(page.getByText(/O arquivo recusado foi retirado da lista/)).toBeVisible();
    await expect(form.locator('.ant-upload-list-item')).toHaveCount(0);
    await fileInput.setInputFiles(GEOTIFF);
    await form.getByLabel('Nuvens (%)').fill('5');
    await form.getByRole('button', { name: 'Cadastrar' }).click();
    await expect(page.getByText('Imagem cadastrada com sucesso')).toBeVisible();
    await expect(page.getByRole('progressbar', { name: 'Envio do arquivo' })).toHaveAttribute(
      'aria-valuenow',
      '100',
    );
    // The ingest's end read through the API, then on the page once.
    const admin = await apiAs(ADMIN);
    const projectId = (await admin.call(projectsApi.list)).find((row) => row.name.startsWith(PROJECT))!.id;
    const ingest = async () =>
      (await admin.call(scenesApi.listForProject, { params: { id: projectId } })).find(
        (scene) => scene.dateFormatted === SCENE_DATE,
      )?.status;
    await expect.poll(ingest, { timeout: 45_000 }).toMatch(/^(ready|failed)$/);
    await expect(page.getByTestId('scene-ingest-status')).toHaveText('Imagem processada e pronta.');
    await screenshotWhenAsked(page, { path: `${SHOTS}/admin-scene-uploaded.png` });
  });

  test('Remover imagens lists the scene as ready; a failed removal shows the server reason', async ({
    page,
  }) => {
    await openTab(page, 'Remover imagens');
    const row = rowOf(page, 'Imagens cadastradas', new RegExp(SCENE_DATE));
    await expect(row).toContainText('Pronta');
    await screenshotWhenAsked(page, { path: `${SHOTS}/admin-remove-scenes.png` });
    const remove = page.getByRole('button', { name: /Remover selecionadas/ });
    await expect(remove).toBeDisabled();

    await page.route('**/api/v1/scenes/delete', (route) =>
      route.fulfill({ status: 500, json: { statusCode: 500, code: 'X', message: 'Disco indisponível' } }),
    );
    await row.getByRole('checkbox').check();
    await remove.click();
    await expect(page.getByText('Tem certeza que deseja remover essas imagens?')).toBeVisible();
    await page.getByRole('button', { name: 'Remover', exact: true }).click();
    await expect(page.getByText('Falha ao remover imagens: Disco indisponível')).toBeVisible();
    await expect(row).toBeVisible();
  });

  test('Análise I.A: opens on the month of the newest image without analysis, disabled with no selection, creates the analysis', async ({
    page,
  }) => {
    await openTab(page, 'Análise I.A');
    const row = rowOf(page, 'Imagens sem análise', new RegExp(SCENE_DATE));
    await expect(row).toContainText(PROJECT);
    const create = page.getByRole('button', { name: /Criar análises/ });
    await expect(create).toBeDisabled();
    await screenshotWhenAsked(page, { path: `${SHOTS}/admin-ai-analysis.png` });

    await page.getByLabel('Mês').click();
    await page.getByLabel('Mês').fill('01/2020');
    await page.getByLabel('Mês').press('Enter');
    await expect(page.getByText('Nenhuma imagem sem análise neste mês.')).toBeVisible();
    await page.reload();
    await page.getByRole('tab', { name: 'Análise I.A' }).click();
    await row.getByRole('checkbox').check();
    await expect(create).toBeEnabled();
    await create.click();
    await expect(page.getByText('1 análise criada.')).toBeVisible();
    await expect(row).toHaveCount(0);
  });

  test('Processamento I.A: filters, approve and send to the AI queue', async ({ page }) => {
    await openTab(page, 'Processamento I.A');
    const table = 'Análises para processamento';
    const row = rowOf(page, table, new RegExp(SCENE_DATE));
    await expect(row).toContainText('Pendente');
    await expect(row).toContainText('Não');
    const send = page.getByRole('button', { name: 'Enviar para processamento' });
    const approve = page.getByRole('button', { name: 'Aprovar' });
    await expect(send).toBeDisabled();
    await expect(approve).toBeDisabled();
    await screenshotWhenAsked(page, { path: `${SHOTS}/admin-ai-processing.png` });

    await row.getByRole('checkbox').check();
    await approve.click();
    await expect(page.getByText('1 análise aprovada.')).toBeVisible();
    await expect(row).toContainText('Aprovado');
    await choose(page, 'Aprovação', 'Pendente');
    await expect(row).toHaveCount(0);
    await choose(page, 'Aprovação', 'Aprovado');
    await expect(row).toBeVisible();

    await row.getByRole('checkbox').check();
    await send.click();
    await expect(page.getByText('1 análise enviada para a fila de processamento.')).toBeVisible();
    await expect(row.getByRole('cell', { name: 'Sim', exact: true })).toBeVisible();
    await choose(page, 'Enviada à I.A', 'Não');
    await expect(row).toHaveCount(0);

    await page.route('**/api/v1/scenes/with-analysis*', (route) =>
      route.fulfill({ status: 400, json: { statusCode: 400, code: 'X', message: 'Filtro recusado' } }),
    );
    await choose(page, 'Enviada à I.A', 'Sim');
    await expect(page.getByText('Não foi possível carregar os dados: Filtro recusado')).toBeVisible();
  });

  test("Processamento I.A: the project's whole name fits on one line at 1366×768", async ({ page }) => {
    await openTab(page, 'Processamento I.A');
    const row = rowOf(page, 'Análises para processamento', new RegExp(SCENE_DATE));
    // The project's cell (the selection cell's label names the project too).
    const name = row.getByRole('cell', { name: new RegExp(`^${PROJECT}`) });
    await expect(name).toBeVisible();
    // one line box for the whole text ('APP Ribeirão Pinguim - Recuperação' took three in a 130 px column)
    const lines = await name.evaluate((cell) => {
      const range = document.createRange();
      range.selectNodeContents(cell);
      return new Set(Array.from(range.getClientRects(), (rect) => Math.round(rect.top))).size;
    });
    expect(lines).toBe(1);
  });

  test('Remover análises, then Cadastrar análise offers the scene again', async ({ page }) => {
    await openTab(page, 'Remover análises');
    const row = rowOf(page, 'Análises cadastradas', new RegExp(SCENE_DATE));
    await expect(row).toContainText(PROJECT);
    await screenshotWhenAsked(page, { path: `${SHOTS}/admin-remove-analyses.png` });
    await row.getByRole('checkbox').check();
    await page.getByRole('button', { name: /Remover selecionadas/ }).click();
    await expect(page.getByText('Tem certeza que deseja remover essas análises?')).toBeVisible();
    await page.getByRole('button', { name: 'Remover', exact: true }).click();
    await expect(page.getByText('Análises removidas com sucesso')).toBeVisible();
    await expect(page.getByText('Nenhuma análise cadastrada.')).toBeVisible();

    await page.getByRole('tab', { name: 'Cadastrar análise' }).click();
    const form = page.getByRole('form', { name: 'Cadastrar análise' });
    await form.getByRole('button', { name: 'Cadastrar' }).click();
    await expect(form.getByText('Projeto obrigatório')).toBeVisible();
    await expect(form.getByText('Imagem obrigatória')).toBeVisible();
    await choose(page, 'Projeto', PROJECT, form);
    await choose(page, 'Imagem', SCENE_DATE, form);
    await form.getByLabel('Publicar análise').check();
    await screenshotWhenAsked(page, { path: `${SHOTS}/admin-analysis-form.png` });
    await form.getByRole('button', { name: 'Cadastrar' }).click();
    await expect(page.getByText('Análise cadastrada com sucesso')).toBeVisible();
    await form.getByLabel('Projeto', { exact: true }).click();
    await expect(page.locator('.ant-select-dropdown:visible')).not.toContainText(PROJECT);
  });

  test('Remover imagens removes the scene and its analysis', async ({ page }) => {
    await openTab(page, 'Remover análises');
    await expect(rowOf(page, 'Análises cadastradas', new RegExp(SCENE_DATE))).toBeVisible();

    await page.getByRole('tab', { name: 'Remover imagens' }).click();
    const row = rowOf(page, 'Imagens cadastradas', new RegExp(SCENE_DATE));
    await row.getByRole('checkbox').check();
    await page.getByRole('button', { name: /Remover selecionadas/ }).click();
    await page.getByRole('button', { name: 'Remover', exact: true }).click();
    await expect(page.getByText('Imagens removidas com sucesso')).toBeVisible();
    await expect(page.getByText('Nenhuma imagem cadastrada.')).toBeVisible();
    await page.getByRole('tab', { name: 'Remover análises' }).click();
    await expect(page.getByText('Nenhuma análise cadastrada.')).toBeVisible();
  });
});
