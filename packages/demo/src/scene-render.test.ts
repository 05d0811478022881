import { fromFile } from 'geotiff';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { generateAllotmentLayout } from './allotment-layout';
import { allotmentFrame, renderAllotmentScene } from './allotment-scene';
import { writeGeoTiffFile } from './geotiff-writer';
import { generateLotTimelines, lotStateAt, monthlyDates, type LotStatus } from './lot-timeline';
import { DEMO_EPSG } from './projection';
import { renderWhole } from './scene-raster';

const layout = generateAllotmentLayout(2025);
const timelines = generateLotTimelines(layout);
const dates = monthlyDates();
const dir = mkdtempSync(join(tmpdir(), 'mirante-demo-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('allotment scene rendering', () => {
  it('is byte-identical for the same seed (small crop at native resolution)', () => {
    const full = allotmentFrame(layout, 0.4);
    const crop = {
      ...full,
      originX: full.originX + 1500 * 0.4,
      originY: full.originY - 300 * 0.4,
      width: 200,
      height: 120,
    };
    const a = renderWhole(renderAllotmentScene(layout, timelines, dates, 9, { frame: crop }));
    const b = renderWhole(renderAllotmentScene(layout, timelines, dates, 9, { frame: crop }));
    expect(Buffer.from(a).equals(Buffer.from(b))).toBe(true);
    expect(a.length).toBe(200 * 120 * 3);
  });

  it('separates lot statuses in the pixels (sanity check, not the AI)', () => {
    const month = 17;
    const scene = renderAllotmentScene(layout, timelines, dates, month, { pixelSize: 1, cloud: 0 });
    const rgb = renderWhole(scene);
    const { frame } = scene;
    const stats = new Map<LotStatus, { green: number; red: number; n: number }>();
    for (const lot of layout.lots) {
      const timeline = timelines.find((t) => t.lotKey === lot.lotKey);
      if (!timeline) continue;
      const status = lotStateAt(timeline, month).status;
      // Sample the lot's centre 3 × 3 m.
      const cx = Math.floor((lot.centre[0] - frame.originX) / frame.pixelSize);
      const cy = Math.floor((frame.originY - lot.centre[1]) / frame.pixelSize);
      const s = stats.get(status) ?? { green: 0, red: 0, n: 0 };
      for (let dy = -1; dy <= 1; dy++) {
        for (let dx = -1; dx <= 1; dx++) {
          const i = ((cy + dy) * frame.width + cx + dx) * 3;
          const r = rgb[i] as number;
          const g = rgb[i + 1] as number;
          const b = rgb[i + 2] as number;
          s.green += (2 * g - r - b) / (r + g + b + 1);
          s.red += (r - g) / (r + g + b + 1);
          s.n += 1;
        }
      }
      stats.set(status, s);
    }
    const mean = (status: LotStatus, key: 'green' | 'red'): number => {
      const s = stats.get(status);
      return s ? s[key] / s.n : NaN;
    };
    expect(mean('V', 'green')).toBeGreaterThan(mean('B', 'green') + 0.1);
    expect(mean('B', 'red')).toBeGreaterThan(mean('V', 'red') + 0.1);
    expect(mean('C', 'green')).toBeLessThan(mean('V', 'green'));
  });
});

describe('writeGeoTiffFile', () => {
  it('writes a georeferenced RGB GeoTIFF (EPSG:31982) that geotiff.js reads back', async () => {
    const full = allotmentFrame(layout, 0.4);
    const frame = { ...full, width: 150, height: 70 };
    const scene = renderAllotmentScene(layout, timelines, dates, 3, { frame });
    const path = join(dir, 'scene.tif');
    for (const compression of ['deflate', 'none'] as const) {
      writeGeoTiffFile(
        path,
        frame,
        (a, b) => scene.renderRows(a, b),
        { epsg: DEMO_EPSG, compression, rowsPerStrip: 16 },
        32,
      );
      const tiff = await fromFile(path);
      const image = await tiff.getImage();
      expect(image.getWidth()).toBe(150);
      expect(image.getHeight()).toBe(70);
      expect(image.getSamplesPerPixel()).toBe(3);
      expect(image.getGeoKeys()?.ProjectedCSTypeGeoKey).toBe(31982);
      expect(image.getOrigin()).toEqual([frame.originX, frame.originY, 0]);
      expect(image.getResolution()).toEqual([0.4, -0.4, 0]);
      const [r] = (await image.readRasters({ window: [10, 20, 11, 21] })) as unknown as Uint8Array[];
      const direct = renderWhole(renderAllotmentScene(layout, timelines, dates, 3, { frame }));
      expect(r?.[0]).toBe(direct[(20 * 150 + 10) * 3]);
    }
    expect(readFileSync(path).subarray(0, 4).toString('latin1')).toBe('II*\0');
  });
});
