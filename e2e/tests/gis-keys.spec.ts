import { expect, test } from '@playwright/test';
import { USER, menuItem, openSignedIn, openUserMenu, openedDialog } from './support';
import { screenshotWhenAsked } from './shots';
import { ensureAllotmentScenes, SCENE_DATES } from './map-scenes';

test('a USER creates a GIS key from the user menu, sees it once, copies the WMTS address that reads the imagery, and revokes it', async ({
  page,
}) => {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  // The demo allotment's three small published scenes (uploaded once by whichever spec comes first).
  await ensureAllotmentScenes(page.request);
  await openSignedIn(page, USER, { path: '/page/change-password', project: 'Jardim das Palmeiras' });
  await openUserMenu(page);
  await menuItem(page, 'Chaves de acesso GIS').click();
  await expect(page).toHaveURL(/\/page\/gis-keys/);
  await expect(page.getByText('Chaves de acesso GIS', { exact: true }).first()).toBeVisible();

  const name = `QGIS ${Date.now()}`;
  const form = page.getByRole('form', { name: 'Criar chave de acesso GIS' });
  await form.getByLabel('Nome').fill(name);
  await form.getByLabel('Validade (dias)').fill('30');
  await form.getByRole('button', { name: 'Criar chave' }).click();

  const dialog = openedDialog(page, { name: 'Chave criada' });
  await expect(dialog.getByText('Copie a chave agora: ela não será mostrada de novo.')).toBeVisible();
  const key = await dialog.getByLabel('Chave de acesso', { exact: true }).inputValue();
  expect(key).toMatch(/^mgk_[\w-]{32}$/);
  await dialog.getByRole('button', { name: 'Copiar Endereço WMTS com a chave' }).click();
  await expect(page.getByText('Copiado')).toBeVisible();
  const wmts = await page.evaluate(() => navigator.clipboard.readText());
  expect(wmts).toMatch(/\/gis\/project\/\d+\/wmts\/1\.0\.0\/WMTSCapabilities\.xml\?key=mgk_/);
  expect(wmts).toContain(key);
  await screenshotWhenAsked(page, { path: '../test-results/screens/gis-keys-created.png' });

  // What QGIS reads at that address: the project's published imagery, one layer per date.
  const capabilities = await page.request.get(wmts);
  expect(capabilities.status()).toBe(200);
  expect(capabilities.headers()['content-type']).toContain('application/xml');
  const xml = await capabilities.text();
  for (const date of SCENE_DATES) expect(xml).toContain(`<ows:Identifier>${date}</ows:Identifier>`);

  await dialog.getByRole('button', { name: 'Concluído' }).click();
  await expect(dialog).toBeHidden();
  // Once closed, the key is nowhere on the page: only its start.
  await expect(page.getByText(key)).toHaveCount(0);
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row.getByText('Ativa', { exact: true })).toBeVisible();
  await expect(row).toContainText(key.slice(0, 12));
  await screenshotWhenAsked(page, { path: '../test-results/screens/gis-keys.png' });

  await row.getByRole('button', { name: `Revogar ${name}` }).click();
  await page.getByRole('tooltip').getByRole('button', { name: 'Revogar' }).click();
  await expect(page.getByText('Chave revogada')).toBeVisible();
  await expect(row.getByText('Revogada', { exact: true })).toBeVisible();
  expect((await page.request.get(wmts)).status()).toBe(401);
});
