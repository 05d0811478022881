import { expect, test, type Page } from '@playwright/test';
import { generateEnterprise } from '@mirante/server/integration-simulators/portfolio-fixture';
import { startSiengeSimulator } from '@mirante/server/integration-simulators/sienge-simulator';
import { integrationApi, securityApi } from '@mirante/shared';
import { ADMIN, apiAs, pick, openSignedIn, openedDialog } from './support';
import { screenshotWhenAsked } from './shots';

const SHOTS = '../test-results/screens';
const ALLOTMENT = 'Vale Verde - Sarandi';
const TODAY = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());

let sim: Awaited<ReturnType<typeof startSiengeSimulator>>;

test.beforeAll(async () => {
  // The ERP the person types in: a local Sienge (Basic auth, paging, its error body), never the internet.
  sim = await startSiengeSimulator({
    tenant: 'loteadora',
    username: 'api-user',
    password: 'segredo-da-api',
    enterprises: [
      generateEnterprise({
        code: 7,
        name: 'Residencial Simulado',
        blocks: [['01', 6]],
        today: TODAY,
        seed: 11,
      }),
      generateEnterprise({
        code: 8,
        name: 'Residencial Simulado II',
        blocks: [['02', 4]],
        today: TODAY,
        seed: 5,
      }),
    ],
  });
});

test.afterAll(async () => {
  await sim.close();
});

async function openSienge(page: Page): Promise<void> {
  // The ADMIN on Vale Verde's allotment: the demo's integration (Horizonte's UAU) stays as it is.
  await openSignedIn(page, ADMIN, { project: ALLOTMENT, path: '/page/integration' });
  await page.getByRole('tab', { name: 'Sienge', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Integração com o Sienge' })).toBeVisible({
    timeout: 20_000,
  });
}

test('Sienge wizard: credentials checked against the ERP, wallets linked (empty rows ignored, repeats merged), notification, then the first sync is logged', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await openSienge(page);
  const credentials = page.getByRole('form', { name: 'Credenciais' });
  await credentials.getByLabel('URL da API').fill(sim.baseUrl);
  await credentials.getByLabel('Usuário').fill('api-user');
  await credentials.getByLabel('Senha').fill('senha-errada');
  await credentials.getByRole('button', { name: 'Prosseguir' }).click();
  await expect(
    page.getByText(
      'Não foi possível concluir a requisição. Por favor verifique os dados informados e tente novamente.',
    ),
  ).toBeVisible();
  await expect(credentials).toBeVisible();

  await credentials.getByLabel('Senha').fill('segredo-da-api');
  await credentials.getByRole('button', { name: 'Prosseguir' }).click();

  // Step 2: the customer's allotments, their wallets and the ERP's projects.
  const linking = page.getByRole('form', { name: 'Vínculos' });
  const row = linking.getByRole('row', { name: new RegExp(ALLOTMENT) });
  await expect(row).toBeVisible({ timeout: 30_000 });
  await expect(linking.getByRole('button', { name: 'Voltar' })).toBeVisible();
  await screenshotWhenAsked(page, { path: `${SHOTS}/integration-sienge-linking.png` });

  await row.getByRole('button', { name: 'Vincular carteiras' }).click();
  const modal = openedDialog(page, { name: `Vincular carteiras — ${ALLOTMENT}` });
  await expect(modal).toBeVisible();
  // Measured once the opening zoom animation has ended (mid-animation the box is scaled down).
  await expect
    .poll(
      async () =>
        (await modal.locator('.ant-modal-container, .ant-modal-content').first().boundingBox())?.width,
    )
    .toBe(800);
  // Start from one empty row whatever an earlier run left.
  while ((await modal.getByRole('button', { name: /Remover linha/ }).count()) > 0)
    await modal
      .getByRole('button', { name: /Remover linha/ })
      .first()
      .click();
  await modal.getByRole('button', { name: 'Adicionar carteira' }).click();

  await pick(page, modal.getByLabel('Projeto do ERP, linha 1'), '7 - Residencial Simulado');
  // This allotment has no stages: 'Vincular etapa' cannot be ticked.
  await expect(modal.getByRole('checkbox', { name: 'Vincular etapa' }).first()).toBeDisabled();
  await modal.getByRole('button', { name: 'Adicionar carteira' }).click();
  await pick(page, modal.getByLabel('Projeto do ERP, linha 2'), '8 - Residencial Simulado II');
  // A third row left without a project is ignored; the same wallet twice is one link.
  await modal.getByRole('button', { name: 'Adicionar carteira' }).click();
  await modal.getByRole('button', { name: 'Adicionar carteira' }).click();
  await pick(page, modal.getByLabel('Projeto do ERP, linha 4'), '8 - Residencial Simulado II');
  await screenshotWhenAsked(page, { path: `${SHOTS}/integration-sienge-wallet-modal.png` });
  await modal.getByRole('button', { name: 'Salvar' }).click();
  await expect(modal).toHaveCount(0);
  await expect(row.getByRole('listitem')).toHaveText(['Carteira: 7', 'Carteira: 8']);

  await row.getByRole('checkbox', { name: `Sincronizar ${ALLOTMENT}` }).check();
  await linking.getByRole('button', { name: 'Prosseguir' }).click();

  // Step 3: the notification completes the wizard.
  const notification = page.getByRole('form', { name: 'Notificação' });
  await notification.getByRole('button', { name: 'Concluir' }).click();
  await expect(
    notification.getByText('Informe um e-mail que deseja receber as notificações da integração.'),
  ).toBeVisible();
  await expect(notification.getByText('Informe uma periodicidade.')).toBeVisible();
  await notification.getByLabel('E-mail').fill('financeiro@horizonte.com.br');
  await pick(page, notification.getByLabel('Periodicidade'), 'Semanal');
  await screenshotWhenAsked(page, { path: `${SHOTS}/integration-sienge-notification.png` });
  const concluded = Date.now();
  await notification.getByRole('button', { name: 'Concluir' }).click();
  await expect(page.getByText('Configuração concluída com sucesso!')).toBeVisible();

  // Back at step 1, the saved user shown and the password never.
  await expect(credentials.getByLabel('Usuário')).toHaveValue('api-user');
  await expect(credentials.getByLabel('Senha')).toHaveValue('');
  await expect(credentials.getByLabel('Senha')).toHaveAttribute('placeholder', /Salvo/);

  // The first synchronisation ran at once (its end read through the API); the page says when it finished.
  const admin = await apiAs(ADMIN);
  const customer = (await admin.call(securityApi.listCustomers)).find((row) =>
    row.name.startsWith('Vale Verde'),
  )!;
  const siengeSynced = async () => {
    const { runs } = await admin.call(integrationApi.syncRuns, {
      query: { customer_id: customer.id, erp: 'sienge' },
    });
    return runs.some((run) => Date.parse(run.queued_at) >= concluded && run.finished_at !== null);
  };
  await expect.poll(siengeSynced, { timeout: 60_000 }).toBe(true);
  await expect(
    page.getByText(/A primeira sincronização com o Sienge terminou em \d{2}\/\d{2}\/\d{4}/),
  ).toBeVisible();
  await screenshotWhenAsked(page, { path: `${SHOTS}/integration-sienge-done.png` });

  await page.getByRole('tab', { name: 'Sincronizações' }).click();
  const log = page.getByRole('table', { name: 'Registro das sincronizações' });
  const run = log.getByRole('row', { name: /Sienge/ }).first();
  await expect(run).toContainText('Assistente');
  await expect(run).toContainText(/Concluída/);
  await screenshotWhenAsked(page, { path: `${SHOTS}/integration-runs.png` });
});
