import { readdir } from 'node:fs/promises';
import path from 'node:path';
import proj4 from 'proj4';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminScene, Scene } from '@mirante/shared';
import {
  lonLatToMercator,
  mercatorResolution,
  MERCATOR_HALF_WORLD,
  TILE_SIZE,
} from '../../imagery/tile-math';
import { plainTiff, syntheticGeoTiff, withClaimedSize } from '../../../test/geotiff-fixtures';
import { multipartBody, type MultipartFilePart } from '../../../test/multipart';
import { factories, type Factories } from '../../../test/factories';
import { bearer, createTestContext, type TestContext } from '../../../test/test-app';

let context: TestContext;
let make: Factories;
let admin: string;
/** A USER of the project's customer, linked to it, with the map module. */
let memberUser: string;
let otherCustomerUser: string;
let allotmentId: number;
let space: string;
let projectCustomerId: number;

function upload(token: string, fields: Record<string, string>, file?: MultipartFilePart) {
  const body = multipartBody(fields, file ? [file] : []);
  return context.app.inject({
    method: 'POST',
    url: '/api/v1/scene',
    headers: { ...bearer(token), ...body.headers },
    payload: body.payload,
  });
}

const tiffPart = (content: Buffer, filename = 'cena.tif'): MultipartFilePart => ({
  name: 'file',
  filename,
  content,
});

/** Files stored for the project's scenes (or for every project). */
async function storedFiles(projectId?: number): Promise<string[]> {
  const root = path.join(context.config.storageDir, 'scenes', projectId === undefined ? '' : `p${projectId}`);
  const entries = await readdir(root, { recursive: true }).catch(() => [] as string[]);
  return entries.filter((entry) => path.extname(entry) !== '');
}

/** Scenes of the project (or of every project). */
async function sceneCount(projectId?: number): Promise<number> {
  let query = context.db.selectFrom('scenes').select((eb) => eb.fn.countAll<string>().as('count'));
  if (projectId !== undefined) query = query.where('projectId', '=', projectId);
  const row = await query.executeTakeFirstOrThrow();
  return Number(row.count);
}

async function decode(png: Buffer) {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width };
}

beforeAll(async () => {
  context = await createTestContext();
  make = factories(context);
  const project = await make.buildProject();
  allotmentId = project.id;
  space = project.space;
  projectCustomerId = project.customerId;
  admin = await make.signIn(await make.buildUser('ADMIN'));
  memberUser = await make.signIn(
    await make.buildUser('USER', ['allotment.map'], {
      customerId: project.customerId,
      projectIds: [allotmentId],
    }),
  );
  otherCustomerUser = await make.signIn(await make.buildUser('USER', ['allotment.map']));
});

afterAll(async () => {
  await context?.close();
});

describe('upload, ingest and tiles of a UTM GeoTIFF', () => {
  const fixture = syntheticGeoTiff();
  let scene: AdminScene;

  beforeAll(async () => {
    const response = await upload(
      admin,
      { date: '2026-03-15', project: String(allotmentId), cloud: '5', precision: '0.9' },
      tiffPart(fixture.bytes),
    );
    expect(response.statusCode, response.body).toBe(200);
    scene = response.json<AdminScene>();
    expect(['queued', 'processing', 'ready']).toContain(scene.status);
    await context.services.scenes.whenIdle();
  });

  it('reports the scene ready with its bounds, zooms and spec fields', async () => {
    const response = await context.app.inject({
      method: 'GET',
      url: `/api/v1/project/${allotmentId}/scenes`,
      headers: bearer(admin),
    });
    const [listed] = response.json<Scene[]>();
    expect(listed).toMatchObject({
      id: scene.id,
      date: '15032026',
      isoDate: '2026-03-15',
      dateFormatted: '15/03/2026',
      dateText: '15 de março de 2026',
      status: 'ready',
      progress: 100,
      publishImage: false,
      cloud: 5,
      precision: 0.9,
      detectId: null,
      offset: [0, 0],
    });
    expect(listed!.maxZoom).toBe(19);
    expect(listed!.tileUrl).toMatch(
      new RegExp(`^/tiles/${space}/2026-03-15/\\{z\\}/\\{x\\}/\\{y\\}\\.png\\?v=`),
    );
  });

  it('puts the marker pixel within one pixel of its true position', async () => {
    const utm = proj4('+proj=utm +zone=22 +south +ellps=GRS80 +units=m +no_defs', 'EPSG:4326');
    const [column, row] = fixture.marker;
    const [lon, lat] = utm.forward([
      fixture.originX + (column + 0.5) * fixture.pixelSize,
      fixture.originY - (row + 0.5) * fixture.pixelSize,
    ]);
    const z = 19;
    const [mx, my] = lonLatToMercator(lon!, lat!);
    const globalX = (mx + MERCATOR_HALF_WORLD) / mercatorResolution(z);
    const globalY = (MERCATOR_HALF_WORLD - my) / mercatorResolution(z);
    const tileX = Math.floor(globalX / TILE_SIZE);
    const tileY = Math.floor(globalY / TILE_SIZE);
    const response = await context.app.inject({
      method: 'GET',
      url: `/tiles/${space}/2026-03-15/${z}/${tileX}/${tileY}.png`,
      headers: bearer(admin),
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    const { data } = await decode(response.rawPayload);
    let sumX = 0;
    let sumY = 0;
    let weight = 0;
    for (let py = 0; py < TILE_SIZE; py++) {
      for (let px = 0; px < TILE_SIZE; px++) {
        const at = (py * TILE_SIZE + px) * 4;
        const redness = data[at]! - data[at + 1]!;
        if (redness > 20) {
          sumX += (px + 0.5) * redness;
          sumY += (py + 0.5) * redness;
          weight += redness;
        }
      }
    }
    expect(weight).toBeGreaterThan(0);
    const foundX = tileX * TILE_SIZE + sumX / weight;
    const foundY = tileY * TILE_SIZE + sumY / weight;
    expect(Math.hypot(foundX - globalX, foundY - globalY)).toBeLessThan(1);
  });

  it('serves a transparent tile outside the scene, with ETag, long cache and 304', async () => {
    const url = `/tiles/${space}/2026-03-15/19/1000/1000.png`;
    const response = await context.app.inject({ method: 'GET', url, headers: bearer(admin) });
    expect(response.statusCode).toBe(200);
    const { data } = await decode(response.rawPayload);
    expect(data.every((value, index) => index % 4 !== 3 || value === 0)).toBe(true);
    const etag = response.headers.etag as string;
    expect(etag).toMatch(/^"/);
    const again = await context.app.inject({
      method: 'GET',
      url,
      headers: { ...bearer(admin), 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);

    const listed = await context.app.inject({
      method: 'GET',
      url: `/api/v1/project/${allotmentId}/last-scene`,
      headers: bearer(admin),
    });
    const version = listed.json<{ data: Scene }>().data.tileUrl.split('?')[1];
    const versioned = await context.app.inject({
      method: 'GET',
      url: `${url}?${version}`,
      headers: bearer(admin),
    });
    expect(versioned.headers['cache-control']).toContain('immutable');
    const webp = await context.app.inject({
      method: 'GET',
      url: url.replace('.png', '.webp'),
      headers: bearer(admin),
    });
    expect(webp.headers['content-type']).toBe('image/webp');
  });

  it('applies permissions: other customer 404, unpublished hidden from USER, no session 401', async () => {
    const url = `/tiles/${space}/2026-03-15/19/0/0.png`;
    const get = (headers: Record<string, string>) => context.app.inject({ method: 'GET', url, headers });
    expect((await get({})).statusCode).toBe(401);
    expect((await get(bearer(otherCustomerUser))).statusCode).toBe(404);
    expect((await get(bearer(memberUser))).statusCode).toBe(404);
    const hidden = await context.app.inject({
      method: 'GET',
      url: `/api/v1/project/${allotmentId}/scenes`,
      headers: bearer(memberUser),
    });
    expect(hidden.json()).toEqual([]);
    const forbidden = await context.app.inject({
      method: 'POST',
      url: `/api/v1/scene/${scene.id}`,
      headers: bearer(memberUser),
      payload: { approval_status: true },
    });
    expect(forbidden.statusCode).toBe(404);

    const published = await context.app.inject({
      method: 'POST',
      url: `/api/v1/scene/${scene.id}`,
      headers: bearer(admin),
      payload: { approval_status: true },
    });
    expect(published.json<Scene>().approvalStatus).toBe(true);
    expect((await get(bearer(memberUser))).statusCode).toBe(200);
    expect(
      (await context.app.inject({ method: 'GET', url: `${url}?api_token=${memberUser}` })).statusCode,
    ).toBe(200);
    expect((await get(bearer(otherCustomerUser))).statusCode).toBe(404);
    const otherList = await context.app.inject({
      method: 'GET',
      url: `/api/v1/project/${allotmentId}/scenes`,
      headers: bearer(otherCustomerUser),
    });
    expect(otherList.statusCode).toBe(404);
    const adminOnly = await context.app.inject({
      method: 'GET',
      url: '/api/v1/scenes',
      headers: bearer(memberUser),
    });
    expect(adminOnly.statusCode).toBe(403);
  });

  it('moves the tiles by the stored offset', async () => {
    const url = `/tiles/${space}/2026-03-15/19`;
    const before = await context.services.scenes.listForProject(
      (await context.services.auth.resolveSession(admin))!,
      allotmentId,
    );
    const response = await context.app.inject({
      method: 'POST',
      url: `/api/v1/scene/${scene.id}`,
      headers: bearer(admin),
      payload: { offsetX: 10, offsetY: 0 },
    });
    expect(response.json<Scene>().offset).toEqual([10, 0]);
    expect(response.json<Scene>().tileUrl).not.toBe(before[0]!.tileUrl);
    const bounds = response.json<Scene>().bounds!;
    const [west] = lonLatToMercator(bounds[0][0], bounds[0][1]);
    const firstColumn = Math.floor((west + MERCATOR_HALF_WORLD) / mercatorResolution(19) / TILE_SIZE);
    const [, north] = lonLatToMercator(bounds[1][0], bounds[1][1]);
    const firstRow = Math.floor((MERCATOR_HALF_WORLD - north) / mercatorResolution(19) / TILE_SIZE);
    const tile = await context.app.inject({
      method: 'GET',
      url: `${url}/${firstColumn}/${firstRow}.png`,
      headers: bearer(admin),
    });
    expect(tile.statusCode).toBe(200);
    await context.app.inject({
      method: 'POST',
      url: `/api/v1/scene/${scene.id}`,
      headers: bearer(admin),
      payload: { offsetX: 0, offsetY: 0 },
    });
  });

  it('serves preview and original (as an attachment)', async () => {
    const preview = await context.app.inject({
      method: 'GET',
      url: `/tiles/${space}/2026-03-15/preview.png`,
      headers: bearer(admin),
    });
    expect(preview.statusCode).toBe(200);
    expect((await sharp(preview.rawPayload).metadata()).width).toBeGreaterThan(10);
    const original = await context.app.inject({
      method: 'GET',
      url: `/tiles/${space}/2026-03-15/original`,
      headers: bearer(admin),
    });
    expect(original.headers['content-disposition']).toContain('attachment');
    expect(original.rawPayload.equals(fixture.bytes)).toBe(true);
  });

  it('answers tiles on a listening server (the fast path before Fastify) as the routed handler does', async () => {
    const address = await context.app.listen({ port: 0, host: '127.0.0.1' });
    const tileUrl = `/tiles/${space}/2026-03-15/19/1000/1000.png`;
    const fetchTile = (url: string, init: RequestInit = {}) => fetch(`${address}${url}`, init);
    const auth = (token: string) => ({ authorization: `Bearer ${token}` });
    const errorCode = async (response: Response) => ((await response.json()) as { code: string }).code;

    const injected = await context.app.inject({ method: 'GET', url: tileUrl, headers: bearer(admin) });
    const served = await fetchTile(tileUrl, { headers: auth(admin) });
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(injected.rawPayload)).toBe(true);
    for (const name of ['etag', 'cache-control', 'vary', 'content-type', 'content-length']) {
      expect(served.headers.get(name), name).toBe(String(injected.headers[name]));
    }
    const etag = served.headers.get('etag')!;
    const again = await fetchTile(tileUrl, { headers: { ...auth(admin), 'if-none-match': `"x", ${etag}` } });
    expect(again.status).toBe(304);
    expect(again.headers.get('etag')).toBe(etag);
    expect(again.headers.get('cache-control')).toBe('private, max-age=300');

    const head = await fetchTile(tileUrl, { method: 'HEAD', headers: auth(admin) });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(injected.rawPayload.length));
    expect((await head.arrayBuffer()).byteLength).toBe(0);

    const version = injected.headers.etag!.toString().split('-')[1];
    const immutable = await fetchTile(`${tileUrl}?v=${version}&api_token=${admin}`);
    expect(immutable.status).toBe(200);
    expect(immutable.headers.get('cache-control')).toContain('immutable');

    const missing = await fetchTile(tileUrl);
    expect(missing.status).toBe(401);
    expect(await missing.json()).toEqual({
      statusCode: 401,
      code: 'UNAUTHORIZED',
      message: 'Sessão não informada. Entre novamente.',
    });
    expect((await fetchTile(tileUrl, { headers: auth('not-a-session') })).status).toBe(401);
    expect((await fetchTile(`${tileUrl}?api_token=not-a-session`)).status).toBe(401);
    const otherCustomer = await fetchTile(tileUrl, { headers: auth(otherCustomerUser) });
    expect(otherCustomer.status).toBe(404);
    // Another customer's scene answers as a missing one: the code names the scene, not its project.
    expect(await errorCode(otherCustomer)).toBe('SCENE_NOT_FOUND');
    const outsideTheWorld = await fetchTile(`/tiles/${space}/2026-03-15/2/9/9.png`, {
      headers: auth(admin),
    });
    expect(await errorCode(outsideTheWorld)).toBe('TILE_NOT_FOUND');
    const otherExtension = await fetchTile(tileUrl.replace('.png', '.jpg'), { headers: auth(admin) });
    expect(await errorCode(otherExtension)).toBe('TILE_NOT_FOUND');

    const manager = await make.buildUser('MANAGER', ['allotment.map'], {
      customerId: projectCustomerId,
      projectIds: [allotmentId],
    });
    const managerToken = await make.signIn(manager);
    await context.db.updateTable('users').set({ status: false }).where('id', '=', manager.id).execute();
    const inactive = await fetchTile(tileUrl, { headers: auth(managerToken) });
    expect(inactive.status).toBe(403);
    expect(await errorCode(inactive)).toBe('USER_INACTIVE');

    await context.app.inject({
      method: 'POST',
      url: `/api/v1/scene/${scene.id}`,
      headers: bearer(admin),
      payload: { approval_status: false },
    });
    expect((await fetchTile(tileUrl, { headers: auth(memberUser) })).status).toBe(404);
    expect((await fetchTile(tileUrl, { headers: auth(admin) })).status).toBe(200);
  });

  it('refuses a second scene on the same date', async () => {
    const response = await upload(
      admin,
      { date: '15/03/2026', project: String(allotmentId) },
      tiffPart(fixture.bytes),
    );
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe('Já existe uma imagem deste projeto nesta data.');
  });
});

describe('bad uploads are refused and leave nothing behind', () => {
  const good = syntheticGeoTiff();
  const cases: Array<[string, () => Promise<Buffer> | Buffer, number, RegExp]> = [
    ['not a TIFF', () => Buffer.from('isto não é uma imagem, só texto'), 422, /não é uma imagem GeoTIFF/],
    ['no georeference', () => plainTiff(), 422, /georreferenciamento/],
    [
      'a user-defined CRS it cannot read',
      () => syntheticGeoTiff({ geoKeys: { ProjectedCSTypeGeoKey: 32767, ProjCoordTransGeoKey: 99 } }).bytes,
      422,
      /não foi reconhecido/,
    ],
    ['an EPSG code outside the index', () => syntheticGeoTiff({ epsg: 9_999 }).bytes, 422, /EPSG:9999/],
    ['truncated', () => good.bytes.subarray(0, Math.floor(good.bytes.length / 2)), 422, /incompleto/],
    [
      'a decompression bomb',
      () => withClaimedSize(good.bytes, 30_000, 30_000),
      422,
      /bomba de descompressão/,
    ],
    ['too many pixels', () => withClaimedSize(good.bytes, 60_000, 60_000), 413, /megapixels/],
  ];

  for (const [name, content, status, message] of cases) {
    it(`refuses ${name}`, async () => {
      const scenesBefore = await sceneCount();
      const filesBefore = await storedFiles();
      const response = await upload(
        admin,
        { date: '2025-01-01', project: String(allotmentId) },
        tiffPart(await content()),
      );
      expect(response.statusCode, response.body).toBe(status);
      expect(response.json().message).toMatch(message);
      expect(await sceneCount()).toBe(scenesBefore);
      expect(await storedFiles()).toEqual(filesBefore);
    });
  }

  it('asks for the date and the project with the spec messages', async () => {
    const noDate = await upload(admin, { project: String(allotmentId) }, tiffPart(good.bytes));
    expect(noDate.json().message).toBe('Data da imagem obrigatória');
    const noProject = await upload(admin, { date: '2025-01-02' }, tiffPart(good.bytes));
    expect(noProject.json().message).toBe('Projeto da imagem obrigatório');
    const notAdmin = await upload(
      memberUser,
      { date: '2025-01-02', project: String(allotmentId) },
      tiffPart(good.bytes),
    );
    expect(notAdmin.statusCode).toBe(403);
  });

  it('refuses a file over the upload limit with 413', async () => {
    const small = await createTestContext({ sceneUploadMaxMb: 1 });
    try {
      const smallMake = factories(small);
      const token = await smallMake.signIn(await smallMake.buildUser('ADMIN'));
      const project = await smallMake.buildProject();
      const body = multipartBody({ date: '2025-02-01', project: String(project.id) }, [
        tiffPart(Buffer.concat([good.bytes, Buffer.alloc(1024 * 1024 + 10)])),
      ]);
      const response = await small.app.inject({
        method: 'POST',
        url: '/api/v1/scene',
        headers: { ...bearer(token), ...body.headers },
        payload: body.payload,
      });
      expect(response.statusCode).toBe(413);
      expect(response.json().message).toContain('ultrapassou o limite de 1MB');
    } finally {
      await small.close();
    }
  });
});

describe('deleting scenes', () => {
  it('deletes the chosen scenes with all their files and leaves other projects’ scenes alone', async () => {
    const project = await make.buildProject();
    const other = await make.buildProject();
    const uploadReady = async (projectId: number, date: string) => {
      const response = await upload(
        admin,
        { date, project: String(projectId) },
        tiffPart(syntheticGeoTiff().bytes),
      );
      expect(response.statusCode, response.body).toBe(200);
      return response.json<AdminScene>().id;
    };
    const ids = [await uploadReady(project.id, '2024-06-01'), await uploadReady(project.id, '2024-06-02')];
    await uploadReady(other.id, '2024-06-01');
    await context.services.scenes.whenIdle();
    expect((await storedFiles(project.id)).length).toBeGreaterThan(0);
    const otherFiles = await storedFiles(other.id);
    expect(otherFiles.length).toBeGreaterThan(0);

    const response = await context.app.inject({
      method: 'POST',
      url: '/api/v1/scenes/delete',
      headers: bearer(admin),
      payload: { ids },
    });
    expect(response.json()).toEqual({ deleted: 2 });
    expect(await storedFiles(project.id)).toEqual([]);
    expect(await sceneCount(project.id)).toBe(0);
    expect(await storedFiles(other.id)).toEqual(otherFiles);
    expect(await sceneCount(other.id)).toBe(1);
  });
});
