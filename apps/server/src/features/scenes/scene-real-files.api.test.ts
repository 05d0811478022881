import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminScene, AreaGeometry, Scene } from '@mirante/shared';
import { DEFAULT_IMAGE_LIMITS } from '../../imagery/limits';
import { openSceneSource } from '../../imagery/open-scene-source';
import { pixelToCrs } from '../../imagery/raster-source';
import { mercatorFootprint } from '../../imagery/scene-footprint';
import {
  lonLatToMercator,
  mercatorResolution,
  mercatorToLonLatBounds,
  MERCATOR_HALF_WORLD,
  TILE_SIZE,
  type LonLatBounds,
} from '../../imagery/tile-math';
import { syntheticGeoTiff } from '../../../test/geotiff-fixtures';
import { multipartBody } from '../../../test/multipart';
import { factories, type Factories } from '../../../test/factories';
import { bearer, createTestContext, type TestContext } from '../../../test/test-app';

/**
 * One test per fault found by ingesting customers' real files ("Imagery as customers have it"),
 * each on a real GeoTIFF in testdata/imagery (the GDAL-made variants are described in its README).
 */
const TESTDATA = path.resolve(__dirname, '../../../../../testdata/imagery');

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

const fixture = (name: string) => readFile(path.join(TESTDATA, name));

function box({ west, south, east, north }: LonLatBounds, margin = 0): AreaGeometry {
  return {
    type: 'Polygon' as const,
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

/** The file's WGS 84 footprint, read by the same library the ingest uses. */
async function footprintOf(file: string): Promise<LonLatBounds> {
  const source = await openSceneSource(path.join(TESTDATA, file), 'geotiff', null, DEFAULT_IMAGE_LIMITS);
  try {
    return mercatorToLonLatBounds(mercatorFootprint(source));
  } finally {
    await source.close();
  }
}

/** A project whose outline is the file's footprint (plus a margin in degrees). */
async function projectOver(file: string, margin = 0.0005, defaultZoom?: number) {
  return make.buildProject({ delimiter: box(await footprintOf(file), margin), defaultZoom });
}

function uploadFiles(projectId: number, date: string, files: Array<{ name: string; content: Buffer }>) {
  const body = multipartBody(
    { date, project: String(projectId) },
    files.map((file) => ({ name: 'file', filename: file.name, content: file.content })),
  );
  return context.app.inject({
    method: 'POST',
    url: '/api/v1/scene',
    headers: { ...bearer(admin), ...body.headers },
    payload: body.payload,
  });
}

/** Uploads and waits for the ingest; returns the scene as the map lists it. */
async function ingest(projectId: number, date: string, ...files: string[]): Promise<Scene> {
  const contents = await Promise.all(files.map(async (name) => ({ name, content: await fixture(name) })));
  const response = await uploadFiles(projectId, date, contents);
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

async function tile(scene: Scene, z: number, x: number, y: number, format: 'png' | 'webp' = 'png') {
  return context.app.inject({
    method: 'GET',
    url: `/tiles/${scene.projectSpace}/${scene.isoDate}/${z}/${x}/${y}.${format}`,
    headers: bearer(admin),
  });
}

async function rgbaOf(body: Buffer): Promise<Buffer> {
  return sharp(body).ensureAlpha().raw().toBuffer();
}

/** The tile (and the pixel in it) at a lon/lat. */
function tileAt(lon: number, lat: number, z: number) {
  const [mx, my] = lonLatToMercator(lon, lat);
  const globalX = (mx + MERCATOR_HALF_WORLD) / mercatorResolution(z);
  const globalY = (MERCATOR_HALF_WORLD - my) / mercatorResolution(z);
  const x = Math.floor(globalX / TILE_SIZE);
  const y = Math.floor(globalY / TILE_SIZE);
  return { x, y, px: Math.floor(globalX - x * TILE_SIZE), py: Math.floor(globalY - y * TILE_SIZE) };
}

function centreOf(scene: Scene): [number, number] {
  const [[west, south], [east, north]] = scene.bounds!;
  return [(west + east) / 2, (south + north) / 2];
}

/** Every tile of a zoom under the scene's bounds, decoded. */
async function tilesOver(scene: Scene, z: number): Promise<Buffer[]> {
  const [[west, south], [east, north]] = scene.bounds!;
  const from = tileAt(west, north, z);
  const to = tileAt(east, south, z);
  const out: Buffer[] = [];
  for (let y = from.y; y <= to.y; y++) {
    for (let x = from.x; x <= to.x; x++) out.push(await rgbaOf((await tile(scene, z, x, y)).rawPayload));
  }
  return out;
}

const transparentCount = (rgba: Buffer) => {
  let count = 0;
  for (let i = 3; i < rgba.length; i += 4) if (rgba[i] === 0) count++;
  return count;
};

describe('band order and colour interpretation', () => {
  it('shows a BGR file (GDAL COLORINTERP metadata) with the colours of the RGB original', async () => {
    const project = await projectOver('colorado_hro_rgb_0.15m_nad83_utm13n.tif');
    const rgb = await ingest(project.id, '2024-06-01', 'colorado_hro_rgb_0.15m_nad83_utm13n.tif');
    const bgr = await ingest(project.id, '2024-06-02', 'colorado_hro_rgb_0.15m_bgr_colorinterp.tif');
    expect(bgr.maxZoom).toBe(rgb.maxZoom);
    const z = rgb.maxZoom!;
    const [expected, actual] = [await tilesOver(rgb, z), await tilesOver(bgr, z)];
    expect(actual.length).toBe(expected.length);
    let redDiffersFromBlue = 0;
    for (let t = 0; t < expected.length; t++) {
      expect(actual[t]!.equals(expected[t]!), `tile ${t}`).toBe(true);
      for (let i = 0; i < expected[t]!.length; i += 4) {
        if (expected[t]![i + 3]! > 0 && Math.abs(expected[t]![i]! - expected[t]![i + 2]!) > 20)
          redDiffersFromBlue++;
      }
    }
    // The comparison means something: red and blue differ in much of the photo.
    expect(redDiffersFromBlue).toBeGreaterThan(1000);
  });
});

describe('JPEG COG with an internal mask', () => {
  it('makes the collar transparent as the lossless file with nodata does', async () => {
    const project = await projectOver('landsat7_rgb_lzw_tiled_utm18n.tif', 0);
    const lossless = await ingest(project.id, '2024-07-01', 'landsat7_rgb_lzw_tiled_utm18n.tif');
    const masked = await ingest(project.id, '2024-07-02', 'landsat7_rgb_jpeg_cog_internal_mask_utm18n.tif');
    const z = lossless.maxZoom!;
    const expected = (await tilesOver(lossless, z)).reduce((sum, rgba) => sum + transparentCount(rgba), 0);
    const actual = (await tilesOver(masked, z)).reduce((sum, rgba) => sum + transparentCount(rgba), 0);
    // Without the mask the JPEG collar is dark opaque noise: only the tiles' outside would be transparent.
    expect(Math.abs(actual - expected) / expected).toBeLessThan(0.01);
    // The image's north-west corner is collar in this rotated Landsat footprint.
    const [[west], [, north]] = masked.bounds!;
    const corner = tileAt(west + 0.01, north - 0.01, z);
    const rgba = await rgbaOf((await tile(masked, z, corner.x, corner.y)).rawPayload);
    expect(rgba[(corner.py * TILE_SIZE + corner.px) * 4 + 3]).toBe(0);
  });
});

describe('SAD69 and Córrego Alegre', () => {
  // GDAL 3.6.2 / PROJ 9.1.1 with PROJ-data's br_ibge grids: `gdaltransform -t_srs EPSG:4326` of the corners.
  const GDAL: Record<string, LonLatBounds> = {
    'colorado_pixels_sad69_utm23s.tif': {
      west: -46.6387695635,
      east: -46.6385796404,
      south: -23.7277013221,
      north: -23.7275693115,
    },
    'colorado_pixels_corrego_alegre_utm23s.tif': {
      west: -46.638591002,
      east: -46.638401075,
      south: -23.7273755324,
      north: -23.7272435206,
    },
  };

  for (const [file, expected] of Object.entries(GDAL)) {
    it(`ingests ${file} and places it where GDAL does (IBGE grid)`, async () => {
      const project = await make.buildProject({ delimiter: box(expected, 0.001) });
      const scene = await ingest(project.id, '2024-08-01', file);
      const [[west, south], [east, north]] = scene.bounds!;
      // 1e-7° is about 1 cm; the old continental SAD69 shift was about 5 m (5e-5°) off.
      expect(Math.abs(west - expected.west)).toBeLessThan(1e-7);
      expect(Math.abs(east - expected.east)).toBeLessThan(1e-7);
      expect(Math.abs(south - expected.south)).toBeLessThan(1e-7);
      expect(Math.abs(north - expected.north)).toBeLessThan(1e-7);
      const centre = tileAt(...centreOf(scene), scene.maxZoom!);
      const rgba = await rgbaOf((await tile(scene, scene.maxZoom!, centre.x, centre.y)).rawPayload);
      expect(rgba[(centre.py * TILE_SIZE + centre.px) * 4 + 3]).toBe(255);
    });
  }
});

describe('user-defined CRSs', () => {
  it('reads a user-defined Albers written as GeoKeys, placed as GDAL places it', async () => {
    const file = 'colorado_pixels_albers_user_defined.tif';
    const source = await openSceneSource(path.join(TESTDATA, file), 'geotiff', null, DEFAULT_IMAGE_LIMITS);
    // gdaltransform -t_srs EPSG:4326 of pixels (0, 0) and (66, 50).
    const expected: Array<[number, number, number, number]> = [
      [0, 0, -46.6383237431, -23.7272035185],
      [66, 50, -46.6382251815, -23.7272693628],
    ];
    for (const [column, row, lon, lat] of expected) {
      const [x, y] = source.crs.toLonLat(...pixelToCrs(source.transform, column, row));
      expect(Math.abs(x - lon)).toBeLessThan(1e-9);
      expect(Math.abs(y - lat)).toBeLessThan(1e-9);
    }
    await source.close();
    const project = await projectOver(file);
    const scene = await ingest(project.id, '2024-09-01', file);
    expect(scene.maxZoom).toBeGreaterThan(18);
  });

  it('reads an ESRI PE string (USA Albers with a vertical CRS)', async () => {
    const file = 'esri_pe_string_albers_2x2.tif';
    const bounds = await footprintOf(file);
    // gdaltransform of pixel (0, 0): the north-west corner.
    expect(Math.abs(bounds.west - -96.1767946531)).toBeLessThan(1e-6);
    expect(Math.abs(bounds.north - 44.3067049358)).toBeLessThan(1e-6);
    const project = await projectOver(file);
    await ingest(project.id, '2024-09-02', file);
  });
});

describe('a scene must overlap its project', () => {
  it('refuses a file outside the project with a clear message and keeps nothing', async () => {
    const project = await make.buildProject(); // near Maringá
    const before = await context.db.selectFrom('scenes').select('id').execute();
    const response = await uploadFiles(project.id, '2024-10-01', [
      { name: 'colorado.tif', content: await fixture('colorado_hro_rgb_0.15m_nad83_utm13n.tif') },
    ]);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ code: 'SCENE_OUTSIDE_PROJECT' });
    expect(response.json().message, response.json().message).toMatch(
      /^A imagem está fora da área do projeto: ela cobre longitude -104,\d+ a -104,\d+, latitude 38,\d+ a 38,\d+, e o projeto fica em longitude -51,95000 a -51,94800/,
    );
    expect(await context.db.selectFrom('scenes').select('id').execute()).toEqual(before);
  });
});

describe('zooms: overviews down to the whole project, over-zoomed tiles above the native zoom', () => {
  let scene: Scene;
  const projectBox = { west: -51.97, south: -23.44, east: -51.92, north: -23.4 };

  beforeAll(async () => {
    // A 5 km project (whole at zoom 12) opening at zoom 17, and an 80 m synthetic scene inside it.
    const project = await make.buildProject({ delimiter: box(projectBox), defaultZoom: 17 });
    const response = await uploadFiles(project.id, '2024-11-01', [
      { name: 'cena.tif', content: syntheticGeoTiff().bytes },
    ]);
    expect(response.statusCode, response.body).toBe(200);
    await context.services.scenes.whenIdle();
    const listed = await context.app.inject({
      method: 'GET',
      url: `/api/v1/project/${project.id}/scenes`,
      headers: bearer(admin),
    });
    scene = listed.json<Scene[]>()[0]!;
  });

  it('builds tiles down to the zoom that shows the whole project, not only to its zoom − 2', async () => {
    expect(scene.minZoom).toBe(12);
    const [lon, lat] = centreOf(scene);
    const at = tileAt(lon, lat, 12);
    const rgba = await rgbaOf((await tile(scene, 12, at.x, at.y)).rawPayload);
    expect(transparentCount(rgba)).toBeLessThan(TILE_SIZE * TILE_SIZE);
    expect(rgba[(at.py * TILE_SIZE + at.px) * 4 + 3]).toBeGreaterThan(0);
  });

  it('serves over-zoomed tiles above the native zoom (QGIS XYZ), enlarged from the native tile', async () => {
    const native = scene.maxZoom!;
    const [lon, lat] = centreOf(scene);
    for (const z of [native + 1, native + 3]) {
      const at = tileAt(lon, lat, z);
      const response = await tile(scene, z, at.x, at.y);
      expect(response.statusCode).toBe(200);
      const rgba = await rgbaOf(response.rawPayload);
      expect(transparentCount(rgba), `z${z}`).toBeLessThan((TILE_SIZE * TILE_SIZE) / 2);
      expect(rgba[(at.py * TILE_SIZE + at.px) * 4 + 3], `z${z}`).toBe(255);
      const parent = tileAt(lon, lat, native);
      const parentRgba = await rgbaOf((await tile(scene, native, parent.x, parent.y)).rawPayload);
      const mine = rgba.subarray((at.py * TILE_SIZE + at.px) * 4, (at.py * TILE_SIZE + at.px) * 4 + 3);
      const theirs = parentRgba.subarray(
        (parent.py * TILE_SIZE + parent.px) * 4,
        (parent.py * TILE_SIZE + parent.px) * 4 + 3,
      );
      for (let c = 0; c < 3; c++) expect(Math.abs(mine[c]! - theirs[c]!)).toBeLessThanOrEqual(12);
    }
    // Far above any imagery resolution: transparent, as outside the scene.
    const deep = tileAt(lon, lat, 25);
    expect((await tile(scene, 25, deep.x, deep.y)).statusCode).toBe(200);
  });
});

describe('tile formats', () => {
  it('serves WebP (for the web map) and PNG (for whoever asks) of the same tile', async () => {
    const project = await projectOver('colorado_hro_rgb_0.15m_nad83_utm13n.tif');
    const scene = await ingest(project.id, '2024-12-01', 'colorado_hro_rgb_0.15m_nad83_utm13n.tif');
    const at = tileAt(...centreOf(scene), scene.maxZoom!);
    const png = await tile(scene, scene.maxZoom!, at.x, at.y, 'png');
    const webp = await tile(scene, scene.maxZoom!, at.x, at.y, 'webp');
    expect(png.headers['content-type']).toBe('image/png');
    expect(webp.headers['content-type']).toBe('image/webp');
    expect((await sharp(webp.rawPayload).metadata()).format).toBe('webp');
    expect(webp.rawPayload.length).toBeLessThan(png.rawPayload.length / 2);
  });
});

describe('every testdata GeoTIFF ingests into a project it overlaps', () => {
  it('ingests each file', async () => {
    const files = (await readdir(TESTDATA)).filter((file) => file.endsWith('.tif')).sort();
    let day = 1;
    for (const file of files) {
      const project = await projectOver(file, 0);
      const date = `2023-01-${String(day++).padStart(2, '0')}`;
      const scene = await ingest(project.id, date, file);
      expect(scene.status, file).toBe('ready');
    }
  }, 180_000);
});

describe('several files of one date', () => {
  const halves = [
    'colorado_pixels_sirgas_utm23s_west_half.tif',
    'colorado_pixels_sirgas_utm23s_east_half.tif',
  ];

  it('accepts them as one mosaic with the bounds of the whole picture and no seam', async () => {
    const west = await footprintOf(halves[0]!);
    const east = await footprintOf(halves[1]!);
    const whole = { west: west.west, south: west.south, east: east.east, north: west.north };
    const project = await make.buildProject({ delimiter: box(whole, 0.001) });
    const mosaic = await ingest(project.id, '2025-02-01', ...halves);
    const [[w, s], [e, n]] = mosaic.bounds!;
    expect(Math.abs(w - whole.west)).toBeLessThan(1e-9);
    expect(Math.abs(e - whole.east)).toBeLessThan(1e-9);
    expect(Math.abs(s - Math.min(west.south, east.south))).toBeLessThan(1e-9);
    expect(Math.abs(n - Math.max(west.north, east.north))).toBeLessThan(1e-9);
    // The seam: the tile holding the boundary between the halves is opaque across it.
    const z = mosaic.maxZoom!;
    const seam = tileAt(west.east, (whole.south + whole.north) / 2, z);
    const rgba = await rgbaOf((await tile(mosaic, z, seam.x, seam.y)).rawPayload);
    for (const dx of [-3, -1, 0, 1, 3]) {
      const px = Math.min(TILE_SIZE - 1, Math.max(0, seam.px + dx));
      expect(rgba[(seam.py * TILE_SIZE + px) * 4 + 3], `dx ${dx}`).toBe(255);
    }
    // Each file stays stored; the scene lists one original name (the first file).
    const row = await context.db
      .selectFrom('scenes')
      .select(['originalName', 'mosaicNames', 'mosaicKeys'])
      .where('id', '=', mosaic.id)
      .executeTakeFirstOrThrow();
    expect(row.originalName).toBe(halves[0]);
    expect(row.mosaicNames).toEqual([halves[1]]);
    expect(row.mosaicKeys).toHaveLength(1);
  });

  it('refuses files that cannot be one mosaic, saying why, and keeps nothing', async () => {
    const project = await projectOver('colorado_pixels_sad69_utm23s.tif', 0.01);
    const before = await context.db.selectFrom('scenes').select('id').execute();
    const response = await uploadFiles(project.id, '2025-02-02', [
      { name: 'a.tif', content: await fixture('colorado_pixels_sad69_utm23s.tif') },
      { name: 'b.tif', content: await fixture('colorado_pixels_corrego_alegre_utm23s.tif') },
    ]);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ code: 'MOSAIC_MISMATCH' });
    expect(response.json().message).toBe(
      'O arquivo b.tif está em outro sistema de coordenadas (Corrego Alegre 1970-72 / UTM zone 23S; o primeiro ' +
        'está em SAD69 / UTM zone 23S). Para um mosaico, envie todos os arquivos no mesmo sistema.',
    );
    expect(await context.db.selectFrom('scenes').select('id').execute()).toEqual(before);
  });
});
