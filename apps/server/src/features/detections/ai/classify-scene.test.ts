import { generateAllotmentLayout } from '@mirante/demo/allotment-layout';
import { allotmentLayers } from '@mirante/demo/allotment-layers';
import { allotmentFrame, renderAllotmentScene } from '@mirante/demo/allotment-scene';
import { generateLotTimelines, lotStateAt, monthlyDates } from '@mirante/demo/lot-timeline';
import { DEMO_EPSG } from '@mirante/demo/projection';
import { writeGeoTiffFile } from '@mirante/demo/geotiff-writer';
import { renderWhole } from '@mirante/demo/scene-raster';
import type { Polygon } from 'geojson';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { classifyScene, collect, loadCommittedModel } from './classify-scene';
import { FEATURE_NAMES } from './lot-features';
import { sceneRasterSource } from '../../../../tools/ai/scene-raster-source';

const layout = generateAllotmentLayout(2025);
const timelines = generateLotTimelines(layout);
const dates = monthlyDates();
const lots = allotmentLayers(layout)
  .features.filter((f) => f.properties.type === 'LOT')
  .map((f) => ({ id: f.properties.lotKey ?? '', geometry: f.geometry as Polygon }));
/** A 400 × 240 m crop around the middle lot of the held-out demo layout (seed 2025), at the demo's 0.4 m. */
function cropFrame() {
  const full = allotmentFrame(layout, 0.4);
  const xs = layout.lots.map((lot) => lot.centre[0]).sort((a, b) => a - b);
  const ys = layout.lots.map((lot) => lot.centre[1]).sort((a, b) => a - b);
  const [cx, cy] = [xs[xs.length >> 1] ?? 0, ys[ys.length >> 1] ?? 0];
  return { ...full, originX: cx - 200, originY: cy + 120, width: 1000, height: 600 };
}
const dir = mkdtempSync(join(tmpdir(), 'mirante-ai-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('classifyScene on a rendered demo scene', () => {
  it('reads the same statuses from the scene GeoTIFF as from the raster in memory', async () => {
    const frame = cropFrame();
    const scene = renderAllotmentScene(layout, timelines, dates, 12, { frame });
    const rgb = renderWhole(scene);
    const file = join(dir, 'crop.tif');
    writeGeoTiffFile(file, frame, (a, b) => rgb.subarray(a * frame.width * 3, b * frame.width * 3), {
      epsg: DEMO_EPSG,
      compression: 'deflate',
      rowsPerStrip: 16,
    });
    const fromFile = await collect(classifyScene({ sceneFile: file, lots, bandRows: 100 }));
    const inMemory = await collect(classifyScene({ raster: sceneRasterSource(scene, DEMO_EPSG), lots }));
    const byId = (rs: typeof fromFile) => Object.fromEntries(rs.map((r) => [r.lotId, r.status]));
    expect(byId(fromFile)).toEqual(byId(inMemory));
  }, 60_000);

  it('loads the committed model and reads lot statuses close to the ground truth', async () => {
    const model = loadCommittedModel();
    expect(model.features).toEqual([...FEATURE_NAMES]);

    // Two dates, so the second run has changes.
    const frame = cropFrame();
    const timelineOf = new Map(timelines.map((t) => [t.lotKey, t]));

    const render = (dateIndex: number) =>
      sceneRasterSource(renderAllotmentScene(layout, timelines, dates, dateIndex, { frame }), DEMO_EPSG);
    const first = await collect(classifyScene({ raster: render(15), lots }));
    const previous = new Map(first.flatMap((r) => (r.features ? [[r.lotId, r.features] as const] : [])));
    const results = await collect(classifyScene({ raster: render(16), lots, previous }));

    expect(results).toHaveLength(lots.length);
    const read = results.filter((r) => r.status !== 'X');
    // Lots outside the crop are 'X'; the crop holds about a fifth of them.
    expect(read.length).toBeGreaterThan(60);
    let correct = 0;
    for (const r of read) {
      const timeline = timelineOf.get(r.lotId);
      if (timeline && lotStateAt(timeline, 16).status === r.status) correct += 1;
      expect(r.confidence).toBeGreaterThan(0);
      expect(r.confidence).toBeLessThanOrEqual(1);
      expect(r.features?.hasPrevious).toBe(1);
    }
    expect(correct / read.length).toBeGreaterThan(0.85);
    expect(
      results.filter((r) => r.status === 'X').every((r) => r.features === null && r.confidence === 0),
    ).toBe(true);
  }, 60_000);
});
