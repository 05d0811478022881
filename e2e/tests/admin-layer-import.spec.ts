import { expect, test } from '@playwright/test';
import { projectRegistrationApi, securityApi } from '@mirante/shared';
import { api } from './api';
import { waitForMapReady } from './map-ready';
import { ADMIN, pick, openSignedIn, storedApiToken, openedDialog } from './support';
import { screenshotWhenAsked } from './shots';

/**
 * A surveyor's lots file as CAD tools export it: SIRGAS 2000 / UTM 22S metres (EPSG:31982) with no `crs` member,
 * so the CRS has to be picked on the screen. Quadra A: nine 20 m × 30 m lots in a 3 × 3 grid near Maringá (PR),
 * and lot 10 drawn as a bow tie (its outline crosses itself): invalid.
 */
function lotsFile(): string {
  const [east0, north0] = [404_000, 7_410_000];
  const rectangle = (east: number, north: number) => [
    [
      [east, north],
      [east + 20, north],
      [east + 20, north + 30],
      [east, north + 30],
      [east, north],
    ],
  ];
  const features = [];
  for (let row = 0; row < 3; row += 1) {
    for (let column = 0; column < 3; column += 1) {
      features.push({
        type: 'Feature',
        properties: { QUADRA: 'A', LOTE: String(row * 3 + column + 1), AREA_M2: 600 },
        geometry: { type: 'Polygon', coordinates: rectangle(east0 + column * 20, north0 + row * 30) },
      });
    }
  }
  features.push({
    type: 'Feature',
    properties: { QUADRA: 'A', LOTE: '10', AREA_M2: 600 },
    geometry: {
      type: 'Polygon',
      coordinates: [
        [
          [east0 + 80, north0],
          [east0 + 100, north0 + 30],
          [east0 + 100, north0],
          [east0 + 80, north0 + 30],
          [east0 + 80, north0],
        ],
      ],
    },
  });
  return JSON.stringify({ type: 'FeatureCollection', features });
}

test('ADMIN imports a lots file: dry-run preview with counts and the bow-tie lot shown as a problem, refused whole, then imported without it; the lots are on the project map', async ({
  page,
}) => {
  await openSignedIn(page, ADMIN, { path: '/page/admin' });
  const name = `Loteamento Importado ${Date.now()}`;
  const admin = api(page.request, await storedApiToken(page));
  const customers = await admin.call(securityApi.listCustomers);
  const customerId = customers.find((c) => c.name.startsWith('Horizonte'))!.id;
  await admin.call(projectRegistrationApi.create, { body: { name, projectType: 'ALLOTMENT', customerId } });

  await page.goto('/page/admin');
  await page.getByRole('tab', { name: 'Cadastrar projeto' }).click();
  const row = page
    .getByRole('table', { name: 'Projetos cadastrados' })
    .getByRole('row', { name: new RegExp(name) });
  // Registered without a boundary: the import derives it from the lots.
  await expect(row).toContainText('Sem contorno');
  await row.getByRole('button', { name: `Importar lotes de ${name}` }).click();

  const drawer = openedDialog(page, { name: new RegExp(`Importar lotes · \\d+ - ${name}`) });
  const form = drawer.getByRole('form', { name: 'Importar lotes' });
  await form.locator('input[type=file]').setInputFiles({
    name: 'lotes-quadra-a.geojson',
    mimeType: 'application/geo+json',
    buffer: Buffer.from(lotsFile()),
  });
  await pick(page, form.getByLabel('Sistema de coordenadas'), 'SIRGAS 2000 / UTM 22S');
  await form.getByRole('button', { name: 'Pré-visualizar' }).click();

  const counts = drawer.getByTestId('import-counts');
  await expect(counts).toContainText('Feições10');
  await expect(counts).toContainText('Válidas9');
  await expect(counts).toContainText('Inválidas1');
  await expect(counts).toContainText('Lotes novos9');
  await expect(
    drawer.getByText('Prévia: nada foi gravado ainda. Confira e confirme a importação.'),
  ).toBeVisible();
  const problems = drawer.getByRole('table', { name: 'Problemas da importação' });
  const bowTie = problems.getByRole('row').filter({ hasText: 'Erro' });
  await expect(bowTie).toHaveCount(1);
  await expect(bowTie).toContainText('10');
  // The columns were recognised by their default names.
  const mapped = (label: string) =>
    form.locator('.ant-select', { has: page.getByLabel(`Coluna de ${label}`) });
  await expect(mapped('Quadra')).toContainText('QUADRA');
  await expect(mapped('Lote (nome)')).toContainText('LOTE');
  await waitForMapReady(drawer.getByTestId('import-preview-map').getByTestId('map-canvas'));
  await screenshotWhenAsked(page, { path: '../test-results/screens/admin-layer-import-preview.png' });

  // All or nothing: with an invalid lot the file is refused, every reason listed.
  await form.getByRole('button', { name: 'Confirmar importação' }).click();
  await expect(drawer.getByText(/^Não foi possível importar:/)).toBeVisible();
  await expect(problems.getByRole('row').filter({ hasText: 'Erro' })).toHaveCount(1);

  await form.getByText('Ignorar feições inválidas').click();
  await form.getByRole('button', { name: 'Confirmar importação' }).click();
  await expect(drawer.getByText('Importação concluída', { exact: true })).toBeVisible({ timeout: 20_000 });
  await expect(drawer).toContainText('9 lotes novos');
  await expect(drawer).toContainText('O contorno do projeto foi derivado dos lotes.');
  await screenshotWhenAsked(page, { path: '../test-results/screens/admin-layer-import-done.png' });

  await drawer.getByRole('button', { name: 'Abrir o mapa do projeto' }).click();
  await expect(page).toHaveURL(/\/page\/fusion-map$/);
  await expect(page.getByTestId('project-selector')).toContainText(name);
  const map = page.locator('[data-testid="map-stage"] > [data-testid="map-canvas"]');
  await waitForMapReady(map);
  await page.getByRole('tab', { name: 'Camadas' }).click();
  await expect(page.getByTestId('layers-tab')).toContainText('Lotes');
  // The project took its boundary from the lots: the map opens on them, and the one in the middle is lot 5.
  const box = (await map.boundingBox())!;
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  await expect(page.getByTestId('lot-popup').locator('h2')).toHaveText(/^(Lote )?5 Quadra A$/);
  await screenshotWhenAsked(page, { path: '../test-results/screens/admin-layer-import-map.png' });
});
