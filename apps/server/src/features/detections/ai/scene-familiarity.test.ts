import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Polygon } from 'geojson';
import { AI_REVIEW_BELOW } from '@mirante/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cropPlotGeoTiff } from '../../../../test/crop-plot-geotiff';
import { openGeoTiff } from '../../../imagery/geotiff-source';
import { DEFAULT_IMAGE_LIMITS } from '../../../imagery/limits';
import { classifyFeatures, loadCommittedModel } from './classify-scene';
import type { LotFeatures } from './lot-features';
import {
  loadFamiliarityStats,
  rangesWithCorrections,
  sampleSceneFeatures,
  sceneFamiliarity,
  UNFAMILIAR_CONFIDENCE_CAP,
} from './scene-familiarity';

/** A real SpaceNet Rio tile (testdata/labelled, CC BY-SA 4.0) and its 12 × 25 m cells. */
const FIXTURES = path.resolve(import.meta.dirname, '../../../../../../testdata/labelled');

let dir: string;
let rio: LotFeatures[];
let plots: LotFeatures[];

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'mirante-familiarity-unit-'));
  const cells = JSON.parse(await readFile(path.join(FIXTURES, 'spacenet_rio_img52_cells.json'), 'utf8')) as {
    id: string;
    geometry: Polygon;
  }[];
  const tile = await openGeoTiff(
    path.join(FIXTURES, 'spacenet_rio_img52_rgb_0.5m_epsg4326.tif'),
    DEFAULT_IMAGE_LIMITS,
  );
  rio = await sampleSceneFeatures(
    tile,
    cells.map((c) => ({ id: c.id, geometry: c.geometry })),
    200,
  );
  await tile.close();
  const scene = cropPlotGeoTiff();
  await writeFile(path.join(dir, 'plots.tif'), scene.bytes);
  const fields = await openGeoTiff(path.join(dir, 'plots.tif'), DEFAULT_IMAGE_LIMITS);
  plots = await sampleSceneFeatures(
    fields,
    scene.lots.map((lot) => ({ id: lot.key, geometry: lot.geometry })),
    200,
  );
  await fields.close();
});

afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('scene familiarity', () => {
  it('finds a real satellite tile like the training imagery familiar, and fields of crop plots not', () => {
    const stats = loadFamiliarityStats();
    expect(rio.length).toBeGreaterThan(50);
    expect(plots.length).toBeGreaterThan(50);
    expect(sceneFamiliarity(stats, rio).unfamiliar).toBe(false);
    const fields = sceneFamiliarity(stats, plots);
    expect(fields.unfamiliar).toBe(true);
    expect(fields.unfamiliarShare).toBeGreaterThan(0.5);
  });

  it("widens the ranges to the project's corrected lots: a scene like them is familiar", () => {
    const stats = loadFamiliarityStats();
    const corrected = plots.filter((_, i) => i % 3 === 0);
    const ranges = rangesWithCorrections(stats, corrected);
    ranges.forEach(([low, high], i) => {
      const [trainedLow, trainedHigh] = stats.ranges[i] as [number, number];
      expect(low).toBeLessThanOrEqual(trainedLow);
      expect(high).toBeGreaterThanOrEqual(trainedHigh);
    });
    expect(sceneFamiliarity(stats, plots, corrected).unfamiliar).toBe(false);
    expect(sceneFamiliarity(stats, [])).toEqual({ unfamiliarShare: 0, unfamiliar: false });
  });

  it("caps an unfamiliar scene's confidences under the review threshold and keeps the decision", () => {
    const model = loadCommittedModel();
    expect(UNFAMILIAR_CONFIDENCE_CAP).toBeLessThan(AI_REVIEW_BELOW);
    const confident = plots
      .map((features, i) => ({ features, plain: classifyFeatures(model, String(i), features) }))
      .filter(({ plain }) => plain.confidence >= AI_REVIEW_BELOW);
    // The shipped model is sure of itself on these fields: that is what the cap is for.
    expect(confident.length).toBeGreaterThan(0);
    for (const { features, plain } of confident) {
      const capped = classifyFeatures(model, plain.lotId, features, undefined, true);
      expect(capped.status).toBe(plain.status);
      expect(capped.confidence).toBeLessThan(AI_REVIEW_BELOW);
      expect(capped.confidence).toBeGreaterThanOrEqual(0.5);
    }
  });
});
