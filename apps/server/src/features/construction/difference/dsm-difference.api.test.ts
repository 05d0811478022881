import { execFile, spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { fromArrayBuffer, writeArrayBuffer } from 'geotiff';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DSM_DIFFERENCE_MESSAGES, dsmDifferenceSchema, type DsmDifference } from '@mirante/shared';
import { bearer, createTestContext, type TestContext } from '../../../../test/test-app';
import { factories, type Factories } from '../../../../test/factories';
import { multipartBody } from '../../../../test/multipart';

/**
 * The map of what moved on a real drone DSM (testdata/elevation: a 1 cm surface model of a field plot, UTM
 * 16N) against a copy of it with known blocks raised and lowered: the cut, fill and net volumes are known to
 * the float32 rounding of the heights, and GDAL reads the GeoTIFF of the difference back.
 */
const run = promisify(execFile);
const FIXTURE = path.resolve(__dirname, '../../../../../../testdata/elevation/d2spy_plot_dsm_utm16n_1cm.tif');
const HAS_GDAL = !spawnSync('gdalinfo', ['--version']).error;
if (!HAS_GDAL)
  console.warn('gdalinfo ausente (instale gdal-bin): a leitura do GeoTIFF pelo GDAL foi pulada.');

/** Blocks of cells (rows, cols: start inclusive, end exclusive) and how much each is moved (m). */
const RAISED = { rows: [50, 150], cols: [100, 200], by: 0.5 } as const;
const LOWERED = { rows: [200, 280], cols: [300, 420], by: -0.3 } as const;
/** Below the 5 cm tolerance: neither drawn nor counted at it, counted at 1 cm. */
const NUDGED = { rows: [10, 40], cols: [400, 480], by: 0.03 } as const;
const BLOCKS = [RAISED, LOWERED, NUDGED];
const cellsOf = (block: (typeof BLOCKS)[number]) =>
  (block.rows[1] - block.rows[0]) * (block.cols[1] - block.cols[0]);

let ctx: TestContext;
let make: Factories;
let cellArea = 0;
let work = '';
const tokens = { admin: '', reader: '', noModules: '', other: '', inactive: '' };
const inspections = { before: 0, after: 0, plain: 0 };

/** The fixture with the blocks moved, written as the same grid and CRS (GeoKeys copied). */
async function movedCopy(bytes: Buffer): Promise<Buffer> {
  const copy = new Uint8Array(bytes);
  const image = await (await fromArrayBuffer(copy.buffer)).getImage(0);
  const width = image.getWidth();
  const [values] = (await image.readRasters()) as unknown as [Float32Array];
  const moved = Float32Array.from(values);
  for (const block of BLOCKS)
    for (let row = block.rows[0]; row < block.rows[1]; row++)
      for (let col = block.cols[0]; col < block.cols[1]; col++) moved[row * width + col]! += block.by;
  const [resX, resY] = image.getResolution() as [number, number];
  const [originX, originY] = image.getOrigin() as [number, number];
  const written = writeArrayBuffer(moved, {
    width,
    height: image.getHeight(),
    BitsPerSample: [32],
    SampleFormat: [3],
    SamplesPerPixel: 1,
    PhotometricInterpretation: 1,
    ModelPixelScale: [resX, -resY, 0],
    ModelTiepoint: [0, 0, 0, originX, originY, 0],
    ...image.getGeoKeys(),
  });
  return Buffer.from(written);
}

/** The exact figures of the moved copy: each moved cell's float32 height minus the original's. */
async function expectedFigures(before: Buffer, after: Buffer, tolerance: number) {
  const read = async (bytes: Buffer) =>
    (
      (await (
        await fromArrayBuffer(new Uint8Array(bytes).buffer)
      )
        .getImage(0)
        .then((image) => image.readRasters())) as unknown as [Float32Array]
    )[0];
  const [a, b] = [await read(before), await read(after)];
  let cut = 0;
  let fill = 0;
  for (let i = 0; i < a.length; i++) {
    const dz = b[i]! - a[i]!;
    if (dz > tolerance) fill += dz * cellArea;
    else if (dz < -tolerance) cut -= dz * cellArea;
  }
  return { cut, fill };
}

const upload = (token: string, sceneId: number, content: Buffer) => {
  const body = multipartBody({}, [{ name: 'file', filename: 'mds.tif', content, contentType: 'image/tiff' }]);
  return ctx.app.inject({
    method: 'POST',
    url: `/api/v1/scene/${sceneId}/dsm`,
    headers: { ...bearer(token), ...body.headers },
    payload: body.payload,
  });
};

const differenceAs = (token: string, query: Record<string, string | number>) =>
  ctx.app.inject({
    method: 'GET',
    url: `/api/v1/inspections/dsm-difference?${new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)])).toString()}`,
    headers: bearer(token),
  });

async function difference(query: Record<string, string | number>): Promise<DsmDifference> {
  const response = await differenceAs(tokens.reader, query);
  expect(response.statusCode, response.body).toBe(200);
  return dsmDifferenceSchema.strict().parse(response.json());
}

let beforeBytes: Buffer;
let afterBytes: Buffer;

beforeAll(async () => {
  ctx = await createTestContext();
  make = factories(ctx);
  work = await mkdtemp(path.join(tmpdir(), 'dsm-difference-'));
  beforeBytes = await readFile(FIXTURE);
  afterBytes = await movedCopy(beforeBytes);
  const image = await (await fromArrayBuffer(new Uint8Array(beforeBytes).buffer)).getImage(0);
  const [resX, resY] = image.getResolution() as [number, number];
  cellArea = resX * -resY;
  const customer = await make.buildCustomer();
  const admin = await make.buildUser('ADMIN');
  const reader = await make.buildUser('USER', ['construction.map'], { customerId: customer.id });
  const noModules = await make.buildUser('USER', ['allotment.map'], { customerId: customer.id });
  const inactive = await make.buildUser('USER', ['construction.map'], { customerId: customer.id });
  const other = await make.buildUser('MANAGER', ['construction.map', 'construction.notes']);
  // The plot lies near 86.944° W, 41.444° N: the project's square (0.002°) around it.
  const project = await make.buildProject({
    customerId: customer.id,
    projectType: 'CONSTRUCTION',
    corner: [-86.9452, 41.4432],
    memberIds: [reader.id, noModules.id, inactive.id],
  });
  for (const [key, date] of [
    ['before', '2026-02-01'],
    ['after', '2026-04-01'],
    ['plain', '2026-06-01'],
  ] as const) {
    const sceneId = await make.buildScene(project.id, { date, published: true });
    inspections[key] = (
      await ctx.db
        .insertInto('inspections')
        .values({ projectId: project.id, sceneId, phase: 1 })
        .returning(['id'])
        .executeTakeFirstOrThrow()
    ).id;
    if (key !== 'plain') {
      const sent = await upload(
        await make.signIn(admin),
        sceneId,
        key === 'before' ? beforeBytes : afterBytes,
      );
      expect(sent.statusCode, sent.body).toBe(200);
    }
  }
  tokens.admin = await make.signIn(admin);
  tokens.reader = await make.signIn(reader);
  tokens.noModules = await make.signIn(noModules);
  tokens.other = await make.signIn(other);
  tokens.inactive = await make.signIn(inactive);
  await ctx.db.updateTable('users').set({ status: false }).where('id', '=', inactive.id).execute();
});

afterAll(async () => {
  await ctx?.close();
  if (work) await rm(work, { recursive: true, force: true });
});

describe('GET /inspections/dsm-difference', () => {
  it('gives the known cut and fill of the moved blocks, the nudge within the tolerance left out', async () => {
    const result = await difference({
      inspection_id: inspections.after,
      compare_inspection_id: inspections.before,
      tolerance: 0.05,
    });
    const expected = await expectedFigures(beforeBytes, afterBytes, 0.05);
    // By construction: 10,000 cells raised 0.5 m and 9,600 lowered 0.3 m (float32 heights near 188 m).
    expect(expected.fill / (cellsOf(RAISED) * 0.5 * cellArea)).toBeCloseTo(1, 4);
    expect(expected.cut / (cellsOf(LOWERED) * 0.3 * cellArea)).toBeCloseTo(1, 4);
    expect(result.fill).toBeCloseTo(expected.fill, 6);
    expect(result.cut).toBeCloseTo(expected.cut, 6);
    expect(result.net).toBeCloseTo(expected.fill - expected.cut, 6);
    expect(result.fillArea).toBeCloseTo(cellsOf(RAISED) * cellArea, 6);
    expect(result.cutArea).toBeCloseTo(cellsOf(LOWERED) * cellArea, 6);
    expect(result.maxFill).toBeCloseTo(0.5, 3);
    expect(result.maxCut).toBeCloseTo(0.3, 3);
    expect(result.nodataCells).toBe(0);
    expect([result.width, result.height]).toEqual([500, 340]);
    expect(result.earlier_inspection_id).toBe(inspections.before);
    expect(result.later_inspection_id).toBe(inspections.after);
    // The ramp ends at a round number past the largest typical change: 0.5 m.
    expect(result.scale).toBe(0.5);
    // The corners lie on the plot, north-west first.
    const [[west, north], , [east, south]] = result.corners;
    expect(west).toBeCloseTo(-86.9441, 3);
    expect(north).toBeGreaterThan(south);
    expect(east).toBeGreaterThan(west);
  });

  it('counts the 3 cm nudge once the tolerance is below it, and names either inspection first', async () => {
    const result = await difference({
      inspection_id: inspections.before,
      compare_inspection_id: inspections.after,
      tolerance: 0.01,
    });
    const expected = await expectedFigures(beforeBytes, afterBytes, 0.01);
    expect(expected.fill - cellsOf(RAISED) * 0.5 * cellArea).toBeCloseTo(
      cellsOf(NUDGED) * 0.03 * cellArea,
      4,
    );
    expect(result.fill).toBeCloseTo(expected.fill, 6);
    expect(result.cut).toBeCloseTo(expected.cut, 6);
    expect(result.later_inspection_id).toBe(inspections.after);
  });

  it('paints blue cut, red fill and leaves the unchanged ground transparent', async () => {
    const result = await difference({
      inspection_id: inspections.after,
      compare_inspection_id: inspections.before,
      tolerance: 0.05,
    });
    expect(result.image.startsWith('data:image/png;base64,')).toBe(true);
    const sharp = (await import('sharp')).default;
    const png = Buffer.from(result.image.slice('data:image/png;base64,'.length), 'base64');
    const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height, info.channels]).toEqual([500, 340, 4]);
    const pixel = (row: number, col: number) => [
      ...data.subarray((row * 500 + col) * 4, (row * 500 + col) * 4 + 4),
    ];
    const [r1, g1, b1, a1] = pixel(100, 150);
    expect(a1).toBeGreaterThan(0);
    expect(r1).toBeGreaterThan(b1!);
    expect(r1).toBeGreaterThan(g1!);
    const [r2, , b2, a2] = pixel(240, 360);
    expect(a2).toBeGreaterThan(0);
    expect(b2).toBeGreaterThan(r2!);
    expect(pixel(300, 50)[3]).toBe(0);
    expect(pixel(20, 440)[3]).toBe(0);
  });

  it('refuses the same inspection twice, one without a model, and a tolerance out of range, in pt-BR', async () => {
    const same = await differenceAs(tokens.reader, {
      inspection_id: inspections.after,
      compare_inspection_id: inspections.after,
    });
    expect(same.statusCode).toBe(422);
    expect(same.json()).toMatchObject({ message: DSM_DIFFERENCE_MESSAGES.sameInspection });
    const none = await differenceAs(tokens.reader, {
      inspection_id: inspections.plain,
      compare_inspection_id: inspections.before,
    });
    expect(none.statusCode).toBe(422);
    expect(none.json()).toMatchObject({ message: 'A imagem desta vistoria não possui modelo de elevação.' });
    for (const tolerance of ['-1', '51', 'muito']) {
      const bad = await differenceAs(tokens.reader, {
        inspection_id: inspections.after,
        compare_inspection_id: inspections.before,
        tolerance,
      });
      expect(bad.statusCode, tolerance).toBeGreaterThanOrEqual(400);
      expect(bad.statusCode, tolerance).toBeLessThan(500);
      expect(bad.body).toContain(DSM_DIFFERENCE_MESSAGES.toleranceRange);
    }
  });

  it('refuses a user without construction modules, another customer and an inactive user', async () => {
    const query = { inspection_id: inspections.after, compare_inspection_id: inspections.before };
    expect((await differenceAs(tokens.noModules, query)).statusCode).toBe(403);
    expect((await differenceAs(tokens.other, query)).statusCode).toBe(404);
    expect((await differenceAs(tokens.inactive, query)).statusCode).toBe(403);
    const download = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/inspections/dsm-difference/geotiff?inspection_id=${inspections.after}&compare_inspection_id=${inspections.before}&api_token=${tokens.other}`,
    });
    expect(download.statusCode).toBe(404);
  });
});

describe('GET /inspections/dsm-difference/geotiff', () => {
  it.skipIf(!HAS_GDAL)(
    'is a georeferenced float32 GeoTIFF that gdalinfo reads with the known values',
    async () => {
      const response = await ctx.app.inject({
        method: 'GET',
        url: `/api/v1/inspections/dsm-difference/geotiff?inspection_id=${inspections.after}&compare_inspection_id=${inspections.before}&tolerance=0.05&api_token=${tokens.reader}`,
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-type']).toContain('image/tiff');
      expect(String(response.headers['content-disposition'])).toMatch(
        /diferenca-elevacao-2026-02-01-2026-04-01\.tif/,
      );
      const file = path.join(work, 'diferenca.tif');
      await writeFile(file, response.rawPayload);
      const info = JSON.parse((await run('gdalinfo', ['-json', '-stats', file])).stdout) as {
        size: number[];
        geoTransform: number[];
        coordinateSystem: { wkt: string };
        bands: { type: string; noDataValue: number; minimum: number; maximum: number }[];
      };
      const source = JSON.parse((await run('gdalinfo', ['-json', FIXTURE])).stdout) as {
        geoTransform: number[];
      };
      expect(info.size).toEqual([500, 340]);
      expect(info.coordinateSystem.wkt).toContain('UTM zone 16N');
      expect(info.coordinateSystem.wkt).toContain('"EPSG",32616');
      info.geoTransform.forEach((value, i) => expect(value).toBeCloseTo(source.geoTransform[i]!, 6));
      const band = info.bands[0]!;
      expect(band.type).toBe('Float32');
      expect(band.noDataValue).toBe(-9999);
      expect(band.minimum).toBeCloseTo(-0.3, 3);
      expect(band.maximum).toBeCloseTo(0.5, 3);
      // One cell of each block, read by GDAL at its pixel/line.
      const at = async (col: number, row: number) =>
        Number((await run('gdallocationinfo', ['-valonly', file, String(col), String(row)])).stdout.trim());
      expect(await at(150, 100)).toBeCloseTo(0.5, 3);
      expect(await at(360, 240)).toBeCloseTo(-0.3, 3);
      expect(await at(440, 20)).toBeCloseTo(0.03, 3);
      expect(await at(50, 300)).toBeCloseTo(0, 6);
    },
  );
});
