import { bbox, bboxClip } from '@turf/turf';
import type { Polygon } from 'geojson';
import { describe, expect, it } from 'vitest';
import { demoSite } from './demo-sites';
import type { EnvironmentTruth } from './environment-site';
import { pixelStats } from './pixel-stats';
import { lonLatToUtm, type Utm } from './projection';
import { renderWhole } from './scene-raster';

const PIXEL = 2;

describe('environment scenes', { timeout: 120_000 }, async () => {
  const site = await demoSite('environment', 2025);
  const truth = site.groundTruth() as EnvironmentTruth[];
  const rendered = new Map<string, { rgb: Uint8Array; frame: ReturnType<typeof site.render>['frame'] }>();
  const sceneAt = (date: string): { rgb: Uint8Array; frame: ReturnType<typeof site.render>['frame'] } => {
    let scene = rendered.get(date);
    if (!scene) {
      const raster = site.render(site.dates.indexOf(date), PIXEL);
      scene = { rgb: renderWhole(raster), frame: raster.frame };
      rendered.set(date, scene);
    }
    return scene;
  };
  const greenness = (date: string, geometry: Polygon): number => {
    const { rgb, frame } = sceneAt(date);
    const rings = geometry.coordinates.map((ring) =>
      ring.map((p): Utm => lonLatToUtm([p[0] ?? 0, p[1] ?? 0])),
    );
    return pixelStats(rgb, frame, rings).greenness;
  };

  it('has DEFO and REFO ground truth', () => {
    expect(truth.filter((t) => t.type === 'DEFO').length).toBeGreaterThanOrEqual(2);
    expect(truth.filter((t) => t.type === 'REFO').length).toBeGreaterThanOrEqual(2);
  });

  it('makes every DEFO polygon greener before than after, and every REFO the reverse', () => {
    for (const t of truth) {
      const before = greenness(t.beforeDate, t.geometry as Polygon);
      const after = greenness(t.afterDate, t.geometry as Polygon);
      if (t.type === 'DEFO') expect(before, t.name).toBeGreaterThan(after + 0.08);
      else expect(after, t.name).toBeGreaterThan(before + 0.02);
    }
  });

  it('draws each change over its whole polygon: every quadrant of it changes green the way its type says', () => {
    for (const t of truth) {
      const [west, south, east, north] = bbox(t.geometry);
      const midLon = (west + east) / 2;
      const midLat = (south + north) / 2;
      const quadrants: [number, number, number, number][] = [
        [west, south, midLon, midLat],
        [midLon, south, east, midLat],
        [west, midLat, midLon, north],
        [midLon, midLat, east, north],
      ];
      for (const [k, quadrant] of quadrants.entries()) {
        const part = bboxClip(t.geometry as Polygon, quadrant).geometry as Polygon;
        const before = greenness(t.beforeDate, part);
        const after = greenness(t.afterDate, part);
        const gain = t.type === 'REFO' ? after - before : before - after;
        expect(gain, `${t.name} ${t.beforeDate} → ${t.afterDate}, quadrant ${k}`).toBeGreaterThan(0.02);
      }
    }
  });

  it('is byte-identical for the same seed', () => {
    const a = renderWhole(site.render(2, 4));
    const b = renderWhole(site.render(2, 4));
    expect(Buffer.from(a).equals(Buffer.from(b))).toBe(true);
  });
});

describe('construction drone scenes', { timeout: 60_000 }, async () => {
  const site = await demoSite('construction', 2025);
  const tower = site.layers().features.find((f) => f.properties.name === 'Projeção da torre');
  const towerRing = ((tower?.geometry as Polygon).coordinates[0] ?? []).map((p): Utm =>
    lonLatToUtm([p[0] ?? 0, p[1] ?? 0]),
  );
  const lotRing = ((site.layers().features[0]?.geometry as Polygon).coordinates[0] ?? []).map((p): Utm =>
    lonLatToUtm([p[0] ?? 0, p[1] ?? 0]),
  );
  const stats = (dateIndex: number, ring: Utm[]): ReturnType<typeof pixelStats> => {
    const raster = site.render(dateIndex, 0.2);
    return pixelStats(renderWhole(raster), raster.frame, [ring]);
  };

  it('shows the dig as red earth and the structure as grey concrete on the tower footprint', () => {
    const dig = stats(0, towerRing);
    const built = stats(5, towerRing);
    expect(dig.redness).toBeGreaterThan(0.1);
    expect(built.chroma).toBeLessThan(dig.chroma - 0.1);
    expect(built.redness).toBeLessThan(dig.redness - 0.08);
  });

  it('has varied ground on the lot, not one flat colour', () => {
    const lot = stats(1, lotRing);
    expect(lot.contrast).toBeGreaterThan(12);
  });

  it('is byte-identical for the same seed', () => {
    const a = renderWhole(site.render(4, 0.5));
    const b = renderWhole(site.render(4, 0.5));
    expect(Buffer.from(a).equals(Buffer.from(b))).toBe(true);
  });
});
