import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminScene, AreaGeometry, Scene, SceneAlignment } from '@mirante/shared';
import { DEFAULT_IMAGE_LIMITS } from '../../imagery/limits';
import { openSceneSource } from '../../imagery/open-scene-source';
import { groundResolution, mercatorFootprint } from '../../imagery/scene-footprint';
import { lonLatToMercator, mercatorToLonLatBounds, type LonLatBounds } from '../../imagery/tile-math';
import { factories, type Factories } from '../../../test/factories';
import { multipartBody } from '../../../test/multipart';
import { shiftedGeoTiff } from '../../../test/shifted-geotiff';
import { bearer, createTestContext, type TestContext } from '../../../test/test-app';

/**
 * Scenes that align themselves, proven on real imagery of testdata/: each file is uploaded, then copies of it
 * whose georeference is moved by known distances (1–40 m on both axes; the pixels untouched), and the offset
 * proposed for each copy must undo the move within half a pixel of the source.
 */
const TESTDATA = path.resolve(__dirname, '../../../../../testdata/imagery');
const SPACENET = 'spacenet_rio_pixels_sirgas_utm23s_saopaulo_lots.tif';
const COLORADO = 'colorado_hro_rgb_0.15m_nad83_utm13n.tif';
/** Another picture (Colorado) in the same CRS as SPACENET (SIRGAS 2000 / UTM 23S). */
const OTHER_PICTURE = 'colorado_pixels_sirgas_utm23s_west_half.tif';

let context: TestContext;
let make: Factories;
let admin: string;

beforeAll(async () => {
  context = await createTestContext();
  make = factories(context);
  admin = await make.signIn(await make.buildUser('ADMIN'));
});

afterAll(async () => {
  await context?.close();
});

function box({ west, south, east, north }: LonLatBounds, margin: number): AreaGeometry {
  return {
    type: 'Polygon',
    coordinates: [
      [
        [west - margin, south - margin],
        [east + margin, south - margin],
        [east + margin, north + margin],
        [west - margin, north + margin],
        [west - margin, south - margin],
      ],
    ],
  };
}

async function sourceFacts(file: string): Promise<{ footprint: LonLatBounds; pixel: number }> {
  const source = await openSceneSource(path.join(TESTDATA, file), 'geotiff', null, DEFAULT_IMAGE_LIMITS);
  try {
    return {
      footprint: mercatorToLonLatBounds(mercatorFootprint(source)),
      pixel: groundResolution(source).metresPerPixel,
    };
  } finally {
    await source.close();
  }
}

async function upload(projectId: number, date: string, content: Buffer, publish: boolean): Promise<Scene> {
  const body = multipartBody({ date, project: String(projectId), publishImage: publish ? 'true' : 'false' }, [
    { name: 'file', filename: 'cena.tif', content },
  ]);
  const response = await context.app.inject({
    method: 'POST',
    url: '/api/v1/scene',
    headers: { ...bearer(admin), ...body.headers },
    payload: body.payload,
  });
  expect(response.statusCode, response.body).toBe(200);
  await context.services.scenes.whenIdle();
  const listed = await context.app.inject({
    method: 'GET',
    url: `/api/v1/project/${projectId}/scenes`,
    headers: bearer(admin),
  });
  const scene = listed.json<Scene[]>().find((item) => item.id === response.json<AdminScene>().id)!;
  expect(scene.status, scene.errorMessage ?? '').toBe('ready');
  return scene;
}

async function alignmentOf(sceneId: number, token = admin) {
  return context.app.inject({
    method: 'GET',
    url: `/api/v1/scene/${sceneId}/alignment`,
    headers: bearer(token),
  });
}

async function proposal(sceneId: number): Promise<SceneAlignment> {
  const response = await alignmentOf(sceneId);
  expect(response.statusCode, response.body).toBe(200);
  const { data } = response.json<{ data: SceneAlignment | null }>();
  expect(data).not.toBeNull();
  return data!;
}

/** The offset (ground metres, as the tile server applies it) that lays `moved` back over `original`. */
function undoing(moved: Scene, original: Scene): [number, number] {
  const centre = (scene: Scene) => {
    const [[west, south], [east, north]] = scene.bounds!;
    return { mercator: lonLatToMercator((west + east) / 2, (south + north) / 2), lat: (south + north) / 2 };
  };
  const from = centre(moved);
  const to = centre(original);
  const cos = Math.cos((from.lat * Math.PI) / 180);
  return [(to.mercator[0] - from.mercator[0]) * cos, (to.mercator[1] - from.mercator[1]) * cos];
}

/** Uploads `file` published, then each shifted copy unpublished (so that the original stays the reference). */
async function recoverShifts(file: string, shifts: ReadonlyArray<readonly [number, number]>) {
  const { footprint, pixel } = await sourceFacts(file);
  const project = await make.buildProject({ delimiter: box(footprint, 0.002) });
  const bytes = await readFile(path.join(TESTDATA, file));
  const original = await upload(project.id, '2025-01-10', bytes, true);
  expect((await alignmentOf(original.id)).json()).toEqual({ data: null });
  const results: Array<{ known: readonly [number, number]; alignment: SceneAlignment; errorPixels: number }> =
    [];
  for (const [index, known] of shifts.entries()) {
    const date = `2025-02-${String(index + 10).padStart(2, '0')}`;
    const moved = await upload(project.id, date, shiftedGeoTiff(bytes, known[0], known[1]), false);
    const alignment = await proposal(moved.id);
    const expected = undoing(moved, original);
    const errorPixels =
      Math.hypot(alignment.offset[0] - expected[0], alignment.offset[1] - expected[1]) / pixel;
    results.push({ known, alignment, errorPixels });
  }
  return { project, original, results };
}

/** Each shift is an upload, an ingest and an estimate: minutes on a loaded two-core machine. */
const SLOW = 600_000;

describe('alignment proposals on real imagery shifted by known amounts', () => {
  it(
    'recovers every shift of 1–40 m of a 0.5 m satellite scene within half a pixel',
    async () => {
      const shifts = [
        [1, 0],
        [0, -1],
        [-3.3, 7.8],
        [12.6, -19.4],
        [-27.1, -33.7],
        [40, 40],
        [-40, 17.2],
      ] as const;
      const { results } = await recoverShifts(SPACENET, shifts);
      for (const { known, alignment, errorPixels } of results) {
        expect(alignment.status, `${known.join(', ')} m: ${alignment.message}`).toBe('match');
        expect(errorPixels, `${known.join(', ')} m`).toBeLessThan(0.5);
        expect(alignment.confidence).toBeGreaterThan(0.8);
        expect(alignment.previews?.after).toMatch(/^data:image\/webp;base64,/);
        expect(alignment.message).toContain('O Mirante propõe deslocar esta imagem');
      }
    },
    SLOW,
  );

  it(
    'recovers shifts of a 15 cm aerial photo within half a pixel and says when little is left in common',
    async () => {
      const { results } = await recoverShifts(COLORADO, [
        [1, -1],
        [-2.4, 3.1],
        [6.7, -4.2],
        [-12.3, -6.1],
        [30, 30],
      ]);
      for (const { known, alignment, errorPixels } of results.slice(0, 4)) {
        expect(alignment.status, `${known.join(', ')} m: ${alignment.message}`).toBe('match');
        expect(errorPixels, `${known.join(', ')} m`).toBeLessThan(0.5);
      }
      // The photo is 57 × 35 m: moved 30 m on both axes, it keeps too little ground in common to be matched.
      const far = results[4]!.alignment;
      expect(far.status).toBe('little_overlap');
      expect(far.offset).toEqual([0, 0]);
      expect(far.message).toMatch(/têm pouca área em comum \(sobreposição \d+%\): o Mirante não propõe/);
    },
    SLOW,
  );

  it(
    'calls a different picture over the same ground a weak match instead of guessing',
    async () => {
      const { footprint } = await sourceFacts(SPACENET);
      const project = await make.buildProject({ delimiter: box(footprint, 0.002) });
      await upload(project.id, '2025-01-10', await readFile(path.join(TESTDATA, SPACENET)), true);
      // The Colorado crop (UTM 23S, origin 333000, 7375034.8) moved inside the São Paulo scene's footprint.
      const other = shiftedGeoTiff(await readFile(path.join(TESTDATA, OTHER_PICTURE)), -13_010, 335.2);
      const scene = await upload(project.id, '2025-03-01', other, true);
      const alignment = await proposal(scene.id);
      expect(alignment.status, alignment.message).toBe('weak');
      expect(alignment.offset).toEqual([0, 0]);
      expect(alignment.message).toMatch(
        /^A correspondência com a imagem de 10\/01\/2025 é fraca \(confiança \d+%\)/,
      );
      expect(alignment.previews).toBeNull();
    },
    SLOW,
  );
});

describe('accepting and rejecting a proposal', () => {
  let sceneToAccept: Scene;
  let sceneToReject: Scene;
  let projectId: number;
  let customerId: number;

  beforeAll(async () => {
    const { project, results } = await recoverShifts(SPACENET, [
      [5.2, -3.1],
      [-8.4, 6.6],
    ]);
    projectId = project.id;
    customerId = project.customerId;
    const listed = await context.app.inject({
      method: 'GET',
      url: `/api/v1/project/${projectId}/scenes`,
      headers: bearer(admin),
    });
    const byId = new Map(listed.json<Scene[]>().map((scene) => [scene.id, scene]));
    sceneToAccept = byId.get(results[0]!.alignment.sceneId)!;
    sceneToReject = byId.get(results[1]!.alignment.sceneId)!;
  }, SLOW);

  const decide = (sceneId: number, decision: 'accept' | 'reject', token = admin) =>
    context.app.inject({
      method: 'POST',
      url: `/api/v1/scene/${sceneId}/alignment/${decision}`,
      headers: bearer(token),
    });

  const offsetOf = async (sceneId: number) => {
    const listed = await context.app.inject({
      method: 'GET',
      url: `/api/v1/project/${projectId}/scenes`,
      headers: bearer(admin),
    });
    return listed.json<Scene[]>().find((scene) => scene.id === sceneId)!.offset;
  };

  it('refuses users who are not ADMIN, inactive users and unknown scenes, changing nothing', async () => {
    const member = await make.buildUser('USER', ['allotment.map'], { customerId, projectIds: [projectId] });
    const memberToken = await make.signIn(member);
    const stranger = await make.signIn(await make.buildUser('USER', ['allotment.map']));
    const inactive = await make.buildUser('ADMIN');
    const inactiveToken = await make.signIn(inactive);
    await context.db.updateTable('users').set({ status: false }).where('id', '=', inactive.id).execute();

    for (const token of [memberToken, stranger]) {
      expect((await alignmentOf(sceneToAccept.id, token)).statusCode).toBe(403);
      expect((await decide(sceneToAccept.id, 'accept', token)).statusCode).toBe(403);
    }
    expect((await alignmentOf(sceneToAccept.id, inactiveToken)).statusCode).toBe(403);
    expect((await decide(sceneToAccept.id, 'accept', inactiveToken)).statusCode).toBe(403);
    const missing = await decide(2_000_000_000, 'accept');
    expect(missing.statusCode).toBe(404);
    expect(missing.json<{ message: string }>().message).toBe('Imagem não encontrada.');
    expect(await offsetOf(sceneToAccept.id)).toEqual([0, 0]);
    expect((await proposal(sceneToAccept.id)).decision).toBeNull();
  });

  it('accept writes the proposed offset on the scene, once', async () => {
    const before = await proposal(sceneToAccept.id);
    const accepted = await decide(sceneToAccept.id, 'accept');
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json<SceneAlignment>().decision).toBe('accepted');
    expect(await offsetOf(sceneToAccept.id)).toEqual(before.offset);

    const again = await decide(sceneToAccept.id, 'reject');
    expect(again.statusCode).toBe(409);
    expect(again.json<{ message: string }>().message).toBe('Esta proposta de alinhamento já foi decidida.');
    expect(await offsetOf(sceneToAccept.id)).toEqual(before.offset);
  });

  it('reject keeps the offset at zero', async () => {
    const rejected = await decide(sceneToReject.id, 'reject');
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json<SceneAlignment>().decision).toBe('rejected');
    expect(await offsetOf(sceneToReject.id)).toEqual([0, 0]);
    expect((await decide(sceneToReject.id, 'accept')).statusCode).toBe(409);
    expect(await offsetOf(sceneToReject.id)).toEqual([0, 0]);
  });

  it(
    'a scene with nothing to propose cannot be accepted',
    async () => {
      const { original } = await recoverShifts(SPACENET, []);
      const response = await decide(original.id, 'accept');
      expect(response.statusCode).toBe(409);
      expect(response.json<{ message: string }>().message).toBe(
        'Não há proposta de alinhamento para aceitar ou recusar nesta imagem.',
      );
    },
    SLOW,
  );
});
