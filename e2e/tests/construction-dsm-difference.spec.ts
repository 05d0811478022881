import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { constructionDsm, constructionSurface } from '@mirante/demo/elevation-model';
import { utmToLonLat } from '@mirante/demo/projection';
import { dsmDifferenceApi, inspectionsApi, projectsApi } from '@mirante/shared';
import { readAnswer } from './api';
import { cameraOf, mainMap, pixelAt, screenPoint, waitForMapReady } from './map-ready';
import { ensureScenes, pickOption, scenePng } from './map-scenes';
import { ADMIN, MANAGER, apiAs, openSignedIn } from './support';
import { screenshotWhenAsked } from './shots';

const SPACE = 'edificio-aurora';
/** Scene dates and phases no other spec uses on this project (one inspection per scene). */
const DATES = ['2025-08-20', '2025-10-20'] as const;
const PHASES = [21, 22] as const;
/** The demo site's surface stages: the pit dug 4 m with its spoil heap, then the first floor up, heap gone. */
const STAGES = [1, 3] as const;
const SHOTS = process.env.DSM_SHOTS_DIR ?? 'test-results/dsm-shots';
const label = (index: 0 | 1) => `${DATES[index].split('-').reverse().join('/')} - Fase #${PHASES[index]}`;

let inspectionIds: number[] = [];

test.beforeAll(async ({ request }) => {
  test.setTimeout(180_000);
  const scenes = await ensureScenes(
    request,
    SPACE,
    DATES.map((date, index) => ({ date, png: scenePng(256, 256, 0.2 + index * 0.5) })),
  );
  const admin = await apiAs(ADMIN);
  const projects = await admin.call(projectsApi.list);
  const project = projects.find((item) => item.space === SPACE)!;
  for (const [index, scene] of scenes.entries()) {
    const created = await admin.send(inspectionsApi.save, {
      body: { project_id: project.id, scene_id: scene.id, phase: PHASES[index as 0 | 1] },
    });
    // A second run on the same server finds them there.
    expect([200, 409], await created.text()).toContain(created.status());
    const sent = await request.post(`/api/v1/scene/${scene.id}/dsm`, {
      headers: admin.headers,
      multipart: {
        file: {
          name: 'mds.tif',
          mimeType: 'image/tiff',
          buffer: await constructionDsm(STAGES[index as 0 | 1]),
        },
      },
    });
    expect(sent.status(), await sent.text()).toBe(200);
  }
  const listed = await admin.call(inspectionsApi.list, { query: { project_id: project.id } });
  inspectionIds = scenes.map((scene) => listed.find((item) => item.scene_id === scene.id)!.id);
});

test('Diferença de elevação: two inspections and a tolerance, the coloured layer with its legend and totals, the GeoTIFF', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await openSignedIn(page, MANAGER, {
    project: 'Edifício Aurora - Zona 7',
    path: '/page/area?tipo=satelite',
  });
  const map = mainMap(page);
  // The first load of the site's imagery on a busy machine.
  await waitForMapReady(map, 90_000);
  const section = page.getByTestId('dsm-difference');
  await section.scrollIntoViewIfNeeded();
  await pickOption(page, 'Vistoria inicial', label(0));
  await pickOption(page, 'Vistoria final', label(1));
  const tolerance = section.getByLabel('Tolerância (m)');
  await tolerance.fill('0,2');
  await tolerance.press('Tab');

  const answered = page.waitForResponse((response) =>
    response.url().includes('/api/v1/inspections/dsm-difference?'),
  );
  await section.getByRole('button', { name: 'Gerar mapa de diferença' }).click();
  const difference = await readAnswer(dsmDifferenceApi.compute, await answered);
  expect(difference.tolerance).toBe(0.2);
  expect(difference.earlier_inspection_id).toBe(inspectionIds[0]);
  expect(difference.fill).toBeGreaterThan(0);
  expect(difference.cut).toBeGreaterThan(0);

  const result = page.getByTestId('dsm-difference-result');
  await expect(result.getByText('Diferença de elevação (m)')).toBeVisible();
  await expect(result).toContainText(`${label(0)} → ${label(1)}`);
  await expect(result.getByText(/Sem alteração \(±0,2 m\)/)).toBeVisible();
  const cubic = (value: number) =>
    `${value < 0 ? '−' : ''}${new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(Math.abs(value))} m³`;
  await expect(result.getByTestId('dsm-total-cut')).toContainText(cubic(difference.cut));
  await expect(result.getByTestId('dsm-total-fill')).toContainText(cubic(difference.fill));
  await expect(result.getByTestId('dsm-total-net')).toContainText(cubic(difference.net));

  // On the map: the tower's footprint, which rose about 7 m, is painted red; the heap that went, blue.
  await waitForMapReady(map, 60_000);
  const surface = constructionSurface(STAGES[1]);
  const { bounds, building, heapAt } = surface;
  const tower = utmToLonLat([
    bounds.x0 + (building.x0 + building.x1) / 2,
    bounds.y0 + (building.y0 + building.y1) / 2,
  ]);
  const heap = utmToLonLat(heapAt);
  const box = (await map.boundingBox())!;
  const camera = await cameraOf(map);
  const towerPoint = screenPoint(box, camera, tower[0], tower[1]);
  const heapPoint = screenPoint(box, camera, heap[0], heap[1]);
  const [tr, tg, tb] = await pixelAt(page, towerPoint.x, towerPoint.y);
  expect(tr, `tower pixel ${[tr, tg, tb].join(',')}`).toBeGreaterThan(tb + 40);
  const [hr, hg, hb] = await pixelAt(page, heapPoint.x, heapPoint.y);
  expect(hb, `heap pixel ${[hr, hg, hb].join(',')}`).toBeGreaterThan(hr + 20);
  await screenshotWhenAsked(page, { path: `${SHOTS}/dsm-difference-layer.png` });
  await screenshotWhenAsked(page.getByTestId('dsm-difference'), {
    path: `${SHOTS}/dsm-difference-panel.png`,
  });

  // The GeoTIFF of the same difference, named after the project and both dates.
  const download = page.waitForEvent('download');
  await section.getByRole('button', { name: 'Baixar GeoTIFF' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(
    `edificio-aurora-zona-7-diferenca-elevacao-${DATES[0]}-${DATES[1]}.tif`,
  );
  const bytes = await readFile((await file.path())!);
  // A TIFF, in either byte order.
  expect(['II*\u0000', 'MM\u0000*']).toContain(bytes.subarray(0, 4).toString('latin1'));

  // Hiding takes the layer and its legend away.
  await section.getByRole('button', { name: 'Ocultar camada' }).click();
  await expect(result).toHaveCount(0);
  await waitForMapReady(map);
  const [r2, g2, b2] = await pixelAt(page, towerPoint.x, towerPoint.y);
  expect(Math.abs(r2 - tr) + Math.abs(g2 - tg) + Math.abs(b2 - tb)).toBeGreaterThan(30);
});
