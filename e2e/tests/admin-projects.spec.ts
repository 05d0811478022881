import { expect, test, type Page } from '@playwright/test';
import { ADMIN, noteMessages, pick, openSignedIn, openedDialog } from './support';
import { screenshotWhenAsked } from './shots';

const boundary = {
  type: 'FeatureCollection',
  features: [
    {
      type: 'Feature',
      properties: { nome: 'contorno' },
      geometry: {
        type: 'Polygon',
        coordinates: [
          [
            [-51.95, -23.42],
            [-51.947, -23.42],
            [-51.947, -23.417],
            [-51.95, -23.417],
            [-51.95, -23.42],
          ],
        ],
      },
    },
  ],
};

async function openProjectsTab(page: Page) {
  await page.goto('/page/admin');
  await expect(page.getByRole('heading', { name: 'Painel de administração' })).toBeVisible({
    timeout: 20_000,
  });
  await page.getByRole('tab', { name: 'Cadastrar projeto' }).click();
  return page.getByRole('form', { name: 'Cadastrar projeto' });
}

test('ADMIN registers a project with its boundary, edits it, archives it and brings it back', async ({
  page,
}) => {
  await openSignedIn(page, ADMIN, { path: '/page/admin' });
  const form = await openProjectsTab(page);

  // The required fields say what is missing, in Portuguese.
  await form.getByRole('button', { name: 'Cadastrar projeto' }).click();
  await expect(form.getByText('Informe o nome do projeto.')).toBeVisible();
  await expect(form.getByText('Selecione o cliente do projeto.')).toBeVisible();

  const name = `Residencial Ipê ${Date.now()}`;
  await form.getByLabel('Nome').fill(name);
  await pick(page, form.getByLabel('Cliente', { exact: true }), 'Vale Verde');
  await form.locator('input[type=file]').setInputFiles({
    name: 'contorno.geojson',
    mimeType: 'application/geo+json',
    buffer: Buffer.from(JSON.stringify(boundary)),
  });
  await expect(form.getByTestId('delimiter-summary')).toHaveText('Polígono com 5 vértices');
  await form.getByText('Possui etapas').click();
  await form.getByText('Dados do painel do projeto (opcionais)').click();
  await form.getByLabel('Cidade').fill('Sarandi');
  await form.getByLabel('Estado').fill('PR');
  await form.getByLabel('Lotes').fill('120');
  await screenshotWhenAsked(page, { path: '../test-results/screens/admin-projects-form.png' });
  await form.getByRole('button', { name: 'Cadastrar projeto' }).click();
  await expect(page.getByText(`Projeto cadastrado com sucesso: ${name}`)).toBeVisible();

  const list = page.getByRole('table', { name: 'Projetos cadastrados' });
  const row = list.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText('Vale Verde');
  await expect(row).toContainText('Loteamento');
  await expect(row).toContainText(/residencial-ipe-\d+/);
  await expect(row).toContainText(/\d+(,\d+)? ha/);
  await expect(row.getByText('Ativo', { exact: true })).toBeVisible();
  await row.scrollIntoViewIfNeeded();
  await screenshotWhenAsked(page, { path: '../test-results/screens/admin-projects-list.png' });

  // The same name for the same customer is refused with the server's reason.
  await form.getByLabel('Nome').fill(name.toUpperCase());
  await pick(page, form.getByLabel('Cliente', { exact: true }), 'Vale Verde');
  await form.getByRole('button', { name: 'Cadastrar projeto' }).click();
  await expect(
    page.getByText(
      'Não foi possível cadastrar o projeto: Já existe um projeto com este nome para este cliente.',
    ),
  ).toBeVisible();

  // Edit: a new name and team; the space stays.
  await row.getByRole('button', { name: `Editar ${name}` }).click();
  const dialog = openedDialog(page, { name: new RegExp(`Editar projeto \\d+ - ${name}`) });
  await expect(dialog.getByLabel('Cidade')).toHaveValue('Sarandi');
  await dialog.getByLabel('Nome').fill(`${name} - Etapa 1`);
  await dialog.getByLabel('Equipe').fill('Equipe Norte');
  await screenshotWhenAsked(page, { path: '../test-results/screens/admin-projects-edit.png' });
  // Messages last 1 s: noted as they appear, since a busy runner's expect can poll past one.
  const messages = await noteMessages(page);
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect.poll(messages).toContain('Projeto atualizado com sucesso');
  const renamed = list.getByRole('row', { name: new RegExp(`${name} - Etapa 1`) });
  await expect(renamed).toContainText(/residencial-ipe-\d+/);

  // Archive: gone from the list (and from the customer's users); shown again with 'Mostrar arquivados'.
  await renamed.getByRole('button', { name: `Arquivar ${name} - Etapa 1` }).click();
  await page.getByRole('tooltip').getByRole('button', { name: 'Arquivar' }).click();
  await expect.poll(messages).toContain('Projeto arquivado');
  await expect(renamed).toHaveCount(0);
  await page.getByText('Mostrar arquivados').click();
  await expect(renamed.getByText('Arquivado', { exact: true })).toBeVisible();
  await renamed.scrollIntoViewIfNeeded();
  await screenshotWhenAsked(page, { path: '../test-results/screens/admin-projects-archived.png' });
  await renamed.getByRole('button', { name: `Reativar ${name} - Etapa 1` }).click();
  await expect.poll(messages).toContain('Projeto reativado');
  await expect(renamed.getByText('Ativo', { exact: true })).toBeVisible();
});
