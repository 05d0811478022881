import { expect, test } from '@playwright/test';
import { ADMIN, OTHER_CUSTOMER_USER, openSignedIn } from './support';
import { screenshotWhenAsked } from './shots';

const SHOTS = '../test-results/screens';

test('a project without imagery or layers says what is missing and who adds it', async ({ page }) => {
  await openSignedIn(page, OTHER_CUSTOMER_USER);
  const status = page.getByTestId('empty-project');
  await expect(status).toBeVisible({ timeout: 20_000 });
  await expect(status.getByText('Este projeto não possui nenhuma imagem', { exact: true })).toBeVisible();
  await expect(status).toContainText(
    'Ainda não há imagens nem camadas (lotes, quadras, limite) cadastradas para Vale Verde - Sarandi.',
  );
  await expect(status).toContainText('A equipe de administração do Mirante cadastra as imagens e as camadas');
  await expect(status.getByRole('button', { name: 'Cadastrar imagem' })).toHaveCount(0);
  await screenshotWhenAsked(page, { path: `${SHOTS}/empty-project-user.png` });
});

test('the ADMIN is offered to register the first image of an empty project', async ({ page }) => {
  await openSignedIn(page, ADMIN, { project: 'Vale Verde - Sarandi' });
  const status = page.getByTestId('empty-project');
  await expect(status).toBeVisible({ timeout: 20_000 });
  await screenshotWhenAsked(page, { path: `${SHOTS}/empty-project-admin.png` });
  await status.getByRole('button', { name: 'Cadastrar imagem' }).click();
  await expect(page).toHaveURL(/\/page\/admin/);
  await expect(page.getByRole('form', { name: 'Cadastrar imagem' })).toBeVisible({ timeout: 20_000 });
});

test('the ADMIN finds "Cadastrar projeto" on an empty project and second among the admin tabs', async ({
  page,
}) => {
  await openSignedIn(page, ADMIN, { project: 'Vale Verde - Sarandi' });
  const status = page.getByTestId('empty-project');
  await expect(status).toBeVisible({ timeout: 20_000 });
  await status.getByRole('button', { name: 'Cadastrar projeto' }).click();
  await expect(page.getByRole('form', { name: 'Cadastrar projeto' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('tab').nth(1)).toHaveText('Cadastrar projeto');
  await expect(page.getByRole('tab', { name: 'Cadastrar projeto' })).toHaveAttribute('aria-selected', 'true');
});
