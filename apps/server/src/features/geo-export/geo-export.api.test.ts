import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import proj4 from 'proj4';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sirgasUtmProj4 } from '@mirante/shared';
import { bearer, createTestContext, type TestContext } from '../../../test/test-app';
import { factories } from '../../../test/factories';
import { hasOgrinfo, ogrinfo, ogrLayers } from './ogrinfo';

let ctx: TestContext;
let folder = '';
const tokens = { manager: '', noModule: '', other: '', inactive: '', notes: '' };
const ids = { allotment: 0, construction: 0, inspection: 0 };

/** A lot surveyed in SIRGAS 2000 / UTM 23S (São Paulo): `width` × `depth` metres from (x0, y0), as lon/lat. */
function surveyed(x0: number, y0: number, width: number, depth: number) {
  const inverse = proj4(sirgasUtmProj4(31983), 'EPSG:4326');
  const corners = [
    [x0, y0],
    [x0 + width, y0],
    [x0 + width, y0 + depth],
    [x0, y0 + depth],
    [x0, y0],
  ];
  return { type: 'Polygon' as const, coordinates: [corners.map((corner) => inverse.forward(corner))] };
}

const X0 = 333_600;
const Y0 = 7_394_600;

async function download(url: string, token = tokens.manager) {
  const response = await ctx.app.inject({ method: 'GET', url, headers: bearer(token) });
  return response;
}

/** Saves a downloaded file and reads it with ogrinfo (GDAL reads a zipped Shapefile through /vsizip/). */
async function read(url: string, config: string[] = [], token = tokens.manager) {
  const response = await download(url, token);
  expect(response.statusCode, response.body).toBe(200);
  const name = /filename="([^"]+)"/.exec(String(response.headers['content-disposition']))?.[1] ?? 'x';
  const path = join(folder, name);
  writeFileSync(path, response.rawPayload);
  const opened = name.endsWith('.zip') ? `/vsizip/${path}` : path;
  const summary = await ogrinfo(opened, { config });
  const features = await ogrinfo(opened, { config, summary: false });
  return { name, response, layers: ogrLayers(summary), summary, features };
}

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), 'mirante-geo-export-'));
  ctx = await createTestContext();
  const make = factories(ctx);
  const customer = await make.buildCustomer();
  const manager = await make.buildUser('MANAGER', ['allotment.map', 'allotment.detections'], {
    customerId: customer.id,
  });
  const noModule = await make.buildUser('USER', ['allotment.finance'], { customerId: customer.id });
  const inactive = await make.buildUser('USER', ['allotment.map', 'allotment.detections'], {
    customerId: customer.id,
  });
  const notes = await make.buildUser('USER', ['construction.notes'], { customerId: customer.id });
  const other = await make.buildUser('MANAGER', [
    'allotment.map',
    'allotment.detections',
    'construction.notes',
  ]);
  const members = [manager.id, noModule.id, inactive.id, notes.id];
  ids.allotment = (
    await make.buildProject({ customerId: customer.id, corner: [-46.632, -23.552], memberIds: members })
  ).id;
  ids.construction = (
    await make.buildProject({
      customerId: customer.id,
      projectType: 'CONSTRUCTION',
      corner: [-46.632, -23.552],
      memberIds: members,
    })
  ).id;
  const lots = await ctx.services.layerImport.importLayers(ids.allotment, [
    {
      type: 'LOT',
      name: '12',
      tagValue: '12',
      block: 'São João',
      stage: 'Etapa Ação',
      sourceKey: 'l12',
      geometry: surveyed(X0, Y0, 12, 30),
    },
    {
      type: 'LOT',
      name: '13',
      tagValue: '13',
      block: 'São João',
      sourceKey: 'l13',
      geometry: surveyed(X0 + 12, Y0, 12, 30),
    },
    {
      type: 'LOT',
      name: '1',
      tagValue: '1',
      block: 'Ipê',
      sourceKey: 'l1',
      geometry: surveyed(X0, Y0 + 40, 15, 25),
    },
    {
      type: 'REFO',
      name: 'Regeneração',
      categoryName: 'Regeneração da mata',
      detectBeforeDate: '2026-01-10',
      detectAfterDate: '2026-06-10',
      sourceKey: 'refo',
      geometry: surveyed(X0 + 100, Y0, 40, 50),
    },
  ]);
  // the AI's reading of one approved analysis (precision only comes with the AI)
  const analysedScene = await make.buildScene(ids.allotment, { date: '2026-06-10', published: true });
  const detection = await ctx.db
    .insertInto('detections')
    .values({ projectId: ids.allotment, sceneId: analysedScene, approved: true })
    .returning('id')
    .executeTakeFirstOrThrow();
  await ctx.db
    .insertInto('lotStatusHistory')
    .values(
      (
        [
          ['l12', 'E', 0.91],
          ['l13', 'C', 0.8],
          ['l1', 'V', 0.75],
        ] as const
      ).map(([key, status, precision]) => ({
        layerId: lots.get(key)!,
        date: '2026-06-10',
        status,
        precision,
        sceneId: analysedScene,
        source: 'ai' as const,
        detectionId: detection.id,
      })),
    )
    .execute();
  const sceneId = await make.buildScene(ids.construction, { date: '2026-03-10', published: true });
  ids.inspection = (
    await ctx.db
      .insertInto('inspections')
      .values({ projectId: ids.construction, sceneId, phase: 1 })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  tokens.manager = await make.signIn(manager);
  tokens.noModule = await make.signIn(noModule);
  tokens.other = await make.signIn(other);
  tokens.inactive = await make.signIn(inactive);
  tokens.notes = await make.signIn(notes);
  await ctx.db.updateTable('users').set({ status: false }).where('id', '=', inactive.id).execute();
  const base = {
    date: '2026-03-12',
    description: 'Área de empréstimo',
    categoryName: 'Escavação',
    categoryColor: '#aa5500',
    volume: 0,
    inspectionId: ids.inspection,
  };
  for (const note of [
    {
      ...base,
      name: 'Cava da fundação',
      noteType: 'polygon',
      layer: 'polygon',
      layerGeojson: surveyed(X0, Y0, 12, 30),
    },
    {
      ...base,
      name: 'Divisa São Jorge',
      noteType: 'line',
      layer: 'linestring',
      layerGeojson: { type: 'LineString', coordinates: surveyed(X0, Y0, 12, 30).coordinates[0]!.slice(0, 2) },
    },
  ]) {
    const saved = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/notes',
      headers: bearer(tokens.notes),
      payload: note,
    });
    expect(saved.statusCode, saved.body).toBe(200);
  }
});

afterAll(async () => {
  await ctx?.close();
  if (folder) rmSync(folder, { recursive: true, force: true });
});

const layersUrl = (format: string, crs = 'wgs84', id = ids.allotment) =>
  `/api/v1/project/${id}/geo-export?format=${format}&crs=${crs}`;

describe('stored areas', () => {
  it('measures a surveyed 12 × 30 m lot as 360.00 m² (planar, SIRGAS 2000 / UTM 23S)', async () => {
    const row = await ctx.db
      .selectFrom('layers')
      .select('areaM2')
      .where('projectId', '=', ids.allotment)
      .where('name', '=', '12')
      .executeTakeFirstOrThrow();
    expect(Number(row.areaM2).toFixed(2)).toBe('360.00');
  });

  it('measures a note polygon drawn on the same lot as 360.00 m²', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/notes?project_id=${ids.construction}&inspection_id=${ids.inspection}`,
      headers: bearer(tokens.notes),
    });
    const polygon = (response.json() as { note_type: string; area: number }[]).find(
      (note) => note.note_type === 'polygon',
    );
    expect(polygon?.area).toBe(360);
  });
});

describe.skipIf(!hasOgrinfo)('the map export, read by GDAL (ogrinfo)', () => {
  const lotFields = [
    'lote',
    'quadra',
    'etapa',
    'codigo',
    'situacao',
    'data',
    'confianca',
    'area_m2',
    'area_crs',
    'obs',
  ];

  it('GeoJSON (RFC 7946): WGS 84, every lot and analysis polygon, pt-BR attributes with accents', async () => {
    const file = await read(layersUrl('geojson', 'utm'));
    expect(file.response.headers['content-type']).toContain('application/geo+json');
    expect(file.name).toMatch(/^projeto-.+-camadas-\d{4}-\d{2}-\d{2}\.geojson$/);
    const [layer] = file.layers;
    expect(layer).toMatchObject({ count: 4, epsg: 4326 });
    expect(layer!.fields).toEqual(expect.arrayContaining(['camada', ...lotFields, 'tipo', 'categoria']));
    expect(file.features).toContain('quadra (String) = São João');
    expect(file.features).toContain('situacao (String) = Em construção');
    expect(file.features).toMatch(/area_m2 \((Real|Integer)\) = 360\n/);
    expect(file.features).toContain('area_crs (String) = EPSG:31983');
  });

  it('KML: WGS 84, one folder per layer, accents kept', async () => {
    const file = await read(layersUrl('kml'));
    expect(file.layers.map((layer) => [layer.name, layer.count, layer.epsg])).toEqual([
      ['lotes', 3, 4326],
      ['analises', 1, 4326],
    ]);
    expect(file.layers[0]!.fields).toEqual(
      expect.arrayContaining(lotFields.filter((f) => f !== 'obs' && f !== 'codigo')),
    );
    expect(file.features).toContain('etapa (String) = Etapa Ação');
    expect(file.features).toContain('categoria (String) = Regeneração da mata');
  });

  it('zipped Shapefile in SIRGAS 2000 / UTM 23S: .prj, UTF-8 .cpg, names within 10 characters, accents kept', async () => {
    const file = await read(layersUrl('shp', 'utm'));
    expect(file.response.headers['content-type']).toBe('application/zip');
    expect(file.layers.map((layer) => [layer.name, layer.count, layer.epsg])).toEqual([
      ['lotes', 3, 31983],
      ['analises', 1, 31983],
    ]);
    expect(file.layers[0]!.fields).toEqual(lotFields);
    for (const layer of file.layers)
      for (const field of layer.fields) expect(field.length).toBeLessThanOrEqual(10);
    expect(file.features).toContain('quadra (String) = São João');
    expect(file.features).toContain('situacao (String) = Construído');
    expect(file.features).toContain('area_m2 (Real) = 360.000');
    // the surveyed corner comes back in the zone's metres (within 0.1 mm)
    expect(file.features).toMatch(/POLYGON \(\(333600\.0000\d* 7394600\.0000\d*,/);
  });

  it('GeoPackage in WGS 84 and in UTM 23S: one table per layer', async () => {
    for (const [crs, epsg] of [
      ['wgs84', 4326],
      ['utm', 31983],
    ] as const) {
      const file = await read(layersUrl('gpkg', crs));
      expect(file.response.headers['content-type']).toBe('application/geopackage+sqlite3');
      expect(file.layers.map((layer) => [layer.name, layer.count, layer.epsg])).toEqual([
        ['lotes', 3, epsg],
        ['analises', 1, epsg],
      ]);
      expect(file.layers[0]!.fields).toEqual(lotFields);
      expect(file.features).toContain('quadra (String) = São João');
      expect(file.features).toContain('confianca (Real) = 0.91');
    }
  });

  it('DXF in UTM 23S: closed polylines per lot on layer "lotes", labels with accents', async () => {
    // DXF 2007 text is UTF-8; GDAL 3.6 assumes the code page unless told
    const file = await read(layersUrl('dxf', 'utm'), ['--config', 'DXF_ENCODING', 'UTF-8']);
    expect(file.response.headers['content-type']).toBe('image/vnd.dxf');
    // 4 polygons and 4 labels
    expect(file.layers[0]).toMatchObject({ name: 'entities', count: 8 });
    expect(file.features).toContain('Layer (String) = lotes');
    expect(file.features).toContain('Text (String) = Quadra São João Lote 12 - Em construção');
    expect(file.features).toMatch(/LINESTRING \(333600\.0000\d* 7394600\.0000\d*,/);
  });
});

describe.skipIf(!hasOgrinfo)('the detections and notes exports, read by GDAL', () => {
  it('applies the detections report filters (block São João only) and gives the status on the end date', async () => {
    const file = await read(
      `/api/v1/project/${ids.allotment}/allotments/geo-export?format=gpkg&crs=utm&blocks=${encodeURIComponent('São João')}`,
    );
    expect(file.name).toMatch(/-deteccoes-\d{4}-\d{2}-\d{2}\.gpkg$/);
    expect(file.layers).toEqual([expect.objectContaining({ name: 'deteccoes', count: 2, epsg: 31983 })]);
    expect(file.layers[0]!.fields).toContain('comparacao');
    expect(file.features).toContain('situacao (String) = Em construção');
    expect(file.features).toContain('data (String) = 2026-06-10');
    expect(file.features).not.toContain('Ipê');
  });

  it('writes an inspection’s notes as polygons and lines (one Shapefile each), area in the project’s zone', async () => {
    const file = await read(
      `/api/v1/notes/geo-export?inspection_id=${ids.inspection}&format=shp&crs=utm`,
      [],
      tokens.notes,
    );
    expect(file.layers.map((layer) => [layer.name, layer.count, layer.epsg])).toEqual([
      ['anotacoes_poligonos', 1, 31983],
      ['anotacoes_linhas', 1, 31983],
    ]);
    expect(file.features).toContain('nome (String) = Divisa São Jorge');
    expect(file.features).toContain('tipo (String) = Polígono');
    expect(file.features).toContain('area_m2 (Real) = 360.000');
    expect(file.features).toContain('comprim_m (Real) = 12.000');
    expect(file.features).toContain('descricao (String) = Área de empréstimo');
  });
});

describe('who may export', () => {
  it('works by link with api_token, as the menus download it', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: `${layersUrl('geojson')}&api_token=${encodeURIComponent(tokens.manager)}`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toContain('.geojson');
  });

  it('answers another customer’s user 404, as a missing project', async () => {
    for (const url of [
      layersUrl('geojson'),
      `/api/v1/project/${ids.allotment}/allotments/geo-export?format=kml`,
      `/api/v1/notes/geo-export?inspection_id=${ids.inspection}&format=kml`,
    ]) {
      const response = await download(url, tokens.other);
      expect(response.statusCode, url).toBe(404);
    }
  });

  it('refuses a user without the module (403) and an inactive user (403 USER_INACTIVE)', async () => {
    const noModule = await download(layersUrl('geojson'), tokens.noModule);
    expect(noModule.statusCode).toBe(403);
    expect(noModule.json()).toMatchObject({ code: 'MODULE_NOT_AVAILABLE' });
    const detections = await download(
      `/api/v1/project/${ids.allotment}/allotments/geo-export?format=kml`,
      tokens.noModule,
    );
    expect(detections.statusCode).toBe(403);
    const notes = await download(
      `/api/v1/notes/geo-export?inspection_id=${ids.inspection}&format=kml`,
      tokens.noModule,
    );
    expect(notes.statusCode).toBe(403);
    const inactive = await download(layersUrl('geojson'), tokens.inactive);
    expect(inactive.statusCode).toBe(403);
    expect(inactive.json()).toMatchObject({ code: 'USER_INACTIVE' });
  });

  it('refuses an unknown format or CRS with a pt-BR message, and an empty selection with 422', async () => {
    const format = await download(layersUrl('dwg'));
    expect(format.statusCode).toBe(422);
    expect(format.body).toContain('Formato de exportação inválido');
    const crs = await download(layersUrl('kml', 'sad69'));
    expect(crs.statusCode).toBe(422);
    expect(crs.body).toContain('Sistema de coordenadas inválido');
    const empty = await download(
      `/api/v1/project/${ids.allotment}/allotments/geo-export?format=kml&blocks=${encodeURIComponent('Não existe')}`,
    );
    expect(empty.statusCode).toBe(422);
    expect(empty.json()).toMatchObject({
      code: 'NOTHING_TO_EXPORT',
      message: 'Não há geometrias para exportar com estes filtros.',
    });
  });
});
