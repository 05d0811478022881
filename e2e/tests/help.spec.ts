import { expect, test } from '@playwright/test';
import { MANAGER, openSignedIn, openedDialog } from './support';
import { screenshotWhenAsked } from './shots';

test('the help modal validates and sends the support request', async ({ page }) => {
  await openSignedIn(page, MANAGER);
  await page.getByRole('button', { name: 'Ajuda' }).click();
  const dialog = openedDialog(page);
  await expect(dialog.getByLabel('Email para resposta')).toHaveValue(MANAGER);

  await dialog.getByLabel('Email para resposta').fill('');
  await dialog.getByRole('button', { name: 'Enviar' }).click();
  await expect(dialog.getByText('Informe o assunto')).toBeVisible();
  await expect(dialog.getByText('Informe o email')).toBeVisible();
  await expect(dialog.getByText('Informe o conteúdo da mensagem')).toBeVisible();

  await dialog.getByLabel('Assunto').fill('x'.repeat(89));
  await dialog.getByLabel('Email para resposta').fill('gerente@');
  await dialog.getByRole('button', { name: 'Enviar' }).click();
  await expect(dialog.getByText('O limite máximo é 88 caracteres')).toBeVisible();
  await expect(dialog.getByText('Email inválido')).toBeVisible();

  await dialog.getByLabel('Assunto').fill('Dúvida sobre as detecções');
  await dialog.getByLabel('Email para resposta').fill(MANAGER);
  await dialog.getByLabel('Mensagem').fill('Como exporto a lista de detecções para o Excel?');
  await dialog.getByRole('button', { name: 'Enviar' }).click();
  await expect(dialog.getByRole('button', { name: 'Email enviado' })).toBeDisabled();
});

test('the help modal shows how to add Mirante to QGIS, with the selected project’s addresses to copy', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await openSignedIn(page, MANAGER, { project: 'Jardim das Palmeiras' });
  await page.getByRole('button', { name: 'Ajuda' }).click();
  const dialog = openedDialog(page);
  await dialog.getByRole('button', { name: 'Mirante no QGIS e no GDAL (WMTS e OGC API)' }).click();
  const entry = dialog.getByRole('region', { name: 'Mirante no QGIS e no GDAL (WMTS e OGC API)' });
  await expect(entry.getByText('Jardim das Palmeiras', { exact: false }).first()).toBeVisible();
  const wmts = entry.getByLabel('Endereço WMTS', { exact: true });
  await expect(wmts).toHaveValue(/^http:\/\/[^/]+\/gis\/project\/\d+\/wmts\/1\.0\.0\/WMTSCapabilities\.xml$/);
  await expect(entry.getByLabel('Endereço OGC API – Features', { exact: true })).toHaveValue(
    /^http:\/\/[^/]+\/gis\/project\/\d+\/ogc$/,
  );
  await expect(entry.getByRole('button', { name: 'Copiar Endereço WMTS' })).toBeVisible();
  await expect(entry).toContainText('Adicionar camada WMS/WMTS');
  // The address is the server's own: without a key it asks for one (401), not a page that does not exist.
  expect((await page.request.get((await wmts.inputValue()) as string)).status()).toBe(401);
  await screenshotWhenAsked(page, { path: '../test-results/screens/help-gis.png' });
  await entry.getByRole('link', { name: 'Chaves de acesso GIS' }).click();
  await expect(page).toHaveURL(/\/page\/gis-keys/);
  await expect(dialog).toBeHidden();
});
