import { expect, test, type Page } from '@playwright/test';
import { generateEnterprise } from '@mirante/server/integration-simulators/portfolio-fixture';
import { startMegaSimulator } from '@mirante/server/integration-simulators/mega-simulator';
import { ADMIN, openSignedIn, openedDialog } from './support';
import { screenshotWhenAsked } from './shots';

const SHOTS = '../test-results/screens';
const ALLOTMENT = 'Vale Verde - Sarandi';
const TODAY = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());

let sim: Awaited<ReturnType<typeof startMegaSimulator>>;

test.beforeAll(async () => {
  // A local Mega (SignIn/RefreshToken, globalestruturas, Carteira), never the internet.
  sim = await startMegaSimulator({
    username: 'integra',
    password: 'senha-mega',
    enterprises: [
      generateEnterprise({ code: 51, name: 'Loteamento Mega', blocks: [['01', 4]], today: TODAY, seed: 9 }),
    ],
  });
});

test.afterAll(async () => {
  await sim.close();
});

async function openMega(page: Page): Promise<void> {
  // The ADMIN on Vale Verde's allotment: the demo's integration (Horizonte's UAU) stays as it is.
  await openSignedIn(page, ADMIN, { project: ALLOTMENT, path: '/page/integration' });
  await page.getByRole('tab', { name: 'Mega', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Integração com o Mega' })).toBeVisible({ timeout: 20_000 });
}

async function saveCredentials(page: Page): Promise<void> {
  const credentials = page.getByRole('form', { name: 'Credenciais' });
  await credentials.getByLabel('URL do serviço de autenticação').fill(sim.origin);
  await credentials.getByLabel('URL do serviço de dados (API)').fill(sim.origin);
  await credentials.getByLabel('Usuário').fill('integra');
  await credentials.getByLabel('Senha').fill('senha-mega');
  await credentials.getByRole('button', { name: 'Prosseguir' }).click();
}

test('Mega wizard: the two services signed in, the Mega enterprises offered as wallets, Voltar back to the credentials', async ({
  page,
}) => {
  await openMega(page);
  await saveCredentials(page);
  const linking = page.getByRole('form', { name: 'Vínculos' });
  const row = linking.getByRole('row', { name: new RegExp(ALLOTMENT) });
  await expect(row).toBeVisible({ timeout: 30_000 });
  await row.getByRole('button', { name: 'Vincular carteiras' }).click();
  const modal = openedDialog(page, { name: `Vincular carteiras — ${ALLOTMENT}` });
  await modal.getByLabel('Projeto do ERP, linha 1').click();
  await expect(page.locator('.ant-select-dropdown:visible')).toContainText('Loteamento Mega');
  await page.keyboard.press('Escape');
  await modal.getByRole('button', { name: 'Cancelar' }).click();

  await linking.getByRole('button', { name: 'Voltar' }).click();
  const credentials = page.getByRole('form', { name: 'Credenciais' });
  await expect(credentials.getByLabel('URL do serviço de autenticação')).toHaveValue(sim.origin);
  await expect(credentials.getByLabel('Senha')).toHaveAttribute('placeholder', /Salvo/);
  await screenshotWhenAsked(page, { path: `${SHOTS}/integration-mega-credentials-saved.png` });
});

test("the linking step's spinner offers 'Tentar novamente' after 30 s and asks the ERP again", async ({
  page,
}) => {
  await page.clock.install();
  await openMega(page);
  // The ERP stops answering its enterprises list (signing in still works): the step keeps loading.
  sim.faults.hang = ['Empreendimentos'];
  await saveCredentials(page);
  const loading = page
    .getByRole('status')
    .filter({ hasText: 'Buscando os loteamentos e os projetos do Mega' });
  await expect(loading).toBeVisible();
  await expect(loading.getByRole('button', { name: 'Tentar novamente' })).toHaveCount(0);

  await page.clock.fastForward(30_000);
  await expect(loading.getByRole('button', { name: 'Tentar novamente' })).toBeVisible();
  await screenshotWhenAsked(page, { path: `${SHOTS}/integration-force-retry.png` });
  sim.faults.hang = [];
  await loading.getByRole('button', { name: 'Tentar novamente' }).click();
  await expect(
    page.getByRole('form', { name: 'Vínculos' }).getByRole('row', { name: new RegExp(ALLOTMENT) }),
  ).toBeVisible({ timeout: 30_000 });
});

test('a customer without allotments gets the empty-state warning, and its button asks again', async ({
  page,
}) => {
  await openMega(page);
  // The server's list of the customer's allotments answers empty (as for a customer without any) until the retry.
  let empty = true;
  await page.route('**/api/v1/customer/projects*', (route) =>
    empty ? route.fulfill({ json: [] }) : route.continue(),
  );
  await saveCredentials(page);
  const linking = page.getByRole('form', { name: 'Vínculos' });
  await expect(linking.getByText('Nenhum loteamento foi encontrado para o seu cliente.')).toBeVisible({
    timeout: 30_000,
  });
  await expect(linking.getByRole('button', { name: 'Prosseguir' })).toBeDisabled();
  await screenshotWhenAsked(page, { path: `${SHOTS}/integration-no-allotments.png` });
  empty = false;
  await linking.getByRole('button', { name: 'Buscar novamente' }).click();
  await expect(linking.getByRole('row', { name: new RegExp(ALLOTMENT) })).toBeVisible();
});
