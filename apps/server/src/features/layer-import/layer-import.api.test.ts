import { readFileSync } from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { booleanPointInPolygon, pointOnFeature } from '@turf/turf';
import { zipSync, strToU8 } from 'fflate';
import type { MultiPolygon, Polygon } from 'geojson';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { layerImportReportSchema, type ErrorResponse } from '@mirante/shared';
import { crsFromEpsg } from '../../geo/crs';
import { factories, type Factories } from '../../../test/factories';
import { multipartBody } from '../../../test/multipart';
import { bearer, createTestContext, type TestContext } from '../../../test/test-app';

const FIXTURES = path.resolve(import.meta.dirname, '../../../../../testdata/vectors');
const fixture = (name: string) => readFileSync(path.join(FIXTURES, name));

let context: TestContext;
let make: Factories;
let admin: string;

function post(token: string, projectId: number, file: Buffer | null, fields: Record<string, string> = {}) {
  const body = multipartBody(fields, file ? [{ name: 'file', filename: 'camadas.bin', content: file }] : []);
  return context.app.inject({
    method: 'POST',
    url: `/api/v1/project/${projectId}/layers/import`,
    headers: { ...bearer(token), ...body.headers },
    payload: body.payload,
  });
}

async function importReport(projectId: number, file: Buffer, fields: Record<string, string> = {}) {
  const response = await post(admin, projectId, file, fields);
  expect(response.statusCode, response.body.slice(0, 500)).toBe(200);
  // The route sends the report pre-serialised: hold it to the contract here.
  return layerImportReportSchema.parse(response.json());
}

const layersOf = (projectId: number) =>
  context.db
    .selectFrom('layers')
    .select([
      'id',
      'type',
      'name',
      'block',
      'stage',
      'customerCode',
      'tagValue',
      'geoJson',
      'areaM2',
      'sourceKey',
    ])
    .where('projectId', '=', projectId)
    .orderBy('id')
    .execute();

const newProject = async () => (await make.buildProject()).id;

/** The first vertex of each lot of the KML fixture (WGS 84), by customer code: the truth the other files must hit. */
function kmlVertices(name: string): Map<string, number[]> {
  const text = fixture(name).toString('utf8');
  const result = new Map<string, number[]>();
  for (const match of text.matchAll(
    /<Data name="codigo"><value>([^<]+)<\/value>.*?<coordinates>([^ <]+)/gs,
  )) {
    result.set(match[1]!, match[2]!.split(',').slice(0, 2).map(Number));
  }
  return result;
}

function firstVertex(geometry: unknown): number[] {
  const polygon = geometry as { type: string; coordinates: number[][][] };
  return polygon.coordinates[0]![0]!;
}

/** Metres between two lon/lat points (enough for centimetre checks near each other). */
const metres = (a: number[], b: number[]) =>
  Math.hypot((a[0]! - b[0]!) * 111_320 * Math.cos((a[1]! * Math.PI) / 180), (a[1]! - b[1]!) * 110_574);

beforeAll(async () => {
  context = await createTestContext();
  make = factories(context);
  admin = await make.signIn(await make.buildUser('ADMIN'));
});

afterAll(async () => {
  await context?.close();
});

describe('POST /project/:id/layers/import — formats', () => {
  const sp = kmlVertices('saopaulo_lotes_wgs84.kml');

  it.each([
    ['GeoJSON in SIRGAS 2000 / UTM 23S (crs member)', 'saopaulo_lotes_utm23s.geojson', {}, 'geojson', 31983],
    [
      'zipped Shapefile with an ESRI .prj (no EPSG code) and a UTF-8 .cpg',
      'saopaulo_lotes_utm23s_shp.zip',
      {},
      'shapefile',
      null,
    ],
    ['KML', 'saopaulo_lotes_wgs84.kml', {}, 'kml', 4326],
    ['DXF with the EPSG chosen by the user', 'saopaulo_lotes_utm23s.dxf', { epsg: '31983' }, 'dxf', 31983],
  ])('imports the São Paulo lots from %s', async (_label, file, fields, format, epsg) => {
    const projectId = await newProject();
    const report = await importReport(projectId, fixture(file), fields);
    expect(report).toMatchObject({ format, imported: true, dryRun: false, invalidCount: 0 });
    expect(report.crs.epsg).toBe(epsg);
    expect(report.lots).toMatchObject({ created: 192, updated: 0, unmatched: 0 });
    const lots = (await layersOf(projectId)).filter((layer) => layer.type === 'LOT');
    expect(lots).toHaveLength(192);
    const lot = lots.find((layer) => layer.name === '46' && layer.block === '164-005')!;
    expect(lot).toMatchObject({ tagValue: '46' });
    expect(lot.areaM2).toBeGreaterThan(50);
    if (format !== 'dxf') expect(lot.customerCode).toBe('1640050046');
    // Every lot lands where the WGS 84 original is (DXF and UTM files were projected, then read back).
    const expected = sp.get('1640050046')!;
    expect(metres(firstVertex(lot.geoJson), expected)).toBeLessThan(0.05);
    if (format === 'dxf') {
      const blocks = (await layersOf(projectId)).filter((layer) => layer.type === 'BLOCK');
      expect(blocks.map((block) => block.name).sort()).toEqual(
        [...new Set(lots.map((l) => l.block!))].sort(),
      );
    }
  });

  it('imports the Cascavel lots from a zipped Shapefile (OGC .prj with EPSG:31982) and a KMZ', async () => {
    const fromKmz = await newProject();
    const kmz = await importReport(fromKmz, fixture('cascavel_lotes_wgs84.kmz'));
    expect(kmz).toMatchObject({ format: 'kmz', validCount: 168, crs: { epsg: 4326 } });
    const fromShp = await newProject();
    const shp = await importReport(fromShp, fixture('cascavel_lotes_utm22s_shp.zip'));
    expect(shp).toMatchObject({ format: 'shapefile', validCount: 168, crs: { epsg: 31982, source: 'file' } });
    const kmzLots = await layersOf(fromKmz);
    const shpLots = await layersOf(fromShp);
    for (const lot of shpLots) {
      const twin = kmzLots.find((other) => other.customerCode === lot.customerCode)!;
      expect(metres(firstVertex(lot.geoJson), firstVertex(twin.geoJson))).toBeLessThan(0.05);
    }
  });

  it('reads a .dbf without .cpg as Latin-1 (accented street names intact)', async () => {
    const report = await importReport(await newProject(), fixture('cascavel_lotes_utm22s_shp.zip'), {
      dryRun: 'true',
      mapping: JSON.stringify({ name: 'LOGRADOURO', tagValue: 'LOTE' }),
    });
    const names = report.preview.features.map((feature) => feature.properties.name);
    expect(names.some((name) => name.startsWith('ESTEPHÂNIA LUIZA VILLACA'))).toBe(true);
    expect(names.join('')).not.toContain('\uFFFD');
    expect(report.mapping).toMatchObject({ name: 'LOGRADOURO', block: 'QUADRA', customerCode: 'CODIGO' });
  });

  it('refuses a DXF without EPSG, a DWG, a loose .shp and a file of no known format, each saying what to send', async () => {
    const projectId = await newProject();
    const dxf = await post(admin, projectId, fixture('saopaulo_lotes_utm23s.dxf'));
    expect(dxf.statusCode).toBe(422);
    expect(dxf.json<ErrorResponse>()).toMatchObject({ code: 'EPSG_REQUIRED' });
    expect(dxf.json<ErrorResponse>().message).toContain('EPSG');

    const dwg = await post(admin, projectId, Buffer.concat([Buffer.from('AC1032'), Buffer.alloc(2000, 7)]));
    expect(dwg.statusCode).toBe(422);
    expect(dwg.json<ErrorResponse>()).toMatchObject({ code: 'DWG_NOT_SUPPORTED' });
    expect(dwg.json<ErrorResponse>().message).toMatch(/DWG.*DXF/s);

    const shp = Buffer.alloc(200);
    shp.writeInt32BE(9994, 0);
    const loose = await post(admin, projectId, shp);
    expect(loose.json<ErrorResponse>()).toMatchObject({ statusCode: 422, code: 'UNKNOWN_FORMAT' });
    expect(loose.json<ErrorResponse>().message).toContain('.zip');

    const png = await post(admin, projectId, Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'));
    expect(png.json<ErrorResponse>()).toMatchObject({ statusCode: 422, code: 'UNKNOWN_FORMAT' });
    const none = await post(admin, projectId, null);
    expect(none.json<ErrorResponse>()).toMatchObject({ statusCode: 422, code: 'FILE_REQUIRED' });
    expect(await layersOf(projectId)).toHaveLength(0);
  });
});

describe('CRS', () => {
  /** The São Paulo lots (WGS 84, from the KML) written as a GeoJSON in another CRS. */
  function geoJsonIn(epsg: number, crsMember: boolean): Buffer {
    const crs = crsFromEpsg(epsg);
    const text = fixture('saopaulo_lotes_wgs84.kml').toString('utf8');
    const features = [
      ...text.matchAll(/<Data name="codigo"><value>([^<]+)<\/value>.*?<coordinates>([^<]+)</gs),
    ]
      .slice(0, 20)
      .map((match) => ({
        type: 'Feature',
        properties: { codigo: match[1], lote: match[1]!.slice(6) },
        geometry: {
          type: 'Polygon',
          coordinates: [
            match[2]!
              .trim()
              .split(/\s+/)
              .map((point) => {
                const [lon, lat] = point.split(',').map(Number);
                return crs.fromLonLat(lon!, lat!);
              }),
          ],
        },
      }));
    return Buffer.from(
      JSON.stringify({
        type: 'FeatureCollection',
        ...(crsMember ? { crs: { type: 'name', properties: { name: `EPSG:${epsg}` } } } : {}),
        features,
      }),
    );
  }

  const sp = kmlVertices('saopaulo_lotes_wgs84.kml');

  it.each([
    ['SAD69 / UTM 23S (IBGE grid)', 29193],
    ['Córrego Alegre 1970-72 / UTM 23S (IBGE grid)', 22523],
    ['SIRGAS 2000 geographic', 4674],
    ['WGS 84 / UTM 23S', 32723],
  ])('reads %s from the epsg field and from a GeoJSON crs member', async (_label, epsg) => {
    for (const [file, fields] of [
      [geoJsonIn(epsg, false), { epsg: String(epsg) }],
      [geoJsonIn(epsg, true), {}],
    ] as const) {
      const projectId = await newProject();
      const report = await importReport(projectId, file, fields);
      expect(report).toMatchObject({
        validCount: 20,
        crs: { epsg, source: 'epsg' in fields ? 'field' : 'file' },
      });
      for (const lot of await layersOf(projectId)) {
        expect(metres(firstVertex(lot.geoJson), sp.get(lot.customerCode!)!)).toBeLessThan(0.05);
      }
    }
  });

  it('refuses an unknown EPSG, metric coordinates without a CRS and coordinates that land outside Brazil', async () => {
    const projectId = await newProject();
    const unknown = await post(admin, projectId, geoJsonIn(31983, false), { epsg: '99999' });
    expect(unknown.json<ErrorResponse>()).toMatchObject({ statusCode: 422, code: 'UNKNOWN_CRS' });
    const metric = await post(admin, projectId, geoJsonIn(31983, false));
    expect(metric.json<ErrorResponse>()).toMatchObject({ statusCode: 422, code: 'EPSG_REQUIRED' });
    expect(metric.json<ErrorResponse>().message).toContain('UTM');
    // UTM 23S coordinates read as UTM 23N land in the northern hemisphere, off Africa.
    const north = await post(admin, projectId, geoJsonIn(31983, false), { epsg: '32623' });
    expect(north.json<ErrorResponse>()).toMatchObject({ statusCode: 422, code: 'OUTSIDE_BRAZIL' });
    expect(north.json<ErrorResponse>().message).toContain('EPSG:32623');
    expect(await layersOf(projectId)).toHaveLength(0);
  });
});

describe('validity, dry run, all-or-nothing', () => {
  const square = (x: number, y: number, side = 0.0002) => [
    [x, y],
    [x + side, y],
    [x + side, y + side],
    [x, y + side],
    [x, y],
  ];
  // A bow tie: the outline crosses itself at its middle (-51.9499, -23.4199).
  const bowTie = [
    [-51.95, -23.42],
    [-51.9498, -23.4198],
    [-51.9498, -23.42],
    [-51.95, -23.4198],
    [-51.95, -23.42],
  ];
  const file = Buffer.from(
    JSON.stringify({
      type: 'FeatureCollection',
      features: [
        {
          type: 'Feature',
          id: 'a',
          properties: { quadra: 'A', lote: '1' },
          geometry: { type: 'Polygon', coordinates: [square(-51.951, -23.42)] },
        },
        {
          type: 'Feature',
          id: 'b',
          properties: { quadra: 'A', lote: '2' },
          geometry: { type: 'Polygon', coordinates: [bowTie] },
        },
        {
          type: 'Feature',
          id: 'c',
          properties: { quadra: 'A', lote: '3' },
          geometry: { type: 'Polygon', coordinates: [square(-51.952, -23.42)] },
        },
        {
          type: 'Feature',
          id: 'd',
          properties: { quadra: 'A', lote: '1' },
          geometry: { type: 'Polygon', coordinates: [square(-51.953, -23.42)] },
        },
        {
          type: 'Feature',
          id: 'e',
          properties: { tipo: 'APP', name: 'APP do córrego' },
          geometry: { type: 'Polygon', coordinates: [square(-51.954, -23.42, 0.001)] },
        },
      ],
    }),
  );

  it('a dry run reports every problem with its feature and place, previews everything and writes nothing', async () => {
    const projectId = await newProject();
    const before = await context.db
      .selectFrom('layers')
      .select(context.db.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    const report = await importReport(projectId, file, { dryRun: 'true' });
    expect(report).toMatchObject({
      dryRun: true,
      imported: false,
      featureCount: 5,
      validCount: 3,
      invalidCount: 2,
    });
    const invalid = report.problems.find((problem) => problem.code === 'INVALID_GEOMETRY')!;
    expect(invalid).toMatchObject({ severity: 'error', index: 1, featureId: 'b' });
    expect(invalid.message).toContain('Feição 2 (quadra A, lote 2)');
    expect(invalid.message).toContain('autointerseção');
    expect(invalid.location![0]).toBeCloseTo(-51.9499, 6);
    expect(invalid.location![1]).toBeCloseTo(-23.4199, 6);
    expect(report.problems.find((problem) => problem.code === 'DUPLICATE_LOT')).toMatchObject({
      index: 3,
      featureId: 'd',
    });
    expect(report.counts).toEqual(
      expect.arrayContaining([
        { type: 'LOT', total: 4, invalid: 2 },
        { type: 'PPA', total: 1, invalid: 0 },
      ]),
    );
    expect(report.preview.features.map((feature) => feature.properties.outcome)).toEqual([
      'create',
      'invalid',
      'create',
      'invalid',
      'create',
    ]);
    expect(report.preview.features[1]!.geometry).toMatchObject({ type: 'Polygon' });
    expect(report.preview.features[4]!.properties).toMatchObject({
      layer_type: 'PPA',
      name: 'APP do córrego',
    });
    expect(await layersOf(projectId)).toHaveLength(0);
    const after = await context.db
      .selectFrom('layers')
      .select(context.db.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });

  it('a real import with an invalid feature is refused whole, with every reason', async () => {
    const projectId = await newProject();
    const response = await post(admin, projectId, file);
    expect(response.statusCode).toBe(422);
    const body = response.json<ErrorResponse>();
    expect(body.code).toBe('IMPORT_INVALID');
    expect(body.problems!.map((problem) => [problem.code, problem.index])).toEqual([
      ['INVALID_GEOMETRY', 1],
      ['DUPLICATE_LOT', 3],
    ]);
    expect(await layersOf(projectId)).toHaveLength(0);
  });

  it('skipInvalid imports the valid features and skips the others', async () => {
    const projectId = await newProject();
    const report = await importReport(projectId, file, { skipInvalid: 'true' });
    expect(report).toMatchObject({
      imported: true,
      validCount: 3,
      lots: { created: 2 },
      otherLayersCreated: 1,
    });
    const layers = await layersOf(projectId);
    expect(layers.map((layer) => [layer.type, layer.name])).toEqual([
      ['LOT', '1'],
      ['LOT', '3'],
      ['PPA', 'APP do córrego'],
    ]);
  });
});

describe('keepDuplicates: a real file with a repeated id', () => {
  const square = (west: number) => [
    [west, -23.4198],
    [west + 0.0002, -23.4198],
    [west + 0.0002, -23.4196],
    [west, -23.4196],
    [west, -23.4198],
  ];
  // Lots with no quadra/lote columns, their real id mapped as the customer code; 'SQL-7' twice in the data.
  const file = Buffer.from(
    JSON.stringify({
      type: 'FeatureCollection',
      features: ['SQL-5', 'SQL-7', 'SQL-7', 'SQL-8'].map((code, index) => ({
        type: 'Feature',
        properties: { sql: code },
        geometry: { type: 'Polygon', coordinates: [square(-51.9498 + index * 0.0003)] },
      })),
    }),
  );
  const mapping = JSON.stringify({ customerCode: 'sql' });

  it('without it, the repeated lot is refused; with it, both are kept and the conflict is named', async () => {
    const refused = await importReport(await newProject(), file, { mapping, dryRun: 'true' });
    expect(refused.invalidCount).toBe(1);
    expect(refused.problems.map((problem) => problem.code)).toContain('DUPLICATE_LOT');

    const projectId = await newProject();
    const report = await importReport(projectId, file, { mapping, keepDuplicates: 'true' });
    expect(report).toMatchObject({ imported: true, invalidCount: 0, lots: { created: 4 } });
    const warning = report.problems.find((problem) => problem.code === 'DUPLICATE_LOT_RENAMED');
    expect(warning).toMatchObject({ severity: 'warning', index: 2 });
    expect(warning?.message).toContain("código 'SQL-7' repetido da feição 2: importado como 'SQL-7-2'");
    const codes = (await layersOf(projectId)).map((layer) => layer.customerCode);
    expect(codes).toEqual(['SQL-5', 'SQL-7', 'SQL-7-2', 'SQL-8']);
  });
});

describe('a file without lote/quadra columns', () => {
  it("names its lots by the file's own id column ('ref' here) in the preview and the import, not 1…N", async () => {
    const square = (west: number) => [
      [west, -23.4198],
      [west + 0.0002, -23.4198],
      [west + 0.0002, -23.4196],
      [west, -23.4196],
      [west, -23.4198],
    ];
    const file = Buffer.from(
      JSON.stringify({
        type: 'FeatureCollection',
        features: ['164005004600', '164005004700'].map((ref, index) => ({
          type: 'Feature',
          properties: { ref, address: `Rua ${index}` },
          geometry: { type: 'Polygon', coordinates: [square(-51.9498 + index * 0.0003)] },
        })),
      }),
    );
    const projectId = await newProject();
    const preview = await importReport(projectId, file, { dryRun: 'true' });
    expect(preview.mapping.name).toBe('ref');
    await importReport(projectId, file);
    expect((await layersOf(projectId)).map((layer) => layer.name)).toEqual(['164005004600', '164005004700']);
  });
});

describe('re-import', () => {
  it('replaces matched lots in place, keeping their history, observations and finance rows; reports unmatched ones', async () => {
    const projectId = await newProject();
    await importReport(projectId, fixture('saopaulo_lotes_utm23s_shp.zip'));
    const first = await layersOf(projectId);
    const lot = first.find((layer) => layer.customerCode === '1640050046')!;
    await context.db
      .insertInto('lotStatusHistory')
      .values({ layerId: lot.id, date: '2025-01-10', status: 'C', precision: null, source: 'manual' })
      .execute();
    const observation = await context.db
      .insertInto('layerObservations')
      .values({ layerId: lot.id, date: '2025-01-11', description: 'Muro novo' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await context.db
      .insertInto('lotInformations')
      .values({ layerId: lot.id, projectId, nomeComprador: 'Maria' })
      .execute();

    // The KML has the same lots (matched by código); drop two lots and move one by about 1 m.
    const dropped = [...kmlVertices('saopaulo_lotes_wgs84.kml').keys()]
      .filter((code) => code !== '1640050046')
      .slice(0, 2);
    const kml = fixture('saopaulo_lotes_wgs84.kml')
      .toString('utf8')
      .split('\n')
      .filter((line) => !dropped.some((code) => line.includes(`<value>${code}</value>`)))
      .join('\n')
      .replace(
        /(<Data name="codigo"><value>1640050046<\/value>.*?<coordinates>)([^<]+)/s,
        (_all, head: string, points: string) =>
          head +
          points
            .trim()
            .split(/\s+/)
            .map((point) => {
              const [lon, lat] = point.split(',').map(Number);
              return `${(lon! + 0.00001).toFixed(7)},${lat},0`;
            })
            .join(' '),
      );
    const report = await importReport(projectId, Buffer.from(kml));
    expect(report.lots).toMatchObject({ created: 0, updated: 190, unmatched: 2 });
    expect(report.lots.unmatchedLots.map((old) => old.customer_code).sort()).toEqual(dropped.sort());
    expect(
      report.preview.features.find((f) => f.properties.customer_code === '1640050046')!.properties,
    ).toMatchObject({
      outcome: 'update',
      matched_layer_id: lot.id,
    });
    const second = await layersOf(projectId);
    expect(second).toHaveLength(192);
    const moved = second.find((layer) => layer.id === lot.id)!;
    expect(metres(firstVertex(moved.geoJson), firstVertex(lot.geoJson))).toBeGreaterThan(0.9);
    const history = await context.db
      .selectFrom('lotStatusHistory')
      .selectAll()
      .where('layerId', '=', lot.id)
      .execute();
    expect(history).toHaveLength(1);
    expect(
      await context.db.selectFrom('layerObservations').select('id').where('layerId', '=', lot.id).execute(),
    ).toEqual([{ id: observation.id }]);
    expect(
      await context.db
        .selectFrom('lotInformations')
        .select('nomeComprador')
        .where('layerId', '=', lot.id)
        .execute(),
    ).toEqual([{ nomeComprador: 'Maria' }]);

    // Matched by quadra + lote when the file has no código (the DXF): still no new lot.
    const dxf = await importReport(projectId, fixture('saopaulo_lotes_utm23s.dxf'), {
      epsg: '31983',
      deriveBlocks: 'true',
    });
    expect(dxf.lots).toMatchObject({ created: 0, updated: 192, unmatched: 0 });
    expect((await layersOf(projectId)).filter((layer) => layer.type === 'LOT')).toHaveLength(192);
  });

  it('derives one block per quadra, rewritten on the next import; a mapping naming a missing column is refused', async () => {
    const projectId = await newProject();
    const fields = {
      deriveBlocks: 'true',
      deriveStages: 'true',
      mapping: JSON.stringify({ stage: 'SETOR' }),
    };
    const missing = await post(admin, projectId, fixture('saopaulo_lotes_utm23s_shp.zip'), fields);
    expect(missing.json<ErrorResponse>()).toMatchObject({ statusCode: 422, code: 'VALIDATION' });
    expect(missing.json<ErrorResponse>().message).toContain("A coluna 'SETOR'");

    const report = await importReport(projectId, fixture('saopaulo_lotes_utm23s_shp.zip'), {
      deriveBlocks: 'true',
    });
    expect(report.derived).toMatchObject({ blocks: 6, stages: 0 });
    const again = await importReport(projectId, fixture('saopaulo_lotes_utm23s_shp.zip'), {
      deriveBlocks: 'true',
    });
    expect(again.lots).toMatchObject({ created: 0, updated: 192 });
    const blocks = (await layersOf(projectId)).filter((layer) => layer.type === 'BLOCK');
    expect(blocks).toHaveLength(6);
    const lots = (await layersOf(projectId)).filter(
      (layer) => layer.type === 'LOT' && layer.block === blocks[0]!.name,
    );
    const lotArea = lots.reduce((sum, layer) => sum + layer.areaM2, 0);
    expect(blocks[0]!.areaM2).toBeGreaterThan(lotArea * 0.98);
    expect(blocks[0]!.areaM2).toBeLessThan(lotArea * 1.05);
  });
});

describe('deriveStages', () => {
  /** The São Paulo UTM GeoJSON with an `etapa` column: quadras 164-005/006/008 are Etapa 1, the rest Etapa 2. */
  function withStages(): Buffer {
    const collection = JSON.parse(fixture('saopaulo_lotes_utm23s.geojson').toString('utf8')) as {
      features: { properties: Record<string, string> }[];
    };
    const first = new Set(['164-005', '164-006', '164-008']);
    for (const feature of collection.features)
      feature.properties.etapa = first.has(feature.properties.quadra!) ? 'Etapa 1' : 'Etapa 2';
    return Buffer.from(JSON.stringify(collection));
  }

  it('derives one STAGE per etapa around its lots (dry run writes nothing), rewritten on the next import', async () => {
    const projectId = await newProject();
    const fields = { deriveStages: 'true' };
    const dry = await importReport(projectId, withStages(), { ...fields, dryRun: 'true' });
    expect(dry.mapping).toMatchObject({ stage: 'etapa' });
    expect(dry.derived).toMatchObject({ stages: 2, blocks: 0 });
    expect(await layersOf(projectId)).toHaveLength(0);

    const report = await importReport(projectId, withStages(), fields);
    expect(report.derived).toMatchObject({ stages: 2, blocks: 0 });
    const layers = await layersOf(projectId);
    const stages = layers.filter((layer) => layer.type === 'STAGE');
    expect(stages.map((stage) => [stage.name, stage.stage])).toEqual([
      ['Etapa 1', 'Etapa 1'],
      ['Etapa 2', 'Etapa 2'],
    ]);
    const lots = layers.filter((layer) => layer.type === 'LOT');
    expect(lots.filter((lot) => lot.stage === 'Etapa 1')).toHaveLength(75);
    expect(lots.filter((lot) => lot.stage === 'Etapa 2')).toHaveLength(117);
    for (const stage of stages) {
      const outline = stage.geoJson as Polygon | MultiPolygon;
      const own = lots.filter((lot) => lot.stage === stage.name);
      // Every lot of the etapa inside it, none of the other's; the streets between its blocks filled in.
      for (const lot of lots) {
        const inside = booleanPointInPolygon(pointOnFeature(lot.geoJson as Polygon), outline);
        expect(inside, `${lot.name} ${lot.block} em ${stage.name}`).toBe(lot.stage === stage.name);
      }
      expect(stage.areaM2).toBeGreaterThan(own.reduce((sum, lot) => sum + lot.areaM2, 0));
    }

    const again = await importReport(projectId, withStages(), fields);
    expect(again.lots).toMatchObject({ created: 0, updated: 192 });
    const rewritten = (await layersOf(projectId)).filter((layer) => layer.type === 'STAGE');
    expect(rewritten.map((stage) => stage.name)).toEqual(['Etapa 1', 'Etapa 2']);
  });
});

/** A zip of one entry of `megabytes` MiB of zeros, deflated by zlib as it streams (about 1 MB on disk). */
async function zipBomb(name: string, megabytes: number): Promise<Buffer> {
  const deflate = zlib.createDeflateRaw({ level: 9 });
  const parts: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => parts.push(chunk));
  const zeros = Buffer.alloc(1024 * 1024);
  let crc = 0;
  for (let i = 0; i < megabytes; i++) {
    crc = zlib.crc32(zeros, crc);
    if (!deflate.write(zeros)) await new Promise((resolve) => deflate.once('drain', resolve));
  }
  await new Promise((resolve) => deflate.end(resolve));
  const data = Buffer.concat(parts);
  const size = megabytes * 1024 * 1024;
  const fileName = Buffer.from(name);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(8, 8);
  local.writeUInt32LE(crc >>> 0, 14);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(size, 22);
  local.writeUInt16LE(fileName.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(crc >>> 0, 16);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(size, 24);
  central.writeUInt16LE(fileName.length, 28);
  const centralStart = local.length + fileName.length + data.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + fileName.length, 12);
  end.writeUInt32LE(centralStart, 16);
  return Buffer.concat([local, fileName, data, central, fileName, end]);
}

describe('project boundary', () => {
  it('is derived from the lots when the project has none (a dry run only says so), never over a given one', async () => {
    const projectId = await newProject();
    await context.db
      .updateTable('projects')
      .set({ delimiter: null, bbox: null, center: null })
      .where('id', '=', projectId)
      .execute();
    const dry = await importReport(projectId, fixture('saopaulo_lotes_utm23s_shp.zip'), { dryRun: 'true' });
    expect(dry.derived.boundary).toBe(true);
    const unchanged = await context.db
      .selectFrom('projects')
      .select('delimiter')
      .where('id', '=', projectId)
      .executeTakeFirstOrThrow();
    expect(unchanged.delimiter).toBeNull();

    const report = await importReport(projectId, fixture('saopaulo_lotes_utm23s_shp.zip'));
    expect(report.derived.boundary).toBe(true);
    const project = await context.db
      .selectFrom('projects')
      .select(['delimiter', 'delimiterDerived', 'areaM2', 'bbox'])
      .where('id', '=', projectId)
      .executeTakeFirstOrThrow();
    expect(project.delimiterDerived).toBe(true);
    expect(project.delimiter).toMatchObject({ type: expect.stringMatching(/Polygon$/) });
    const lots = await layersOf(projectId);
    const lotsArea = lots.reduce((sum, lot) => sum + lot.areaM2, 0);
    // The outline holds every lot and the streets between them, not much more.
    expect(project.areaM2).toBeGreaterThan(lotsArea);
    expect(project.areaM2).toBeLessThan(lotsArea * 1.6);
    const [west, south, east, north] = project.bbox!;
    for (const lot of lots) {
      const [lon, lat] = firstVertex(lot.geoJson);
      expect(
        lon! >= west! - 1e-6 && lon! <= east! + 1e-6 && lat! >= south! - 1e-6 && lat! <= north! + 1e-6,
      ).toBe(true);
    }

    const given = await newProject();
    const before = await context.db
      .selectFrom('projects')
      .select('delimiter')
      .where('id', '=', given)
      .executeTakeFirstOrThrow();
    const kept = await importReport(given, fixture('saopaulo_lotes_utm23s_shp.zip'));
    expect(kept.derived.boundary).toBe(false);
    const after = await context.db
      .selectFrom('projects')
      .select('delimiter')
      .where('id', '=', given)
      .executeTakeFirstOrThrow();
    expect(after.delimiter).toEqual(before.delimiter);
  });
});

describe('archives', () => {
  it('refuses an archive with too many entries', async () => {
    const entries = Object.fromEntries(Array.from({ length: 201 }, (_, i) => [`f${i}.txt`, strToU8('x')]));
    const response = await post(admin, await newProject(), Buffer.from(zipSync(entries)));
    expect(response.json<ErrorResponse>()).toMatchObject({ statusCode: 413, code: 'DECOMPRESSION_BOMB' });
  });

  it('refuses a zip bomb (a small archive that unpacks past the limit) without unpacking it', async () => {
    const bomb = await zipBomb('lotes.shp', 520);
    expect(bomb.length).toBeLessThan(2 * 1024 * 1024);
    const projectId = await newProject();
    const response = await post(admin, projectId, bomb);
    expect(response.json<ErrorResponse>()).toMatchObject({ statusCode: 413, code: 'DECOMPRESSION_BOMB' });
    // The same archive lying about its size (1 KiB declared): inflating stops at the declared size.
    const liar = Buffer.from(bomb);
    liar.writeUInt32LE(1024, 22);
    liar.writeUInt32LE(1024, liar.length - 22 - 46 - 'lotes.shp'.length + 24);
    const lying = await post(admin, projectId, liar);
    expect(lying.statusCode).toBe(422);
    expect(lying.json<ErrorResponse>().code).toBe('INVALID_FILE');
    expect(await layersOf(projectId)).toHaveLength(0);
  });
});

describe('permissions', () => {
  it('is for ADMINs only: another customer, a MANAGER or USER with every module, an inactive ADMIN are refused before the file is read', async () => {
    const project = await make.buildProject();
    const file = fixture('saopaulo_lotes_wgs84.kml');
    const manager = await make.buildUser('MANAGER', ['allotment.map', 'allotment.security'], {
      customerId: project.customerId,
      projectIds: [project.id],
    });
    const user = await make.buildUser('USER', ['allotment.map'], {
      customerId: project.customerId,
      projectIds: [project.id],
    });
    const other = await make.buildUser('MANAGER', ['allotment.map']);
    for (const who of [manager, user, other]) {
      const response = await post(await make.signIn(who), project.id, file);
      expect(response.statusCode).toBe(403);
    }
    const inactiveAdmin = await make.buildUser('ADMIN');
    const token = await make.signIn(inactiveAdmin);
    await context.db.updateTable('users').set({ status: false }).where('id', '=', inactiveAdmin.id).execute();
    const inactive = await post(token, project.id, file);
    expect(inactive.json<ErrorResponse>()).toMatchObject({ statusCode: 403, code: 'USER_INACTIVE' });
    const anonymous = await context.app.inject({
      method: 'POST',
      url: `/api/v1/project/${project.id}/layers/import`,
    });
    expect(anonymous.statusCode).toBe(401);
    const missing = await post(admin, 2_000_000_000, file);
    expect(missing.json<ErrorResponse>()).toMatchObject({ statusCode: 404, code: 'PROJECT_NOT_FOUND' });
    expect(await layersOf(project.id)).toHaveLength(0);
  });
});
