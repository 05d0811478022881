import { execFile, spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminScene, CreatedGisKey } from '@mirante/shared';
import { multipartBody } from '../../../test/multipart';
import { factories, type BuiltUser, type Factories } from '../../../test/factories';
import { bearer, createTestContext, type TestContext } from '../../../test/test-app';

/**
 * GDAL as the GIS client, against the app on a real port: WMTS through the capabilities with a key, the OGC API
 * – Features collections through GDAL's OAPIF driver, and the keys GDAL must be refused with.
 */
const run = promisify(execFile);
const TESTDATA = path.resolve(__dirname, '../../../../../testdata/imagery');
const SCENE_FILE = 'colorado_pixels_sirgas_utm22s_maringa.tif';
const HAS_GDAL = !spawnSync('gdalinfo', ['--version']).error;
if (!HAS_GDAL)
  console.warn('gdalinfo ausente (instale gdal-bin): os testes GDAL das rotas GIS foram pulados.');

const HALF_WORLD = 20037508.342789244;
const mercator = (lon: number, lat: number): [number, number] => [
  (lon * HALF_WORLD) / 180,
  (Math.log(Math.tan(((90 + lat) * Math.PI) / 360)) * HALF_WORLD) / Math.PI,
];

let context: TestContext;
let make: Factories;
let base: string;
let projectId: number;
let owner: BuiltUser;
let key: string;
let work: string;

/** gdalinfo/ogrinfo/gdal_translate/gdalwarp, their output (a failure rejects with stderr). */
async function gdal(command: string, args: string[]): Promise<string> {
  const { stdout } = await run(command, args, {
    // No WMS/WMTS disk cache: every read reaches the server, and nothing is left in the working folder.
    env: {
      ...process.env,
      GDAL_HTTP_TIMEOUT: '60',
      CPL_VSIL_CURL_USE_HEAD: 'NO',
      GDAL_DISABLE_READDIR_ON_OPEN: 'EMPTY_DIR',
      GDAL_ENABLE_WMS_CACHE: 'NO',
    },
    maxBuffer: 20 * 1024 * 1024,
  });
  return stdout;
}

/** The exit status and error of a GDAL command expected to fail. */
async function gdalFails(command: string, args: string[]): Promise<string> {
  try {
    await gdal(command, args);
  } catch (error) {
    return String((error as { stderr?: string }).stderr ?? error);
  }
  throw new Error(`${command} ${args.join(' ')} deveria falhar`);
}

async function ingest(admin: string, date: string): Promise<AdminScene> {
  const body = multipartBody({ date, project: String(projectId), publishImage: 'true' }, [
    { name: 'file', filename: SCENE_FILE, content: await readFile(path.join(TESTDATA, SCENE_FILE)) },
  ]);
  const response = await context.app.inject({
    method: 'POST',
    url: '/api/v1/scene',
    headers: { ...bearer(admin), ...body.headers },
    payload: body.payload,
  });
  expect(response.statusCode, response.body).toBe(200);
  await context.services.scenes.whenIdle();
  return response.json<AdminScene>();
}

async function newKey(user: BuiltUser): Promise<CreatedGisKey> {
  const response = await context.app.inject({
    method: 'POST',
    url: '/api/v1/gis-keys',
    headers: bearer(await make.signIn(user)),
    payload: { name: 'GDAL' },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<CreatedGisKey>();
}

const capabilities = (withKey: string) =>
  `${base}/gis/project/${projectId}/wmts/1.0.0/WMTSCapabilities.xml?key=${withKey}`;
const features = (withKey: string) => `OAPIF:${base}/gis/project/${projectId}/ogc?key=${withKey}`;

beforeAll(async () => {
  if (!HAS_GDAL) return;
  context = await createTestContext();
  make = factories(context);
  work = await mkdtemp(path.join(os.tmpdir(), 'mirante-gis-gdal-'));
  // The scene's footprint (gdalinfo of the file) with a margin: a scene must overlap its project.
  const project = await make.buildProject({
    delimiter: {
      type: 'Polygon',
      coordinates: [
        [
          [-51.9038, -23.3941],
          [-51.9022, -23.3941],
          [-51.9022, -23.3928],
          [-51.9038, -23.3928],
          [-51.9038, -23.3941],
        ],
      ],
    },
  });
  projectId = project.id;
  const admin = await make.signIn(await make.buildUser('ADMIN'));
  await ingest(admin, '2024-06-01');
  await ingest(admin, '2024-06-02');
  for (const [name, block] of [
    ['Lote São João 1', 'Quadra Ômega'],
    ['Lote 2', 'Quadra Ômega'],
    ['Lote 3', 'Quadra Açaí'],
  ] as const)
    await make.buildLayer(projectId, { name, block, stage: 'Etapa Única' });
  const [first] = await context.db
    .selectFrom('layers')
    .select('id')
    .where('projectId', '=', projectId)
    .orderBy('id')
    .execute();
  await context.db
    .insertInto('lotStatusHistory')
    .values({
      layerId: first!.id,
      date: '2024-06-02',
      status: 'C',
      precision: null,
      source: 'manual',
      sceneId: null,
    })
    .execute();
  owner = await make.buildUser('MANAGER', ['allotment.map'], {
    customerId: project.customerId,
    projectIds: [projectId],
  });
  key = (await newKey(owner)).key;
  await context.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(context.app.server.address() as AddressInfo).port}`;
}, 240_000);

afterAll(async () => {
  if (!HAS_GDAL) return;
  await context.close();
  await rm(work, { recursive: true, force: true });
});

describe.runIf(HAS_GDAL)('GDAL reads the WMTS of a project with a GIS key', () => {
  it('gdalinfo lists one layer per published scene date', async () => {
    const output = await gdal('gdalinfo', [`WMTS:${capabilities(key)}`]);
    console.info(`gdalinfo WMTS:…/WMTSCapabilities.xml?key=…\n${output.replaceAll(key, '«chave»')}`);
    expect(output).toMatch(/SUBDATASET_1_NAME=WMTS:.*layer=2024-06-01/);
    expect(output).toMatch(/SUBDATASET_2_NAME=WMTS:.*layer=2024-06-02/);
    expect(output).toContain('SUBDATASET_1_DESC=Layer Imagem de 01/06/2024');
    const layer = await gdal('gdalinfo', [`WMTS:${capabilities(key)},layer=2024-06-01`]);
    console.info(`gdalinfo WMTS:…,layer=2024-06-01\n${layer.replaceAll(key, '«chave»')}`);
    expect(layer).toMatch(/ID\["EPSG",3857\]/);
    expect(layer).toMatch(/Band 4 Block=\d+x\d+ Type=Byte, ColorInterp=Alpha/);
    // The file's own corners (gdalinfo of the GeoTIFF: 51°54'11.75"W 23°23'35.95"S, 51°54'9.73"W 23°23'37.09"S).
    expect(layer).toMatch(/Upper Left .*\( 51d54'11\.7\d"W, 23d23'35\.9\d"S\)/);
    expect(layer).toMatch(/Lower Right .*\( 51d54' 9\.7\d"W, 23d23'37\.0\d"S\)/);
  });

  it('gdal_translate of a window through WMTS lands within one pixel of gdalwarp of the original', async () => {
    const tileJson = await fetch(
      `${base}/gis/project/${projectId}/scenes/2024-06-01/tilejson.json?key=${key}`,
    );
    const { maxzoom } = (await tileJson.json()) as { maxzoom: number };
    const resolution = (2 * HALF_WORLD) / (256 * 2 ** maxzoom);
    // Well inside the scene (gdalinfo's corners: 51°54'11.75"W 23°23'35.95"S to 51°54'9.73"W 23°23'37.09"S).
    const [west, north] = mercator(-51.90318, -23.39338);
    const [east, south] = mercator(-51.90278, -23.39358);
    const snap = (value: number) => Math.round(value / resolution) * resolution;
    const window = [snap(west), snap(north), snap(east), snap(south)].map(String);
    const viaWmts = path.join(work, 'wmts.png');
    await gdal('gdal_translate', [
      '-q',
      '-of',
      'PNG',
      '-projwin',
      ...window,
      `WMTS:${capabilities(key)},layer=2024-06-01`,
      viaWmts,
    ]);
    const warped = path.join(work, 'warped.tif');
    await gdal('gdalwarp', [
      '-q',
      '-overwrite',
      '-t_srs',
      'EPSG:3857',
      '-r',
      'bilinear',
      '-dstalpha',
      '-te',
      window[0]!,
      window[3]!,
      window[2]!,
      window[1]!,
      '-tr',
      String(resolution),
      String(resolution),
      path.join(TESTDATA, SCENE_FILE),
      warped,
    ]);
    const warpedPng = path.join(work, 'warped.png');
    await gdal('gdal_translate', ['-q', '-of', 'PNG', warped, warpedPng]);
    const a = await sharp(viaWmts).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    const b = await sharp(warpedPng).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    expect([a.info.width, a.info.height]).toEqual([b.info.width, b.info.height]);
    const { width, height } = a.info;
    const grey = (data: Buffer, i: number) => (data[i]! + data[i + 1]! + data[i + 2]!) / 3;
    // The window is no flat colour: a wrong placement would show.
    let mean = 0;
    for (let i = 0; i < a.data.length; i += 4) mean += grey(a.data, i);
    mean /= width * height;
    let variance = 0;
    for (let i = 0; i < a.data.length; i += 4) variance += (grey(a.data, i) - mean) ** 2;
    expect(Math.sqrt(variance / (width * height))).toBeGreaterThan(10);
    const errors = new Map<string, number>();
    let best = { dx: 99, dy: 99, error: Infinity };
    for (let dy = -4; dy <= 4; dy++)
      for (let dx = -4; dx <= 4; dx++) {
        let sum = 0;
        let count = 0;
        for (let y = 6; y < height - 6; y++)
          for (let x = 6; x < width - 6; x++) {
            const i = (y * width + x) * 4;
            const j = ((y + dy) * width + (x + dx)) * 4;
            if (a.data[i + 3] === 0 || b.data[j + 3] === 0) continue;
            sum += Math.abs(grey(a.data, i) - grey(b.data, j));
            count++;
          }
        const error = sum / count;
        errors.set(`${dx},${dy}`, error);
        if (error < best.error) best = { dx, dy, error };
      }
    console.info(
      `WMTS × gdalwarp (${width}×${height} px em z${maxzoom}): melhor deslocamento ${best.dx},${best.dy} px, ` +
        `diferença média ${best.error.toFixed(2)} (deslocado 1 px: ${errors.get('1,0')!.toFixed(2)} a leste, ` +
        `${errors.get('0,1')!.toFixed(2)} ao sul)`,
    );
    expect(Math.abs(best.dx)).toBeLessThanOrEqual(1);
    expect(Math.abs(best.dy)).toBeLessThanOrEqual(1);
    expect(best.error).toBeLessThan(25);
  });

  it('serves through the key the same tile bytes as the map', async () => {
    const space = (
      await context.db
        .selectFrom('projects')
        .select('space')
        .where('id', '=', projectId)
        .executeTakeFirstOrThrow()
    ).space;
    const admin = await make.signIn(await make.buildUser('ADMIN'));
    const [x, y] = mercator(-51.903, -23.3935);
    const z = 19;
    const tx = Math.floor((x + HALF_WORLD) / ((2 * HALF_WORLD) / 2 ** z));
    const ty = Math.floor((HALF_WORLD - y) / ((2 * HALF_WORLD) / 2 ** z));
    for (const format of ['png', 'webp']) {
      const viaKey = await fetch(
        `${base}/gis/project/${projectId}/wmts/tiles/2024-06-01/${z}/${tx}/${ty}.${format}?key=${key}`,
      );
      const viaMap = await fetch(`${base}/tiles/${space}/2024-06-01/${z}/${tx}/${ty}.${format}`, {
        headers: bearer(admin),
      });
      expect(viaKey.status).toBe(200);
      expect(viaKey.headers.get('content-type')).toBe(`image/${format}`);
      expect(Buffer.from(await viaKey.arrayBuffer()).equals(Buffer.from(await viaMap.arrayBuffer()))).toBe(
        true,
      );
    }
  });
});

describe.runIf(HAS_GDAL)('JPEG tiles and the TIME dimension', () => {
  const tileOf = (lon: number, lat: number, z: number) => {
    const [x, y] = mercator(lon, lat);
    const size = (2 * HALF_WORLD) / 2 ** z;
    return [Math.floor((x + HALF_WORLD) / size), Math.floor((HALF_WORLD - y) / size)];
  };

  it('lists image/jpeg in the capabilities and serves JPEG tiles GDAL reads as 3 bands, no alpha', async () => {
    const xml = await (await fetch(capabilities(key))).text();
    expect(xml).toContain('<Format>image/jpeg</Format>');
    expect(xml).toMatch(/<ResourceURL format="image\/jpeg" resourceType="tile" template="[^"]+\.jpeg\?key=/);
    const [tx, ty] = tileOf(-51.903, -23.3935, 19);
    const url = `${base}/gis/project/${projectId}/wmts/tiles/2024-06-01/19/${tx}/${ty}.jpeg?key=${key}`;
    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/jpeg');
    const info = await gdal('gdalinfo', [`/vsicurl/${url}`]);
    console.info(
      `gdalinfo /vsicurl/…/wmts/tiles/2024-06-01/19/${tx}/${ty}.jpeg?key=…\n${info.replaceAll(key, '«chave»')}`,
    );
    expect(info).toContain('Driver: JPEG/JPEG JFIF');
    expect(info).toContain('Size is 256, 256');
    expect(info).toMatch(/Band 3 Block=256x1 Type=Byte, ColorInterp=Blue/);
    expect(info).not.toMatch(/Band 4/);
    // A tile at the scene's edge: what lies outside the scene is composed on white.
    const [ex, ey] = tileOf(-51.90337, -23.39332, 17);
    const edge = await fetch(
      `${base}/gis/project/${projectId}/wmts/tiles/2024-06-01/17/${ex}/${ey}.jpeg?key=${key}`,
    );
    const { data, info: size } = await sharp(Buffer.from(await edge.arrayBuffer()))
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect(size.channels).toBe(3);
    expect([data[0], data[1], data[2]].every((value) => value! > 245)).toBe(true);
    const tileJson = (await (
      await fetch(`${base}/gis/project/${projectId}/scenes/2024-06-01/tilejson.json?key=${key}&format=jpeg`)
    ).json()) as { tiles: string[] };
    expect(tileJson.tiles[0]).toMatch(/\/2024-06-01\/\{z\}\/\{x\}\/\{y\}\.jpeg\?key=/);
  });

  it("gdalinfo lists the layer 'imagem' with its Time dimension: each published date, the latest by default", async () => {
    const output = await gdal('gdalinfo', [`WMTS:${capabilities(key)}`]);
    expect(output).toMatch(/SUBDATASET_3_NAME=WMTS:.*layer=imagem/);
    expect(output).toContain('SUBDATASET_3_DESC=Layer Imagem (todas as datas)');
    const layer = await gdal('gdalinfo', [`WMTS:${capabilities(key)},layer=imagem`]);
    console.info(`gdalinfo WMTS:…,layer=imagem\n${layer.replaceAll(key, '«chave»')}`);
    expect(layer).toMatch(/ID\["EPSG",3857\]/);
    const xml = await (await fetch(capabilities(key))).text();
    expect(xml).toContain(
      '<Dimension><ows:Title>Data da imagem</ows:Title><ows:Identifier>Time</ows:Identifier><ows:UOM>ISO8601</ows:UOM><Default>2024-06-02</Default><Current>false</Current><Value>2024-06-01</Value><Value>2024-06-02</Value></Dimension>',
    );
    // KVP GetTile of the time layer: TIME picks the date, the latest without it.
    const [tx, ty] = tileOf(-51.903, -23.3935, 19);
    const kvp = (extra: string) =>
      fetch(
        `${base}/gis/project/${projectId}/wmts?key=${key}&SERVICE=WMTS&REQUEST=GetTile&VERSION=1.0.0&LAYER=imagem&STYLE=default&FORMAT=image/png&TILEMATRIXSET=GoogleMapsCompatible&TILEMATRIX=19&TILEROW=${ty}&TILECOL=${tx}${extra}`,
      ).then(async (response) => ({
        status: response.status,
        body: Buffer.from(await response.arrayBuffer()),
      }));
    const direct = async (date: string) =>
      Buffer.from(
        await (
          await fetch(`${base}/gis/project/${projectId}/wmts/tiles/${date}/19/${tx}/${ty}.png?key=${key}`)
        ).arrayBuffer(),
      );
    const first = await kvp('&TIME=2024-06-01');
    expect(first.status).toBe(200);
    expect(first.body.equals(await direct('2024-06-01'))).toBe(true);
    const latest = await kvp('');
    expect(latest.status).toBe(200);
    expect(latest.body.equals(await direct('2024-06-02'))).toBe(true);
    expect((await kvp('&TIME=2024-06-03')).status).toBe(404);
  });
});

describe.runIf(HAS_GDAL)('the original of a published scene through a key', () => {
  it('is the file as delivered, which GDAL opens over HTTP', async () => {
    const url = `${base}/gis/project/${projectId}/scenes/2024-06-01/original?key=${key}`;
    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/tiff');
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="${SCENE_FILE}"`);
    const delivered = await readFile(path.join(TESTDATA, SCENE_FILE));
    expect(Buffer.from(await response.arrayBuffer()).equals(delivered)).toBe(true);
    const head = await fetch(url, { headers: { range: 'bytes=0-3' } });
    expect(head.status).toBe(206);
    expect(head.headers.get('content-range')).toBe(`bytes 0-3/${delivered.length}`);
    expect(Buffer.from(await head.arrayBuffer()).equals(delivered.subarray(0, 4))).toBe(true);
    const tail = await fetch(url, { headers: { range: `bytes=${delivered.length - 10}-` } });
    expect(Buffer.from(await tail.arrayBuffer()).equals(delivered.subarray(-10))).toBe(true);
    const beyond = await fetch(url, { headers: { range: `bytes=${delivered.length}-` } });
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get('content-range')).toBe(`bytes */${delivered.length}`);
    // GDAL reads it over HTTP by ranges, as QGIS does with a remote GeoTIFF.
    const info = await gdal('gdalinfo', [`/vsicurl/${url}`]);
    console.info(
      `gdalinfo /vsicurl/…/scenes/2024-06-01/original?key=…\n${info
        .replaceAll(key, '«chave»')
        .split('\n')
        .filter((line) => /Size is|PROJCRS|Pixel Size|Upper Left|Lower Right/.test(line))
        .join('\n')}`,
    );
    expect(info).toContain('Size is 383, 232');
    expect(info).toMatch(/PROJCRS\["SIRGAS 2000 \/ UTM zone 22S"/);
  });
});

describe.runIf(HAS_GDAL)('the original as a Cloud Optimized GeoTIFF', () => {
  it('is built with GDAL from a plain GeoTIFF, and GDAL reports its COG layout', async () => {
    const url = `${base}/gis/project/${projectId}/scenes/2024-06-01/cog?key=${key}`;
    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/tiff');
    expect(response.headers.get('content-disposition')).toBe(
      'attachment; filename="colorado_pixels_sirgas_utm22s_maringa.cog.tif"',
    );
    const file = path.join(work, 'cena.cog.tif');
    await writeFile(file, Buffer.from(await response.arrayBuffer()));
    const info = await gdal('gdalinfo', [file]);
    console.info(
      `gdalinfo …/scenes/2024-06-01/cog\n${info
        .split('\n')
        .filter((line) => /Driver|Size is|PROJCRS|LAYOUT|COMPRESSION|Overviews|Block=/.test(line))
        .join('\n')}`,
    );
    expect(info).toMatch(/Image Structure Metadata:[\s\S]*LAYOUT=COG/);
    expect(info).toContain('Size is 383, 232');
    expect(info).toMatch(/PROJCRS\["SIRGAS 2000 \/ UTM zone 22S"/);
    // The same pixels as the original.
    const original = await gdal('gdalinfo', ['-checksum', path.join(TESTDATA, SCENE_FILE)]);
    const built = await gdal('gdalinfo', ['-checksum', file]);
    expect(built.match(/Checksum=\d+/g)).toEqual(original.match(/Checksum=\d+/g));
    // A second download is the same file, from the server's copy.
    const again = Buffer.from(await (await fetch(url)).arrayBuffer());
    expect(again.equals(await readFile(file))).toBe(true);
  });
});

describe.runIf(HAS_GDAL)('GDAL reads the OGC API – Features of a project (OAPIF)', () => {
  it('ogrinfo lists the collections and reads the lots with their pt-BR attributes, accents kept', async () => {
    const list = await gdal('ogrinfo', ['-ro', features(key)]);
    console.info(`ogrinfo OAPIF:…/ogc?key=…\n${list.replaceAll(key, '«chave»')}`);
    expect(list).toMatch(/1: lotes/);
    expect(list).toMatch(/quadras/);
    const summary = await gdal('ogrinfo', ['-ro', '-so', features(key), 'lotes']);
    console.info(`ogrinfo -so OAPIF:…/ogc?key=… lotes\n${summary.replaceAll(key, '«chave»')}`);
    expect(summary).toContain('Feature Count: 3');
    expect(summary).toMatch(/GEOGCRS\["WGS 84"/);
    for (const field of [
      'lote: String',
      'quadra: String',
      'etapa: String',
      'situacao: String',
      'data: Date',
      'confianca: Real',
      'area_m2: Real',
    ])
      expect(summary).toContain(field);
    const all = await gdal('ogrinfo', ['-ro', '-al', '-q', features(key), 'lotes']);
    expect(all).toContain('lote (String) = Lote São João 1');
    expect(all).toContain('quadra (String) = Quadra Ômega');
    expect(all).toContain('situacao_nome (String) = Construído');
    expect(all).toContain('quadra (String) = Quadra Açaí');
  });

  it('follows the next links page by page (PAGE_SIZE=2) and reads every lot', async () => {
    const paged = await gdal('ogrinfo', ['-ro', '-al', '-q', '-oo', 'PAGE_SIZE=2', features(key), 'lotes']);
    expect(paged.match(/OGRFeature\(lotes\)/g)).toHaveLength(3);
  });

  it('reads with the key as the basic-auth password, no key in the URL', async () => {
    const output = await gdal('ogrinfo', [
      '-ro',
      '-so',
      '--config',
      'GDAL_HTTP_AUTH',
      'BASIC',
      '--config',
      'GDAL_HTTP_USERPWD',
      `qgis:${key}`,
      `OAPIF:${base}/gis/project/${projectId}/ogc`,
      'lotes',
    ]);
    expect(output).toContain('Feature Count: 3');
  });
});

describe.runIf(HAS_GDAL)('GDAL is refused', () => {
  it('with a key of another customer, a revoked key and a key of an inactivated owner', async () => {
    const stranger = (await newKey(await make.buildUser('MANAGER', ['allotment.map']))).key;
    expect(await gdalFails('gdalinfo', [`WMTS:${capabilities(stranger)}`])).toMatch(/404/);
    expect(await gdalFails('ogrinfo', ['-ro', '-so', features(stranger), 'lotes'])).toMatch(/404/);

    const revoked = await newKey(owner);
    expect(await gdal('gdalinfo', [`WMTS:${capabilities(revoked.key)}`])).toContain('SUBDATASET_1_NAME');
    await context.app.inject({
      method: 'POST',
      url: `/api/v1/gis-keys/${revoked.id}/revoke`,
      headers: bearer(await make.signIn(owner)),
    });
    expect(await gdalFails('gdalinfo', [`WMTS:${capabilities(revoked.key)}`])).toMatch(/401/);
    expect(await gdalFails('ogrinfo', ['-ro', '-so', features(revoked.key), 'lotes'])).toMatch(/401/);

    const leaving = await make.buildUser('USER', ['allotment.map'], {
      customerId: owner.customerId,
      projectIds: [projectId],
    });
    const leavingKey = (await newKey(leaving)).key;
    expect(await gdal('ogrinfo', ['-ro', '-so', features(leavingKey), 'lotes'])).toContain(
      'Feature Count: 3',
    );
    await context.db.updateTable('users').set({ status: false }).where('id', '=', leaving.id).execute();
    expect(await gdalFails('ogrinfo', ['-ro', '-so', features(leavingKey), 'lotes'])).toMatch(/403/);
  });

  it('with a key on a route that is not a GIS route (the map’s tiles, the API)', async () => {
    const space = (
      await context.db
        .selectFrom('projects')
        .select('space')
        .where('id', '=', projectId)
        .executeTakeFirstOrThrow()
    ).space;
    const tile = `${base}/tiles/${space}/2024-06-01/19/0/0.png?key=${key}`;
    expect(await gdalFails('gdalinfo', [`/vsicurl/${tile}`])).toMatch(/401|not recognized|does not exist/i);
    expect((await fetch(tile)).status).toBe(401);
    const api = await fetch(`${base}/api/v1/project/${projectId}/scenes?key=${key}`);
    expect(api.status).toBe(401);
    const basic = await fetch(`${base}/api/v1/project/${projectId}/scenes`, {
      headers: { authorization: `Basic ${Buffer.from(`x:${key}`).toString('base64')}` },
    });
    expect(basic.status).toBe(401);
  });
});
