import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { heightGridTiff, sampleHeights } from '@mirante/demo/elevation-model';
import { utmToLonLat, type Utm } from '@mirante/demo/projection';
import { ELEVATION_MESSAGES, volumeMeasureSchema, type VolumeMeasure } from '@mirante/shared';
import { bearer, createTestContext, type TestContext } from '../../../../test/test-app';
import { factories, type Factories } from '../../../../test/factories';
import { withClaimedSize } from '../../../../test/geotiff-fixtures';
import { multipartBody } from '../../../../test/multipart';

let ctx: TestContext;
let make: Factories;
const tokens = { admin: '', reader: '', noModules: '', other: '', inactive: '' };
const inspections = { before: 0, after: 0, plain: 0 };
const scenes = { before: 0, after: 0, plain: 0 };

// A 40 m square of ground near Maringá (UTM 22S), tilted 3 % east and 1 % north; later a 10 × 10 × 3 m pit.
const ORIGIN: Utm = [405_000, 7_410_000];
const ground = (x: number, y: number) => 550 + 0.03 * (x - ORIGIN[0]) + 0.01 * (y - ORIGIN[1]);
const PIT = { x0: ORIGIN[0] + 15, x1: ORIGIN[0] + 25, y0: ORIGIN[1] - 25, y1: ORIGIN[1] - 15 };
const inPit = (x: number, y: number) => x > PIT.x0 && x < PIT.x1 && y > PIT.y0 && y < PIT.y1;
const PIT_VOLUME = 10 * 10 * 3;

const dsm = (dug: boolean) =>
  heightGridTiff(sampleHeights(ORIGIN, 40, 40, 0.2, (x, y) => ground(x, y) - (dug && inPit(x, y) ? 3 : 0)));

/** A polygon (lon/lat) 3 m around the pit. */
const polygon = () => {
  const ring: Utm[] = [
    [PIT.x0 - 3, PIT.y0 - 3],
    [PIT.x1 + 3, PIT.y0 - 3],
    [PIT.x1 + 3, PIT.y1 + 3],
    [PIT.x0 - 3, PIT.y1 + 3],
    [PIT.x0 - 3, PIT.y0 - 3],
  ];
  return { type: 'Polygon', coordinates: [ring.map((point) => utmToLonLat(point))] };
};

const upload = (token: string, sceneId: number, content: Buffer) => {
  const body = multipartBody({}, [{ name: 'file', filename: 'dsm.tif', content, contentType: 'image/tiff' }]);
  return ctx.app.inject({
    method: 'POST',
    url: `/api/v1/scene/${sceneId}/dsm`,
    headers: { ...bearer(token), ...body.headers },
    payload: body.payload,
  });
};

const measureAs = (token: string, payload: Record<string, unknown>) =>
  ctx.app.inject({ method: 'POST', url: '/api/v1/notes/volume', headers: bearer(token), payload });

async function measure(payload: Record<string, unknown>): Promise<VolumeMeasure> {
  const response = await measureAs(tokens.reader, { geometry: polygon(), ...payload });
  expect(response.statusCode, response.body).toBe(200);
  return volumeMeasureSchema.strict().parse(response.json());
}

beforeAll(async () => {
  ctx = await createTestContext();
  make = factories(ctx);
  const customer = await make.buildCustomer();
  const admin = await make.buildUser('ADMIN');
  const reader = await make.buildUser('USER', ['construction.map'], { customerId: customer.id });
  const noModules = await make.buildUser('USER', ['allotment.map'], { customerId: customer.id });
  const inactive = await make.buildUser('USER', ['construction.map'], { customerId: customer.id });
  const other = await make.buildUser('MANAGER', ['construction.map', 'construction.notes']);
  const project = await make.buildProject({
    customerId: customer.id,
    projectType: 'CONSTRUCTION',
    corner: utmToLonLat([ORIGIN[0] + 5, ORIGIN[1] - 35]),
    memberIds: [reader.id, noModules.id, inactive.id],
  });
  for (const [key, date] of [
    ['before', '2026-01-10'],
    ['after', '2026-03-10'],
    ['plain', '2026-05-10'],
  ] as const) {
    scenes[key] = await make.buildScene(project.id, { date, published: true });
    inspections[key] = (
      await ctx.db
        .insertInto('inspections')
        .values({ projectId: project.id, sceneId: scenes[key], phase: 1 })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  }
  tokens.admin = await make.signIn(admin);
  tokens.reader = await make.signIn(reader);
  tokens.noModules = await make.signIn(noModules);
  tokens.other = await make.signIn(other);
  tokens.inactive = await make.signIn(inactive);
  await ctx.db.updateTable('users').set({ status: false }).where('id', '=', inactive.id).execute();
  expect((await upload(tokens.admin, scenes.before, await dsm(false))).statusCode).toBe(200);
  expect((await upload(tokens.admin, scenes.after, await dsm(true))).statusCode).toBe(200);
});

afterAll(() => ctx?.close());

describe('POST /scene/:id/dsm', () => {
  it('stores a float GeoTIFF and flags the inspection as having a DSM', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/inspections?project_id=${
        (await ctx.db.selectFrom('inspections').select('projectId').executeTakeFirstOrThrow()).projectId
      }`,
      headers: bearer(tokens.reader),
    });
    const flags = Object.fromEntries(
      (response.json() as { id: number; hasDsm: boolean }[]).map((item) => [item.id, item.hasDsm]),
    );
    expect(flags).toEqual({
      [inspections.before]: true,
      [inspections.after]: true,
      [inspections.plain]: false,
    });
  });

  it('refuses what is not a single-band float GeoTIFF in metres, and a user who is not ADMIN', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    const notTiff = await upload(tokens.admin, scenes.plain, png);
    expect(notTiff.statusCode).toBe(422);
    expect(notTiff.json()).toMatchObject({ message: 'O modelo de elevação deve ser um GeoTIFF válido.' });
    expect((await upload(tokens.reader, scenes.plain, await dsm(false))).statusCode).toBe(403);
    expect((await upload(tokens.admin, 2_000_000_000, await dsm(false))).statusCode).toBe(404);
    const stored = await ctx.db
      .selectFrom('sceneElevationModels')
      .select('sceneId')
      .where('sceneId', '=', scenes.plain)
      .execute();
    expect(stored).toEqual([]);
  });
  it('refuses a cut-short model and a decompression bomb at upload, storing nothing', async () => {
    const whole = await dsm(false);
    const cut = await upload(tokens.admin, scenes.plain, whole.subarray(0, Math.floor(whole.length / 2)));
    expect(cut.statusCode, cut.body).toBe(422);
    expect(cut.json()).toMatchObject({ message: ELEVATION_MESSAGES.truncated });
    const bomb = await upload(tokens.admin, scenes.plain, withClaimedSize(whole, 19_000, 19_000));
    expect(bomb.statusCode, bomb.body).toBe(422);
    expect(bomb.json()).toMatchObject({ message: ELEVATION_MESSAGES.bomb });
    const stored = await ctx.db
      .selectFrom('sceneElevationModels')
      .select('sceneId')
      .where('sceneId', '=', scenes.plain)
      .execute();
    expect(stored).toEqual([]);
  });

  it('refuses a model that does not cover the scene, and takes one that does', async () => {
    const [west, north] = utmToLonLat(ORIGIN);
    const [east, south] = utmToLonLat([ORIGIN[0] + 40, ORIGIN[1] - 40]);
    const setBounds = (bounds: number[] | null) =>
      ctx.db.updateTable('scenes').set({ bounds }).where('id', '=', scenes.plain).execute();
    await setBounds([-47.1, -15.9, -47.0, -15.8]);
    const far = await upload(tokens.admin, scenes.plain, await dsm(false));
    expect(far.statusCode).toBe(422);
    expect(far.json()).toMatchObject({ message: 'O modelo de elevação não cobre a área da imagem.' });
    const kept = () =>
      ctx.db
        .selectFrom('sceneElevationModels')
        .select('sceneId')
        .where('sceneId', '=', scenes.plain)
        .execute();
    expect(await kept()).toEqual([]);
    await setBounds([west + 0.0001, south + 0.0001, east + 0.001, north + 0.001]);
    const near = await upload(tokens.admin, scenes.plain, await dsm(false));
    expect(near.statusCode, near.body).toBe(200);
    expect(await kept()).toEqual([{ sceneId: scenes.plain }]);
    await ctx.db.deleteFrom('sceneElevationModels').where('sceneId', '=', scenes.plain).execute();
    await setBounds(null);
  });
});

describe('POST /notes/volume', () => {
  it.each(['triangulate', 'plane', 'lowest', 'average', 'highest'] as const)(
    'measures the 300 m³ pit as cut against the %s base, within 1 per cent where the base is the ground',
    async (base) => {
      const result = await measure({ inspection_id: inspections.after, base });
      expect(result.base).toBe(base);
      if (base === 'triangulate' || base === 'plane') {
        expect(Math.abs(result.cut - PIT_VOLUME) / PIT_VOLUME).toBeLessThan(0.01);
        expect(result.fill).toBeLessThan(1);
      }
      expect(result.net).toBeCloseTo(result.fill - result.cut, 6);
      expect(Math.abs(result.measuredArea - 16 * 16)).toBeLessThan(3);
    },
  );

  it('uses a typed height as a flat base', async () => {
    const result = await measure({ inspection_id: inspections.before, base: 'custom', baseHeight: 500 });
    expect(result.cut).toBe(0);
    expect(result.baseHeight).toBe(500);
    expect(result.fill).toBeGreaterThan(16 * 16 * 50);
  });

  it('gives the cut between two inspections, whichever is named first', async () => {
    const forward = await measure({
      inspection_id: inspections.after,
      compare_inspection_id: inspections.before,
    });
    expect(Math.abs(forward.cut - PIT_VOLUME) / PIT_VOLUME).toBeLessThan(0.01);
    expect(forward.compare_inspection_id).toBe(inspections.before);
    const backward = await measure({
      inspection_id: inspections.before,
      compare_inspection_id: inspections.after,
    });
    expect(Math.abs(backward.cut - PIT_VOLUME) / PIT_VOLUME).toBeLessThan(0.01);
  });

  it('refuses an inspection without DSM, a line, a typed base without height and a polygon off the model', async () => {
    const none = await measureAs(tokens.reader, { inspection_id: inspections.plain, geometry: polygon() });
    expect(none.statusCode).toBe(422);
    expect(none.json()).toMatchObject({ message: 'A imagem desta vistoria não possui modelo de elevação.' });
    const line = await measureAs(tokens.reader, {
      inspection_id: inspections.after,
      geometry: { type: 'LineString', coordinates: polygon().coordinates[0]?.slice(0, 2) },
    });
    expect(line.json()).toMatchObject({ message: 'O volume é medido sobre um polígono.' });
    const custom = await measureAs(tokens.reader, {
      inspection_id: inspections.after,
      geometry: polygon(),
      base: 'custom',
    });
    expect(custom.statusCode).toBe(422);
    const far = await measureAs(tokens.reader, {
      inspection_id: inspections.after,
      geometry: {
        type: 'Polygon',
        coordinates: [
          [
            [-50, -20],
            [-49.9, -20],
            [-49.9, -19.9],
            [-50, -20],
          ],
        ],
      },
    });
    expect(far.statusCode).toBe(422);
  });

  it('refuses a user without construction modules, another customer and an inactive user', async () => {
    const body = { inspection_id: inspections.after, geometry: polygon() };
    expect((await measureAs(tokens.noModules, body)).statusCode).toBe(403);
    expect((await measureAs(tokens.other, body)).statusCode).toBe(404);
    expect((await measureAs(tokens.inactive, body)).statusCode).toBe(403);
  });
});
