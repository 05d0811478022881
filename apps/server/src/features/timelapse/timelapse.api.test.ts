import { execFile, spawnSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TIMELAPSE_MESSAGES, type TimelapseExport } from '@mirante/shared';
import { factories, type BuiltUser, type Factories } from '../../../test/factories';
import { bearer, createTestContext, type TestContext } from '../../../test/test-app';

/**
 * The timelapse against real PostgreSQL and really ingested scenes: three PNG scenes of one colour each over a
 * project (red, blue, then a cloudy green), a lot with a status per date. Frames are read back pixel by pixel;
 * exports are opened with sharp (frame count, size).
 */
const CORNER: [number, number] = [-51.95, -23.42];
const SIDE = 0.002;
const BOUNDS = { west: CORNER[0], south: CORNER[1], east: CORNER[0] + SIDE, north: CORNER[1] + SIDE };
const VIEW = { ...BOUNDS, width: 320, height: 240 };
const SCENES = [
  { date: '2026-01-10', colour: { r: 200, g: 30, b: 30 }, cloud: 5 },
  { date: '2026-03-10', colour: { r: 30, g: 40, b: 200 }, cloud: null },
  { date: '2026-05-10', colour: { r: 30, g: 190, b: 40 }, cloud: 80 },
];

let context: TestContext;
let make: Factories;
let projectId: number;
let projectName: string;
let lotId: number;
let member: string;
let memberUser: BuiltUser;
let colleague: string;
let otherCustomer: string;
let withoutModule: string;
let inactive: string;
let sceneIds: number[];
let unpublishedSceneId: number;
let work: string;

const viewQuery = (extra: Record<string, string | number> = {}) =>
  new URLSearchParams(
    Object.entries({ ...VIEW, ...extra }).map(([key, value]): [string, string] => [key, String(value)]),
  ).toString();

const frame = (token: string, sceneId: number, extra: Record<string, string | number> = {}) =>
  context.app.inject({
    method: 'GET',
    url: `/api/v1/project/${projectId}/timelapse/frame?${viewQuery({ scene_id: sceneId, ...extra })}`,
    headers: bearer(token),
  });

const startExport = (token: string, body: Record<string, unknown>, id = projectId) =>
  context.app.inject({
    method: 'POST',
    url: `/api/v1/project/${id}/timelapse/exports`,
    headers: bearer(token),
    payload: { ...VIEW, ...body },
  });

/** The pixel at (x, y) of a PNG. */
async function pixel(png: Buffer, x: number, y: number): Promise<[number, number, number]> {
  const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * info.channels;
  return [data[at]!, data[at + 1]!, data[at + 2]!];
}

async function finishedExport(token: string, body: Record<string, unknown>): Promise<TimelapseExport> {
  const response = await startExport(token, body);
  expect(response.statusCode, response.body).toBe(201);
  const started = response.json() as TimelapseExport;
  await context.services.timelapse.whenIdle();
  const status = await context.app.inject({
    method: 'GET',
    url: `/api/v1/timelapse-exports/${started.id}`,
    headers: bearer(token),
  });
  expect(status.statusCode, status.body).toBe(200);
  return status.json() as TimelapseExport;
}

beforeAll(async () => {
  context = await createTestContext();
  make = factories(context);
  work = await mkdtemp(path.join(os.tmpdir(), 'timelapse-test-'));
  const project = await make.buildProject({ corner: CORNER });
  projectId = project.id;
  projectName = project.name;
  sceneIds = [];
  for (const scene of SCENES) {
    const file = path.join(work, `${scene.date}.png`);
    await sharp({ create: { width: 400, height: 400, channels: 3, background: scene.colour } })
      .png()
      .toFile(file);
    const ingested = await context.services.scenes.ingestLocalFile({
      projectId,
      date: scene.date,
      filePath: file,
      bounds: BOUNDS,
      cloud: scene.cloud,
      publish: true,
      wait: true,
    });
    expect(ingested.status).toBe('ready');
    sceneIds.push(ingested.id);
  }
  const hiddenFile = path.join(work, 'hidden.png');
  await sharp({ create: { width: 400, height: 400, channels: 3, background: '#ffffff' } })
    .png()
    .toFile(hiddenFile);
  unpublishedSceneId = (
    await context.services.scenes.ingestLocalFile({
      projectId,
      date: '2026-02-10',
      filePath: hiddenFile,
      bounds: BOUNDS,
      publish: false,
      wait: true,
    })
  ).id;
  lotId = await make.buildLayer(projectId, { name: 'Lote 7', block: 'Quadra 1' });
  await context.db.updateTable('layers').set({ tagValue: '7' }).where('id', '=', lotId).execute();
  await context.db
    .insertInto('lotStatusHistory')
    .values([
      { layerId: lotId, date: '2026-01-10', status: 'V', source: 'demo-ground-truth', precision: null },
      { layerId: lotId, date: '2026-03-10', status: 'E', source: 'demo-ground-truth', precision: null },
    ])
    .execute();
  memberUser = await make.buildUser('MANAGER', ['allotment.map'], {
    customerId: project.customerId,
    projectIds: [projectId],
  });
  member = await make.signIn(memberUser);
  colleague = await make.signIn(
    await make.buildUser('USER', ['allotment.map'], {
      customerId: project.customerId,
      projectIds: [projectId],
    }),
  );
  otherCustomer = await make.signIn(await make.buildUser('MANAGER', ['allotment.map']));
  withoutModule = await make.signIn(
    await make.buildUser('USER', ['allotment.finance'], {
      customerId: project.customerId,
      projectIds: [projectId],
    }),
  );
  const inactiveUser = await make.buildUser('USER', ['allotment.map'], {
    customerId: project.customerId,
    projectIds: [projectId],
  });
  inactive = await make.signIn(inactiveUser);
  await context.db.updateTable('users').set({ status: false }).where('id', '=', inactiveUser.id).execute();
}, 120_000);

afterAll(async () => {
  await context.close();
  await rm(work, { recursive: true, force: true });
});

describe('timelapse frames', () => {
  it('draws each published scene over the view, with its own pixels', async () => {
    const first = await frame(member, sceneIds[0]!);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers['content-type']).toBe('image/png');
    const meta = await sharp(first.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([VIEW.width, VIEW.height]);
    // The centre is away from the lot (in the south-west corner) and from the date box (top left).
    const [r1, g1, b1] = await pixel(first.rawPayload, 200, 140);
    expect(r1).toBeGreaterThan(150);
    expect(g1 + b1).toBeLessThan(120);
    const second = await frame(member, sceneIds[1]!);
    const [r2, , b2] = await pixel(second.rawPayload, 200, 140);
    expect(b2).toBeGreaterThan(150);
    expect(r2).toBeLessThan(80);
  });

  it('draws the date box and the followed lot in its status colour of that date', async () => {
    const plain = await frame(member, sceneIds[1]!);
    const followed = await frame(member, sceneIds[1]!, { lot_id: lotId });
    expect(followed.statusCode, followed.body).toBe(200);
    // The date box darkens the top-left corner of the blue scene.
    const [r, g, b] = await pixel(plain.rawPayload, 14, 14);
    expect(r + g + b).toBeLessThan(140);
    // The followed lot adds its white outline: the frames differ.
    expect(Buffer.compare(plain.rawPayload, followed.rawPayload)).not.toBe(0);
  });

  it('enlarges a scene’s coarsest tiles for a view closer than its native zoom', async () => {
    const centre = [BOUNDS.west + SIDE / 2, BOUNDS.south + SIDE / 2] as const;
    const close = await frame(member, sceneIds[0]!, {
      west: centre[0] - SIDE / 40,
      east: centre[0] + SIDE / 40,
      south: centre[1] - SIDE / 40,
      north: centre[1] + SIDE / 40,
    });
    expect(close.statusCode, close.body).toBe(200);
    const meta = await sharp(close.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([VIEW.width, VIEW.height]);
    const [r, g, b] = await pixel(close.rawPayload, 200, 140);
    expect(r).toBeGreaterThan(150);
    expect(g + b).toBeLessThan(120);
  });

  it('draws a scene where its offset puts it: 60 m east leaves the view’s west edge empty', async () => {
    const [r0] = await pixel((await frame(member, sceneIds[0]!)).rawPayload, 80, 140);
    expect(r0).toBeGreaterThan(150);
    const setOffset = async (metres: number) => {
      await context.db
        .updateTable('scenes')
        .set({ offsetX: metres })
        .where('id', '=', sceneIds[0]!)
        .execute();
      context.services.scenes.tiles.forget([sceneIds[0]!], []);
    };
    await setOffset(60);
    try {
      const moved = await frame(member, sceneIds[0]!);
      // The background below the scenes (38, 42, 48) west of the moved scene, the scene east of it.
      expect(await pixel(moved.rawPayload, 80, 140)).toEqual([38, 42, 48]);
      expect((await pixel(moved.rawPayload, 200, 140))[0]).toBeGreaterThan(150);
    } finally {
      await setOffset(0);
    }
  });

  it('refuses an unpublished scene, another project’s lot and a bad view with pt-BR messages', async () => {
    const unpublished = await frame(member, unpublishedSceneId);
    expect(unpublished.statusCode).toBe(404);
    expect(unpublished.json().message).toBe(TIMELAPSE_MESSAGES.sceneNotInTimelapse);
    const other = await make.buildProject();
    const foreignLot = await make.buildLayer(other.id, { name: 'Lote 1' });
    const lot = await frame(member, sceneIds[0]!, { lot_id: foreignLot });
    expect(lot.statusCode).toBe(404);
    expect(lot.json().message).toBe(TIMELAPSE_MESSAGES.lotNotFound);
    const box = await frame(member, sceneIds[0]!, { east: VIEW.west - 0.01 });
    expect(box.statusCode).toBe(422);
    expect(box.json().message).toContain(TIMELAPSE_MESSAGES.bboxInvalid);
  });

  it('keeps the project’s rules: another customer 404, no module 403, inactive 403', async () => {
    expect((await frame(otherCustomer, sceneIds[0]!)).statusCode).toBe(404);
    expect((await frame(withoutModule, sceneIds[0]!)).statusCode).toBe(403);
    const refused = await frame(inactive, sceneIds[0]!);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('USER_INACTIVE');
  });
});

describe('timelapse exports', () => {
  it('exports an animated WebP of every published scene, named by project, lot and dates', async () => {
    const done = await finishedExport(member, { format: 'webp', lot_id: lotId, frame_ms: 500 });
    expect(done.status).toBe('ready');
    expect(done.progress).toBe(100);
    expect(done.frames).toBe(3);
    expect(done.file_name).toMatch(/-lote-7-timelapse-2026-01-10-a-2026-05-10\.webp$/);
    expect(done.file_name.startsWith(projectName.toLowerCase().slice(0, 5))).toBe(true);
    const file = await context.app.inject({
      method: 'GET',
      url: `/api/v1/timelapse-exports/${done.id}/file`,
      headers: bearer(member),
    });
    expect(file.statusCode, file.body).toBe(200);
    expect(file.headers['content-type']).toBe('image/webp');
    expect(String(file.headers['content-disposition'])).toContain(done.file_name);
    const meta = await sharp(file.rawPayload, { animated: true }).metadata();
    expect(meta.pages).toBe(3);
    expect(meta.width).toBe(VIEW.width);
    expect(meta.pageHeight).toBe(VIEW.height);
    expect(meta.delay).toEqual([500, 500, 500]);
    // First frame red, last green: the scenes in date order.
    const firstFrame = await sharp(file.rawPayload, { page: 0 }).png().toBuffer();
    const lastFrame = await sharp(file.rawPayload, { page: 2 }).png().toBuffer();
    expect((await pixel(firstFrame, 200, 140))[0]).toBeGreaterThan(150);
    expect((await pixel(lastFrame, 200, 140))[1]).toBeGreaterThan(150);
  });

  it('skips cloudy scenes and keeps the date range; a GIF with the frames left', async () => {
    const done = await finishedExport(member, { format: 'gif', max_cloud: 50, from: '2026-02-01' });
    expect(done.status).toBe('ready');
    // 10/01 is before the range, 10/05 has 80 % clouds; 10/03 has no cloud share recorded and stays.
    expect(done.frames).toBe(1);
    expect(done.file_name).toMatch(/-mapa-timelapse-2026-03-10-a-2026-03-10\.gif$/);
    const file = await context.app.inject({
      method: 'GET',
      url: `/api/v1/timelapse-exports/${done.id}/file?api_token=${member}`,
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/gif');
    expect((await sharp(file.rawPayload).metadata()).format).toBe('gif');
  });

  it('refuses filters that leave no scene, and a reversed range, changing nothing', async () => {
    const before = await context.db.selectFrom('timelapseExports').select('id').execute();
    const none = await startExport(member, { format: 'webp', from: '2027-01-01' });
    expect(none.statusCode).toBe(422);
    expect(none.json()).toMatchObject({ code: 'TIMELAPSE_NO_SCENES', message: TIMELAPSE_MESSAGES.noScenes });
    const reversed = await startExport(member, { format: 'webp', from: '2026-05-01', to: '2026-01-01' });
    expect(reversed.statusCode).toBe(422);
    expect(reversed.json().message).toContain(TIMELAPSE_MESSAGES.rangeInvalid);
    const format = await startExport(member, { format: 'avi' });
    expect(format.statusCode).toBe(422);
    expect(format.json().message).toContain(TIMELAPSE_MESSAGES.formatInvalid);
    const after = await context.db.selectFrom('timelapseExports').select('id').execute();
    expect(after).toHaveLength(before.length);
  });

  it('shows an export to its owner only; others and other customers get 404, no module 403', async () => {
    const done = await finishedExport(member, { format: 'webp' });
    for (const token of [colleague, otherCustomer]) {
      const status = await context.app.inject({
        method: 'GET',
        url: `/api/v1/timelapse-exports/${done.id}`,
        headers: bearer(token),
      });
      expect(status.statusCode).toBe(404);
      expect(status.json().message).toBe(TIMELAPSE_MESSAGES.exportNotFound);
      const file = await context.app.inject({
        method: 'GET',
        url: `/api/v1/timelapse-exports/${done.id}/file`,
        headers: bearer(token),
      });
      expect(file.statusCode).toBe(404);
    }
    expect((await startExport(otherCustomer, { format: 'webp' })).statusCode).toBe(404);
    expect((await startExport(withoutModule, { format: 'webp' })).statusCode).toBe(403);
    expect((await startExport(inactive, { format: 'webp' })).statusCode).toBe(403);
  });

  it('says when the file is not ready yet, and when it has expired from the storage', async () => {
    const row = await context.db
      .insertInto('timelapseExports')
      .values({
        projectId,
        userId: memberUser.id,
        lotId: null,
        format: 'webp',
        request: JSON.stringify({ ...VIEW, frameMs: 800 }),
        sceneIds,
        fileName: 'x.webp',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const url = `/api/v1/timelapse-exports/${row.id}/file`;
    const waiting = await context.app.inject({ method: 'GET', url, headers: bearer(member) });
    expect(waiting.statusCode).toBe(409);
    expect(waiting.json().message).toBe(TIMELAPSE_MESSAGES.exportNotReady);
    await context.db
      .updateTable('timelapseExports')
      .set({ status: 'ready', fileKey: 'jobs/timelapse/gone.webp' })
      .where('id', '=', row.id)
      .execute();
    const gone = await context.app.inject({ method: 'GET', url, headers: bearer(member) });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe(TIMELAPSE_MESSAGES.exportExpired);
  });
});

/** Debian's `ffmpeg` package (`ffmpeg` and `ffprobe`): `.ci/run` installs it; without it the MP4 test skips. */
const HAS_FFMPEG = !spawnSync('ffprobe', ['-version']).error && !spawnSync('ffmpeg', ['-version']).error;

describe('timelapse MP4 exports', () => {
  it('lists MP4 among the formats when ffmpeg is installed; needs a session', async (test) => {
    if (!HAS_FFMPEG) test.skip('ffmpeg/ffprobe não estão instalados: teste do MP4 ignorado');
    const formats = await context.app.inject({
      method: 'GET',
      url: '/api/v1/timelapse-formats',
      headers: bearer(colleague),
    });
    expect(formats.statusCode, formats.body).toBe(200);
    expect(formats.json()).toEqual([
      { format: 'webp', available: true, reason: null },
      { format: 'gif', available: true, reason: null },
      { format: 'mp4', available: true, reason: null },
    ]);
    expect((await context.app.inject({ method: 'GET', url: '/api/v1/timelapse-formats' })).statusCode).toBe(
      401,
    );
  });

  it('exports an H.264 MP4 (yuv420p, even sides, faststart) of the scenes, one frame each', async (test) => {
    if (!HAS_FFMPEG) test.skip('ffmpeg/ffprobe não estão instalados: teste do MP4 ignorado');
    // An odd width: H.264 in yuv420p needs even sides, so the video is one pixel narrower.
    const done = await finishedExport(member, { format: 'mp4', lot_id: lotId, frame_ms: 500, width: 321 });
    expect(done.status, done.error ?? '').toBe('ready');
    expect(done.frames).toBe(3);
    expect(done.file_name).toMatch(/-lote-7-timelapse-2026-01-10-a-2026-05-10\.mp4$/);
    const file = await context.app.inject({
      method: 'GET',
      url: `/api/v1/timelapse-exports/${done.id}/file`,
      headers: bearer(member),
    });
    expect(file.statusCode, file.body).toBe(200);
    expect(file.headers['content-type']).toBe('video/mp4');
    const saved = path.join(work, done.file_name);
    await writeFile(saved, file.rawPayload);
    const { stdout } = await promisify(execFile)('ffprobe', [
      ...['-v', 'error', '-count_frames', '-select_streams', 'v:0'],
      ...['-show_entries', 'stream=codec_name,pix_fmt,width,height,nb_read_frames,avg_frame_rate'],
      ...['-of', 'json', saved],
    ]);
    const [stream] = (JSON.parse(stdout) as { streams: Array<Record<string, unknown>> }).streams;
    expect(stream).toMatchObject({
      codec_name: 'h264',
      pix_fmt: 'yuv420p',
      width: 320,
      height: VIEW.height,
      nb_read_frames: '3',
      avg_frame_rate: '2/1',
    });
    // faststart: the index (moov) comes before the pictures (mdat), so a browser plays it while it downloads.
    expect(file.rawPayload.indexOf('moov')).toBeLessThan(file.rawPayload.indexOf('mdat'));
    // The frames in date order: the first red, the last green (the lot is in the south-west corner).
    const frameAt = async (index: number) =>
      (
        await promisify(execFile)(
          'ffmpeg',
          [
            ...['-v', 'error', '-i', saved, '-vf', `select=eq(n\\,${index})`, '-frames:v', '1'],
            ...['-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pipe:1'],
          ],
          { encoding: 'buffer', maxBuffer: 16 * 1024 * 1024 },
        )
      ).stdout;
    const centre = (200 + 140 * 320) * 3;
    const first = await frameAt(0);
    const last = await frameAt(2);
    expect(first[centre]).toBeGreaterThan(150);
    expect(last[centre + 1]).toBeGreaterThan(150);
  });

  it('refuses MP4 with 422 and a pt-BR reason, and lists why, when the server has no ffmpeg', async () => {
    const without = await createTestContext({ ffmpegPath: path.join(work, 'sem-ffmpeg') });
    try {
      const users = factories(without);
      const project = await users.buildProject({ corner: CORNER });
      const token = await users.signIn(
        await users.buildUser('MANAGER', ['allotment.map'], {
          customerId: project.customerId,
          projectIds: [project.id],
        }),
      );
      const formats = await without.app.inject({
        method: 'GET',
        url: '/api/v1/timelapse-formats',
        headers: bearer(token),
      });
      expect(formats.json()).toContainEqual({
        format: 'mp4',
        available: false,
        reason: TIMELAPSE_MESSAGES.mp4Unavailable,
      });
      const refused = await without.app.inject({
        method: 'POST',
        url: `/api/v1/project/${project.id}/timelapse/exports`,
        headers: bearer(token),
        payload: { ...VIEW, format: 'mp4' },
      });
      expect(refused.statusCode).toBe(422);
      expect(refused.json()).toMatchObject({
        code: 'TIMELAPSE_MP4_UNAVAILABLE',
        message: TIMELAPSE_MESSAGES.mp4Unavailable,
      });
      expect(await without.db.selectFrom('timelapseExports').select('id').execute()).toHaveLength(0);
    } finally {
      await without.close();
    }
  });
});

describe('a timelapse export that fails', () => {
  it('names the scene whose tiles could not be read, and writes no file', async () => {
    const file = path.join(work, 'lost.png');
    await sharp({ create: { width: 400, height: 400, channels: 3, background: '#808080' } })
      .png()
      .toFile(file);
    const lost = await context.services.scenes.ingestLocalFile({
      projectId,
      date: '2026-07-10',
      filePath: file,
      bounds: BOUNDS,
      publish: true,
      wait: true,
    });
    const { archiveKey } = await context.db
      .selectFrom('scenes')
      .select('archiveKey')
      .where('id', '=', lost.id)
      .executeTakeFirstOrThrow();
    await rm(path.join(context.config.storageDir, archiveKey!));
    try {
      const done = await finishedExport(member, { format: 'webp', from: '2026-07-01' });
      expect(done.status).toBe('failed');
      expect(done.error).toBe(TIMELAPSE_MESSAGES.frameFailed('10/07/2026'));
      const row = await context.db
        .selectFrom('timelapseExports')
        .select('fileKey')
        .where('id', '=', done.id)
        .executeTakeFirstOrThrow();
      expect(row.fileKey).toBeNull();
    } finally {
      await context.db.deleteFrom('scenes').where('id', '=', lost.id).execute();
    }
  });
});
