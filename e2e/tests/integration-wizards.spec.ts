import { expect, test, type Page } from '@playwright/test';
import { ADMIN, MANAGER, OTHER_CUSTOMER_USER, USER, openSignedIn } from './support';
import { screenshotWhenAsked } from './shots';

const SHOTS = '../test-results/screens';

async function openIntegration(page: Page, email = MANAGER): Promise<void> {
  await openSignedIn(page, email, { path: '/page/integration' });
}

/**
 * The ADMIN on Vale Verde's allotment: that customer's UAU integration, which no test configures, so its
 * credentials are empty whatever ran before (Horizonte's UAU is the demo's; Vale Verde's Mega and Sienge are the
 * other integration specs').
 */
async function openValeVerdeIntegration(page: Page): Promise<void> {
  await openSignedIn(page, ADMIN, { project: 'Vale Verde - Sarandi', path: '/page/integration' });
}

async function openErpTab(page: Page, name: 'Mega' | 'UAU' | 'Sienge'): Promise<void> {
  await page.getByRole('tab', { name, exact: true }).click();
  await expect(page.getByRole('heading', { name: `Integração com o ${name}` })).toBeVisible({
    timeout: 20_000,
  });
}

test('the integration page has the runs tab then Mega, UAU and Sienge, and the Integração title suffix', async ({
  page,
}) => {
  await openIntegration(page);
  await expect(page.getByRole('heading', { name: 'Integração com ERPs' })).toBeVisible({ timeout: 20_000 });
  await expect(page).toHaveTitle('Integração com ERPs | Integração');
  const tabs = page.getByRole('tab');
  await expect(tabs).toHaveText(['Sincronizações', 'Mega', 'UAU', 'Sienge']);
  // The Mega wizard opens first, on its credentials step.
  const wizard = page.getByRole('region', { name: 'Integração Mega' });
  await expect(wizard.getByText('Credenciais')).toBeVisible();
  await expect(wizard.getByText('Vínculos')).toBeVisible();
  await expect(wizard.getByText('Notificação')).toBeVisible();
  await expect(wizard.getByRole('button', { name: 'Voltar' })).toHaveCount(0);
});

test('the Mega credentials step asks for both service URLs, the user and the password', async ({ page }) => {
  // Horizonte's Mega integration: never configured by any test.
  await openIntegration(page);
  await openErpTab(page, 'Mega');
  const form = page.getByRole('form', { name: 'Credenciais' });
  await form.getByRole('button', { name: 'Prosseguir' }).click();
  for (const text of [
    'Informe a URL para acesso ao serviço de autenticação.',
    'Informe a URL para acesso ao serviço de dados (API).',
    'Informe o nome de usuário.',
    'Informe a senha.',
  ])
    await expect(form.getByText(text, { exact: true })).toBeVisible();
  await screenshotWhenAsked(page, { path: `${SHOTS}/integration-mega-credentials-empty.png` });

  await form.getByLabel('URL do serviço de autenticação').fill('auth.empresa');
  await form.getByLabel('Usuário').fill('integracao');
  await form.getByRole('button', { name: 'Prosseguir' }).click();
  await expect(
    form.getByText('Informe uma URL válida, começando com http:// ou https://.', { exact: true }),
  ).toBeVisible();
  await expect(form.getByText('Informe o nome de usuário.', { exact: true })).toHaveCount(0);
});

test('the UAU credentials step asks for the API URL, user, password and integration token', async ({
  page,
}) => {
  await openValeVerdeIntegration(page);
  await openErpTab(page, 'UAU');
  const wizard = page.getByRole('region', { name: 'Integração UAU' });
  for (const step of ['Credenciais', 'Loteamentos', 'Campos da unidade', 'Status de venda', 'Notificação'])
    await expect(wizard.getByText(step, { exact: true })).toBeVisible();
  const form = page.getByRole('form', { name: 'Credenciais' });
  await form.getByRole('button', { name: 'Prosseguir' }).click();
  for (const text of [
    'Informe a URL para acesso a API.',
    'Informe o nome de usuário.',
    'Informe a senha.',
    'Informe o token de integração (X-INTEGRATION-Authorization).',
  ])
    await expect(form.getByText(text, { exact: true })).toBeVisible();
  await screenshotWhenAsked(page, { path: `${SHOTS}/integration-uau-credentials-empty.png` });
});

test('the Sienge credentials step lists the endpoints it needs and links the step-by-step PDF', async ({
  page,
  request,
}) => {
  // Horizonte's Sienge integration: never configured by any test.
  await openIntegration(page);
  await openErpTab(page, 'Sienge');
  const form = page.getByRole('form', { name: 'Credenciais' });
  for (const endpoint of [
    'GET /v1/enterprises',
    'GET /v1/units',
    'GET /v1/sales-contracts',
    'GET /bulk-data/v1/income',
  ])
    await expect(form.getByText(endpoint, { exact: true })).toBeVisible();
  const guide = form.getByRole('link', { name: 'Passo a passo da integração (PDF)' });
  const href = await guide.getAttribute('href');
  const pdf = await request.get(href ?? '');
  expect(pdf.headers()['content-type']).toContain('application/pdf');
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');

  await form.getByRole('button', { name: 'Prosseguir' }).click();
  for (const text of ['Informe a URL para acesso a API.', 'Informe o nome de usuário.', 'Informe a senha.'])
    await expect(form.getByText(text, { exact: true })).toBeVisible();
  await screenshotWhenAsked(page, { path: `${SHOTS}/integration-sienge-credentials-empty.png` });
});

test('a user whose group lacks allotment.integration sees the module-not-available page', async ({
  page,
}) => {
  await openIntegration(page, OTHER_CUSTOMER_USER);
  await expect(page.getByTestId('module-not-available')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('heading', { name: 'Integração com ERPs' })).toHaveCount(0);
});

test('on a construction project the integration page is refused to a USER and open to the ADMIN', async ({
  page,
}) => {
  await openSignedIn(page, USER, { project: 'Edifício Aurora', path: '/page/integration' });
  await expect(page.getByTestId('not-allowed')).toBeVisible({ timeout: 20_000 });

  await page.context().clearCookies();
  await page.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
  await openSignedIn(page, ADMIN, { project: 'Edifício Aurora', path: '/page/integration' });
  await expect(page.getByRole('heading', { name: 'Integração com ERPs' })).toBeVisible({ timeout: 20_000 });
});
