import { deflateSync } from 'node:zlib';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { mainMap, waitForMapReady } from './map-ready';
import { projectsApi, scenesApi, type EndpointResponse } from '@mirante/shared';
import { ADMIN, apiAs, openSignedIn, pick } from './support';

/** Three small dated scenes over the demo allotment, uploaded as PNG + bounds (no demo imagery rendering). */
export const SCENE_DATES = ['2025-10-15', '2026-01-15', '2026-04-15'] as const;

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = (CRC_TABLE[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** An RGB PNG whose pixel (x, y) is `colour(x, y)`. */
export function rgbPng(
  width: number,
  height: number,
  colour: (x: number, y: number) => readonly [number, number, number],
): Buffer {
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    for (let x = 0; x < width; x++) raw.set(colour(x, y), row + 1 + x * 3);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** 0 ≤ value < 1, a fixed hash of a pixel (noise without the stripes a linear hash draws). */
function pixelNoise(x: number, y: number): number {
  let h = Math.imul(x, 374761393) + Math.imul(y, 668265263);
  h = Math.imul(h ^ (h >>> 13), 1274126177);
  return ((h ^ (h >>> 16)) >>> 0) / 4294967296;
}

/**
 * An RGB PNG: pasture-like noise with a grid of 'roofs' whose share grows with `built` (0–1). Every surface is
 * grainy, as imagery is: uniform surfaces with straight stripes made the AI judge the scene unlike any imagery it
 * knows (every lot 'A revisar').
 */
export function scenePng(width: number, height: number, built: number): Buffer {
  return rgbPng(width, height, (x, y) => {
    const noise = Math.floor(pixelNoise(x, y) * 32);
    const cell = Math.floor(x / 24) * 7 + Math.floor(y / 24) * 13;
    const roof = x % 24 > 5 && x % 24 < 18 && y % 24 > 5 && y % 24 < 18 && (cell % 100) / 100 < built;
    const road = x % 96 < 6 || y % 96 < 6;
    const half = noise >> 1;
    if (road) return [150 + half, 146 + half, 138 + half];
    return roof ? [180 + noise, 96 + noise, 72 + noise] : [78 + noise, 112 + noise, 58 + half];
  });
}

type SceneRow = EndpointResponse<typeof scenesApi.listForProject>[number];

export interface TestScene {
  /** YYYY-MM-DD */
  date: string;
  png: Buffer;
}

/**
 * Makes sure a demo project has these scenes (PNG over the project's bounds), ready and published; returns them
 * sorted by date. Scenes already there are kept.
 */
export async function ensureScenes(
  request: APIRequestContext,
  space: string,
  wanted: readonly TestScene[],
): Promise<SceneRow[]> {
  const admin = await apiAs(ADMIN);
  const projects = await admin.call(projectsApi.list);
  const project = projects.find((item) => item.space === space)!;
  const list = () => admin.call(scenesApi.listForProject, { params: { id: project.id } });
  const existing = await list();
  const [[west, south], [east, north]] = project.bounds;
  for (const { date, png } of wanted) {
    if (existing.some((scene) => scene.isoDate === date)) continue;
    const response = await request.post('/api/v1/scene', {
      headers: admin.headers,
      multipart: {
        date,
        project: String(project.id),
        publishImage: 'true',
        bounds: `${west},${south},${east},${north}`,
        file: { name: `cena-${date}.png`, mimeType: 'image/png', buffer: png },
      },
    });
    // Another spec may have uploaded it first.
    expect([200, 201, 422]).toContain(response.status());
  }
  const dates = wanted.map((scene) => scene.date);
  let scenes: SceneRow[] = [];
  await expect
    .poll(
      async () => {
        scenes = (await list()).filter((scene) => dates.includes(scene.isoDate));
        return scenes.filter((scene) => scene.status === 'ready').length;
      },
      { timeout: 45_000 },
    )
    .toBe(dates.length);
  return scenes.sort((a, b) => a.isoDate.localeCompare(b.isoDate));
}

/** Makes sure the demo allotment has the three test scenes, ready and published; returns them by date. */
export function ensureAllotmentScenes(request: APIRequestContext): Promise<SceneRow[]> {
  return ensureScenes(
    request,
    'jardim-das-palmeiras',
    SCENE_DATES.map((date, index) => ({ date, png: scenePng(768, 640, 0.1 + index * 0.35) })),
  );
}

/** Signs in, opens the allotment map in Satélite and waits for the first rendered frame. */
export async function openSatelliteMap(page: Page, email: string): Promise<void> {
  await openSignedIn(page, email, { path: '/page/fusion-map?tipo=satelite' });
  await waitForMapReady(mainMap(page));
}

/** Picks an option of an Ant Design select found by its label. */
export async function pickOption(page: Page, label: string, option: string) {
  await pick(page, page.getByLabel(label, { exact: true }), option);
}
