import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { AdminScene, Scene } from '@mirante/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { factories, type Factories } from '../../../test/factories';
import { multipartBody } from '../../../test/multipart';
import { bearer, createTestContext, type TestContext } from '../../../test/test-app';
import { createArchiveReader } from '../../imagery/archive-reader';
import { createPmtilesWriter } from '../../imagery/pmtiles-writer';
import { DEFAULT_IMAGE_LIMITS } from '../../imagery/limits';
import { openSceneSource } from '../../imagery/open-scene-source';
import { mercatorFootprint } from '../../imagery/scene-footprint';
import { lonLatToMercator, mercatorToLonLatBounds, tileRangeFor } from '../../imagery/tile-math';
import { createLocalStorage } from '../../storage/local-storage';

/**
 * New archives hold WebP (what the map asks for, served as stored); PNG is made for the clients that ask for
 * it; archives written before (PNG) are still served in both formats.
 */
const TESTDATA = path.resolve(__dirname, '../../../../../testdata/imagery');
const FILE = 'colorado_hro_rgb_0.15m_nad83_utm13n.tif';
const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47]);

let context: TestContext;
let make: Factories;
let admin: string;
let projectId: number;
let customerId: number;
let scene: Scene;
let archiveKey: string;
/** A tile of the scene's native zoom with imagery in it. */
let inside: { z: number; x: number; y: number };

const storage = () => createLocalStorage(context.config.storageDir);

function tileUrl(target: Scene, format: 'png' | 'webp', at = inside): string {
  return `/tiles/${target.projectSpace}/${target.isoDate}/${at.z}/${at.x}/${at.y}.${format}`;
}

const get = (url: string, token: string) =>
  context.app.inject({ method: 'GET', url, headers: bearer(token) });

async function ingest(date: string): Promise<Scene> {
  const body = multipartBody({ date, project: String(projectId), publishImage: 'true' }, [
    { name: 'file', filename: FILE, content: await readFile(path.join(TESTDATA, FILE)) },
  ]);
  const response = await context.app.inject({
    method: 'POST',
    url: '/api/v1/scene',
    headers: { ...bearer(admin), ...body.headers },
    payload: body.payload,
  });
  expect(response.statusCode, response.body).toBe(200);
  await context.services.scenes.whenIdle();
  const id = response.json<AdminScene>().id;
  const listed = await get(`/api/v1/project/${projectId}/scenes`, admin);
  const found = listed.json<Scene[]>().find((item) => item.id === id)!;
  expect(found.status, found.errorMessage ?? '').toBe('ready');
  return found;
}

async function archiveKeyOf(id: number): Promise<string> {
  const row = await context.db
    .selectFrom('scenes')
    .select('archiveKey')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return row.archiveKey!;
}

const rgba = (image: Buffer) => sharp(image).ensureAlpha().raw().toBuffer();

beforeAll(async () => {
  context = await createTestContext();
  make = factories(context);
  admin = await make.signIn(await make.buildUser('ADMIN'));
  const source = await openSceneSource(path.join(TESTDATA, FILE), 'geotiff', null, DEFAULT_IMAGE_LIMITS);
  const footprint = mercatorToLonLatBounds(mercatorFootprint(source));
  await source.close();
  const { west, south, east, north } = footprint;
  const project = await make.buildProject({
    delimiter: {
      type: 'Polygon',
      coordinates: [
        [
          [west, south],
          [east, south],
          [east, north],
          [west, north],
          [west, south],
        ],
      ],
    },
  });
  projectId = project.id;
  customerId = project.customerId;
  scene = await ingest('2026-02-01');
  archiveKey = await archiveKeyOf(scene.id);
  const reader = createArchiveReader(storage());
  // The middle tile of the native zoom: inside the photo, all imagery.
  const z = scene.maxZoom!;
  const [[w, s], [e, n]] = scene.bounds!;
  const [minX, minY] = lonLatToMercator(w!, s!);
  const [maxX, maxY] = lonLatToMercator(e!, n!);
  const range = tileRangeFor({ minX, minY, maxX, maxY }, z);
  inside = { z, x: Math.floor((range.minX + range.maxX) / 2), y: Math.floor((range.minY + range.maxY) / 2) };
  expect(await reader.tile(archiveKey, inside.z, inside.x, inside.y)).not.toBeNull();
}, 120_000);

afterAll(() => context?.close());

describe('stored tile format', () => {
  it('stores WebP and serves the stored bytes as they are to the map', async () => {
    const reader = createArchiveReader(storage());
    expect(await reader.format(archiveKey)).toBe('webp');
    const stored = (await reader.tile(archiveKey, inside.z, inside.x, inside.y))!;
    expect(stored.subarray(0, 4).toString()).toBe('RIFF');
    expect(stored.subarray(8, 12).toString()).toBe('WEBP');
    const response = await get(tileUrl(scene, 'webp'), admin);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/webp');
    expect(response.rawPayload.equals(stored)).toBe(true);
  });

  it('makes PNG for a client that asks for it: the same pixels as the stored WebP', async () => {
    const response = await get(tileUrl(scene, 'png'), admin);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.rawPayload.subarray(0, 4).equals(PNG_MAGIC)).toBe(true);
    const webp = await get(tileUrl(scene, 'webp'), admin);
    expect((await rgba(response.rawPayload)).equals(await rgba(webp.rawPayload))).toBe(true);
    const etags = [response.headers.etag, webp.headers.etag];
    expect(new Set(etags).size).toBe(2);
  });

  it('serves transparent tiles outside the scene in the format asked', async () => {
    const outside = { z: inside.z, x: 0, y: 0 };
    for (const format of ['png', 'webp'] as const) {
      const response = await get(tileUrl(scene, format, outside), admin);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe(`image/${format}`);
      const pixels = await rgba(response.rawPayload);
      expect(pixels.every((value, index) => index % 4 !== 3 || value === 0)).toBe(true);
    }
  });

  it('still serves an archive written as PNG (an older install): PNG as stored, WebP made from it', async () => {
    const old = await ingest('2026-02-02');
    // Rewrite its archive as the ingest wrote them before: the same tiles as PNG, tile type 2.
    const reader = createArchiveReader(storage());
    const webpKey = await archiveKeyOf(old.id);
    const writer = await createPmtilesWriter(path.join(context.config.storageDir, 'old.spool'));
    const pngOf = new Map<string, Buffer>();
    const z = inside.z;
    for (let x = inside.x - 1; x <= inside.x + 1; x++)
      for (let y = inside.y - 1; y <= inside.y + 1; y++) {
        const tile = await reader.tile(webpKey, z, x, y);
        if (!tile) continue;
        const png = await sharp(tile).png().toBuffer();
        pngOf.set(`${x}/${y}`, png);
        await writer.addTile(z, x, y, png);
      }
    const pngKey = webpKey.replace(/\.pmtiles$/, '-png.pmtiles');
    await writer.finish(path.join(context.config.storageDir, pngKey), {
      bounds: {
        west: old.bounds![0][0],
        south: old.bounds![0][1],
        east: old.bounds![1][0],
        north: old.bounds![1][1],
      },
      minZoom: z,
      maxZoom: z,
      tileType: 2,
      metadata: { name: 'Mirante scene', format: 'png' },
    });
    await context.db.updateTable('scenes').set({ archiveKey: pngKey }).where('id', '=', old.id).execute();

    const png = await get(tileUrl(old, 'png'), admin);
    expect(png.statusCode).toBe(200);
    expect(png.headers['content-type']).toBe('image/png');
    expect(png.rawPayload.equals(pngOf.get(`${inside.x}/${inside.y}`)!)).toBe(true);
    const webp = await get(tileUrl(old, 'webp'), admin);
    expect(webp.statusCode).toBe(200);
    expect(webp.headers['content-type']).toBe('image/webp');
    expect(webp.rawPayload.subarray(8, 12).toString()).toBe('WEBP');
    // Lossy, so close rather than equal: mean absolute difference well under 3 levels.
    const [a, b] = [await rgba(png.rawPayload), await rgba(webp.rawPayload)];
    let difference = 0;
    for (let i = 0; i < a.length; i++) difference += Math.abs(a[i]! - b[i]!);
    expect(difference / a.length).toBeLessThan(3);
  });

  it('keeps the rules in both formats: another customer 404, no map module 403, inactive 403, no session 401', async () => {
    const otherCustomer = await make.signIn(await make.buildUser('MANAGER', ['allotment.map']));
    const noModule = await make.signIn(
      await make.buildUser('MANAGER', ['allotment.finance'], { customerId, projectIds: [projectId] }),
    );
    const inactiveUser = await make.buildUser('MANAGER', ['allotment.map'], {
      customerId,
      projectIds: [projectId],
    });
    const inactive = await make.signIn(inactiveUser);
    await context.db.updateTable('users').set({ status: false }).where('id', '=', inactiveUser.id).execute();
    const member = await make.signIn(
      await make.buildUser('MANAGER', ['allotment.map'], { customerId, projectIds: [projectId] }),
    );
    for (const format of ['png', 'webp'] as const) {
      const url = tileUrl(scene, format);
      expect((await get(url, member)).statusCode).toBe(200);
      expect((await get(url, otherCustomer)).statusCode).toBe(404);
      expect((await get(url, noModule)).statusCode).toBe(403);
      expect((await get(url, inactive)).statusCode).toBe(403);
      expect((await context.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
  });
});
