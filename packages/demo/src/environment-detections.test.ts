import { area as turfArea, booleanValid } from '@turf/turf';
import type { Feature, Polygon } from 'geojson';
import { describe, expect, it } from 'vitest';
import { demoSite } from './demo-sites';
import {
  environmentAnalyses,
  environmentDemoPair,
  environmentDetectionLayers,
} from './environment-detections';
import { CLEARINGS, PLANTINGS } from './environment-patches';
import type { EnvironmentTruth } from './environment-site';
import { pixelStats } from './pixel-stats';
import { lonLatToUtm, type Utm } from './projection';
import { renderWhole } from './scene-raster';

/** Coarse pixels keep the test quick; the patches are 40–140 m across. */
const PIXEL = 3;

describe('environment analyses derived from the ground truth', { timeout: 120_000 }, async () => {
  const site = await demoSite('environment', 2025);
  const truth = site.groundTruth() as EnvironmentTruth[];
  const detections = environmentDetectionLayers(truth);

  const rendered = new Map<string, { rgb: Uint8Array; frame: ReturnType<typeof site.render>['frame'] }>();
  const greenness = (date: string, geometry: Polygon): number => {
    let scene = rendered.get(date);
    if (!scene) {
      const raster = site.render(site.dates.indexOf(date), PIXEL);
      scene = { rgb: renderWhole(raster), frame: raster.frame };
      rendered.set(date, scene);
    }
    const rings = geometry.coordinates.map((ring) =>
      ring.map((p): Utm => lonLatToUtm([p[0] ?? 0, p[1] ?? 0])),
    );
    return pixelStats(scene.rgb, scene.frame, rings).greenness;
  };
  /** The same polygon moved `east` and `north` metres: ground the truth says didn't change. */
  const shifted = (geometry: Polygon, east: number, north: number): Polygon => ({
    type: 'Polygon',
    coordinates: geometry.coordinates.map((ring) =>
      ring.map(([lon = 0, lat = 0]) => [
        lon + east / (111_320 * Math.cos((lat * Math.PI) / 180)),
        lat + north / 110_574,
      ]),
    ),
  });

  it('pairs the last scene with the latest a year before it, between which every kind of change lies', () => {
    const pair = environmentDemoPair(site.dates);
    expect(pair).toEqual(['2025-11-01', '2026-11-01']);
    const [before, after] = pair as [string, string];
    // The truth's own rule for ground that changed between two scenes (EnvironmentTruth.changedSince).
    const changed = truth.filter((t) => t.changedSince < after && t.afterDate > before);
    expect(new Set(changed.map((t) => t.cause))).toEqual(new Set(['clearing', 'regrowth', 'planting']));
    expect(environmentDemoPair(['2026-03-01', '2026-11-01'])).toBeNull();
    expect(environmentDemoPair([])).toBeNull();
  });

  it('groups the changes into analyses between two dated demo scenes', () => {
    const analyses = environmentAnalyses(truth);
    expect(analyses.length).toBeGreaterThanOrEqual(3);
    for (const analysis of analyses) {
      expect(site.dates).toContain(analysis.beforeDate);
      expect(site.dates).toContain(analysis.afterDate);
      expect(analysis.beforeDate < analysis.afterDate).toBe(true);
    }
    // The first clearing happens between the second and the third scene.
    const first = analyses.find((a) => a.changes.some((c) => c.type === 'DEFO'));
    expect([first?.beforeDate, first?.afterDate]).toEqual([site.dates[1], site.dates[2]]);
  });

  it('gives one DEFO per clearing and one REFO per regrowth and planting, with the entities and their fields layer fields', () => {
    expect(detections.filter((d) => d.properties.type === 'DEFO')).toHaveLength(CLEARINGS.length);
    const regrowing = CLEARINGS.filter((c) => c.recovers < site.dates.length).length;
    expect(detections.filter((d) => d.properties.type === 'REFO')).toHaveLength(regrowing + PLANTINGS.length);
    const keys = new Set(detections.map((d) => d.properties.sourceKey));
    expect(keys.size).toBe(detections.length);
    for (const { properties: p } of detections) {
      expect(p.name).toMatch(/^(Desmatamento|Regeneração|Reflorestamento) — /);
      expect(p.rect).toMatch(/^(Supressão de vegetação nativa em APP|Regeneração natural|Recomposição)/);
      expect(p.rect).toContain(p.detect_before_date?.split('-').reverse().join('/'));
      expect(p.category_name).toBeTruthy();
      expect(p.category_color).toMatch(/^#[0-9a-f]{6}$/);
      expect(p.detect_before_date! < p.detect_after_date!).toBe(true);
    }
  });

  it('is deterministic and part of the environment site layers', () => {
    expect(environmentDetectionLayers(site.groundTruth() as EnvironmentTruth[])).toEqual(detections);
    const analysisLayers = site.layers().features.filter((f) => f.properties.detect_before_date);
    expect(analysisLayers.map((f) => f.properties.sourceKey)).toEqual(
      detections.map((d) => d.properties.sourceKey),
    );
  });

  it('has plausible areas: valid polygons of the patch size, matching a geodesic measure', () => {
    const patches = [...CLEARINGS, ...PLANTINGS];
    for (const detection of detections) {
      expect(booleanValid(detection as Feature)).toBe(true);
      const patch = patches.find((p) => detection.properties.name.endsWith(p.name))!;
      const ellipse = Math.PI * patch.ru * patch.rv;
      const area = detection.properties.area!;
      expect(area, detection.properties.name).toBeGreaterThan(ellipse * 0.8);
      expect(area, detection.properties.name).toBeLessThan(ellipse * 1.25);
      expect(Math.abs(area - turfArea(detection)) / area).toBeLessThan(0.01);
    }
  });

  it('lies where the scenes change: DEFO loses green, REFO gains it', () => {
    for (const { properties: p, geometry } of detections) {
      const before = greenness(p.detect_before_date!, geometry);
      const after = greenness(p.detect_after_date!, geometry);
      if (p.type === 'DEFO') expect(before - after, p.name).toBeGreaterThan(0.08);
      else expect(after - before, p.name).toBeGreaterThan(0.02);
    }
  });

  it('outlines the clearing itself: the same polygon moved off it sees at most half the change', () => {
    // Plantings are left out: seedlings add less green than the seasons do; their outline is the fence below.
    for (const { properties: p, geometry } of detections.filter(
      (d) => !d.properties.name.startsWith('Refl'),
    )) {
      const change = greenness(p.detect_after_date!, geometry) - greenness(p.detect_before_date!, geometry);
      for (const [east, north] of [
        [0, 120],
        [0, -120],
        [250, 0],
        [-250, 0],
      ] as const) {
        const away = shifted(geometry, east, north);
        const elsewhere = greenness(p.detect_after_date!, away) - greenness(p.detect_before_date!, away);
        expect(Math.abs(elsewhere), `${p.name} moved ${east},${north}`).toBeLessThan(Math.abs(change) / 2);
      }
    }
  });

  it('outlines each planting along its fence (the TREE_MAINTAIN layer drawn on the scenes)', () => {
    const fences = site.layers().features.filter((f) => f.properties.type === 'TREE_MAINTAIN');
    for (const planting of detections.filter((d) => d.properties.name.startsWith('Refl'))) {
      const fence = fences.find((f) => planting.properties.name.endsWith(f.properties.name));
      expect(fence?.geometry, planting.properties.name).toEqual(planting.geometry);
    }
  });
});
