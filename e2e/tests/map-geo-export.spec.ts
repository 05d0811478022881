import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { mainMap, waitForMapReady } from './map-ready';
import { USER, menuItem, openSignedIn, openedDialog } from './support';
import { screenshotWhenAsked } from './shots';

const SHOTS = process.env.MAP_SHOTS_DIR ?? 'test-results/map-shots';
const hasOgrinfo = spawnSync('ogrinfo', ['--version']).status === 0;

test('the map exports its lots as a GeoPackage in the project’s UTM zone and as GeoJSON', async ({
  page,
}) => {
  await openSignedIn(page, USER, { path: '/page/fusion-map' });
  await waitForMapReady(mainMap(page));

  await page.getByRole('button', { name: /^(\S+ )?Exportar$/ }).click();
  await screenshotWhenAsked(page, { path: `${SHOTS}/geo-export-menu.png` });
  await menuItem(page, 'Exportar geometria (GeoJSON, KML, SHP, GPKG, DXF)').click();
  const dialog = openedDialog(page, { name: 'Exportar geometria' });
  await expect(dialog.getByRole('radio', { name: 'GeoPackage' })).toBeChecked();
  const utm = dialog.getByRole('radio', { name: /^SIRGAS 2000 \/ UTM zone 2\dS \(EPSG:3198\d\)$/ });
  await expect(utm).toBeChecked();
  await screenshotWhenAsked(page, { path: `${SHOTS}/geo-export-dialog.png` });

  const [gpkg] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('button', { name: 'Baixar' }).click(),
  ]);
  expect(gpkg.suggestedFilename()).toMatch(
    /^jardim-das-palmeiras-etapas-1-a-3-camadas-\d{4}-\d{2}-\d{2}\.gpkg$/,
  );
  // saved under its own name: GDAL checks a GeoPackage's extension
  const path = test.info().outputPath(gpkg.suggestedFilename());
  await gpkg.saveAs(path);
  expect(readFileSync(path).subarray(0, 15).toString('latin1')).toBe('SQLite format 3');
  if (hasOgrinfo) {
    const summary = execFileSync('ogrinfo', ['-ro', '-so', path, 'lotes'], { encoding: 'utf8' });
    expect(summary).toMatch(/Feature Count: [1-9]\d*/);
    expect(summary).toMatch(/ID\["EPSG",3198\d\]\]\s*Data axis/);
    for (const field of ['lote', 'quadra', 'situacao', 'data', 'confianca', 'area_m2', 'area_crs'])
      expect(summary).toContain(`${field}: `);
  }
  await expect(dialog).toBeHidden();

  await page.getByRole('button', { name: /^(\S+ )?Exportar$/ }).click();
  await menuItem(page, 'Exportar geometria (GeoJSON, KML, SHP, GPKG, DXF)').click();
  const again = openedDialog(page, { name: 'Exportar geometria' });
  await again.getByRole('radio', { name: 'GeoJSON' }).check();
  // GeoJSON (RFC 7946) is WGS 84 only
  await expect(again.getByRole('radio', { name: 'WGS 84 (EPSG:4326)' })).toBeChecked();
  await expect(
    again.getByText('GeoJSON e KML são sempre em WGS 84, como seus padrões exigem.'),
  ).toBeVisible();
  const [geojson] = await Promise.all([
    page.waitForEvent('download'),
    again.getByRole('button', { name: 'Baixar' }).click(),
  ]);
  expect(geojson.suggestedFilename()).toMatch(
    /^jardim-das-palmeiras-etapas-1-a-3-camadas-\d{4}-\d{2}-\d{2}\.geojson$/,
  );
  const collection = JSON.parse(readFileSync(await geojson.path(), 'utf8')) as {
    features: { properties: Record<string, unknown>; geometry: { coordinates: unknown } }[];
  };
  const lots = collection.features.filter((feature) => feature.properties.camada === 'lotes');
  expect(lots.length).toBeGreaterThan(100);
  expect(lots.map((lot) => lot.properties.situacao)).toContain('Em construção');
  expect(lots[0]!.properties.area_crs).toMatch(/^EPSG:3198\d$/);
  expect(Number(lots[0]!.properties.area_m2)).toBeGreaterThan(0);
});
