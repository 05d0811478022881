import type { Feature, Geometry } from 'geojson';
import type { DemoLayerCollection, DemoLayerProperties } from './allotment-layers';
import { farmland } from './context-drawables';
import type { DemoSiteGenerator } from './demo-sites';
import { environmentDetectionLayers } from './environment-detections';
import { CLEARINGS, PLANTINGS, patchRing as localPatchRing, type Patch } from './environment-patches';
import { createLocalFrame, localToUtm } from './local-frame';
import type { MaterialContext } from './materials';
import { lonLatToUtm, utmToLonLat, type Utm } from './projection';
import { frameAround } from './raster';
import { riparianLandscape, streamV } from './riparian-landscape';
import { drawable, noiseSet } from './scene-engine';
import { sceneRaster } from './scene-raster';
import { calendarMonth, dryness, radiometryFor, sunFor } from './season';
import { DEMO_SITES } from './sites';

const DATES = ['2025-03-01', '2025-07-01', '2025-11-01', '2026-03-01', '2026-07-01', '2026-11-01'];

export interface EnvironmentTruth {
  type: 'DEFO' | 'REFO';
  /** What changed: forest cleared, a clearing growing back, or pasture replanted with native seedlings. */
  cause: 'clearing' | 'regrowth' | 'planting';
  /** The patch (environment-patches.ts) the polygon outlines. */
  patch: string;
  name: string;
  beforeDate: string;
  afterDate: string;
  /**
   * The last scene in which this ground still looked as it did before the change began: the before date, except
   * a planting's, whose fence and weeded rings around the seedlings are already seen in its before scene (the
   * scene it was planted in), so its ground changed from the scene before that one. Between two scenes the ground
   * is unchanged wherever no truth record has `changedSince` < the later date and `afterDate` > the earlier one.
   */
  changedSince: string;
  geometry: Geometry;
}

export function environmentSite(seed: number): DemoSiteGenerator {
  const site = DEMO_SITES.environment;
  const outline = (site.outline.coordinates[0] ?? []).map((p) => lonLatToUtm([p[0] ?? 0, p[1] ?? 0]));
  const a = outline[0] as Utm;
  const b = outline[1] as Utm;
  const c = outline[2] as Utm;
  const d = outline[3] as Utm;
  const centre: Utm = [(a[0] + b[0] + c[0] + d[0]) / 4, (a[1] + b[1] + c[1] + d[1]) / 4];
  // The strip runs from the west corner (a) to the east corner (b) and (d) → (c).
  const frame = createLocalFrame(centre, Math.atan2(b[1] + c[1] - a[1] - d[1], b[0] + c[0] - a[0] - d[0]));
  const xs = outline.map((p) => p[0]);
  const ys = outline.map((p) => p[1]);
  const patchRing = (p: Patch): Utm[] => localPatchRing(p).map((q) => localToUtm(frame, q));
  const streamLine: Utm[] = [];
  for (let u = -560; u <= 560; u += 10) streamLine.push(localToUtm(frame, [u, streamV(u)]));

  const layers = (): DemoLayerCollection => {
    const feature = (
      geometry: Geometry,
      properties: DemoLayerProperties,
    ): Feature<Geometry, DemoLayerProperties> => ({ type: 'Feature', geometry, properties });
    const poly = (ring: Utm[]): Geometry => ({
      type: 'Polygon',
      coordinates: [ring.map((p) => utmToLonLat(p))],
    });
    return {
      type: 'FeatureCollection',
      features: [
        feature(site.outline, { type: 'LIMIT', name: 'APP Ribeirão Pinguim' }),
        feature(site.outline, { type: 'PPA', name: 'Área de Preservação Permanente' }),
        feature(
          { type: 'LineString', coordinates: streamLine.map((p) => utmToLonLat(p)) },
          { type: 'STREAM', name: 'Ribeirão Pinguim' },
        ),
        ...PLANTINGS.map((p) => feature(poly(patchRing(p)), { type: 'TREE_MAINTAIN', name: p.name })),
        // The analyses' REFO/DEFO polygons (what the environment AI is to find), drawn over the rest.
        ...environmentDetectionLayers(groundTruth()),
      ],
    };
  };

  const groundTruth = (): EnvironmentTruth[] => [
    ...CLEARINGS.map((p) => ({
      type: 'DEFO' as const,
      cause: 'clearing' as const,
      patch: p.name,
      name: p.name,
      beforeDate: DATES[p.cleared - 1] as string,
      afterDate: DATES[p.cleared] as string,
      changedSince: DATES[p.cleared - 1] as string,
      geometry: { type: 'Polygon' as const, coordinates: [patchRing(p).map((q) => utmToLonLat(q))] },
    })),
    ...CLEARINGS.filter((p) => p.recovers < DATES.length).map((p) => ({
      type: 'REFO' as const,
      cause: 'regrowth' as const,
      patch: p.name,
      name: `${p.name} — regeneração`,
      beforeDate: DATES[p.recovers - 1] as string,
      afterDate: DATES[DATES.length - 1] as string,
      changedSince: DATES[p.recovers - 1] as string,
      geometry: { type: 'Polygon' as const, coordinates: [patchRing(p).map((q) => utmToLonLat(q))] },
    })),
    ...PLANTINGS.map((p) => ({
      type: 'REFO' as const,
      cause: 'planting' as const,
      patch: p.name,
      name: p.name,
      beforeDate: DATES[p.planted] as string,
      afterDate: DATES[DATES.length - 1] as string,
      changedSince: DATES[Math.max(0, p.planted - 1)] as string,
      geometry: { type: 'Polygon' as const, coordinates: [patchRing(p).map((q) => utmToLonLat(q))] },
    })),
  ];

  return {
    key: 'environment',
    space: site.space,
    kind: 'satellite',
    basePixelSize: 0.5,
    dates: DATES,
    layers,
    groundTruth,
    render(dateIndex, pixelSize) {
      const date = DATES[dateIndex] as string;
      const raster = frameAround(
        Math.min(...xs),
        Math.min(...ys),
        Math.max(...xs),
        Math.max(...ys),
        pixelSize,
        40,
      );
      const ctx: MaterialContext = {
        noise: noiseSet(seed),
        dryness: dryness(date),
        sun: sunFor(date),
        seed,
        grainScale: 1 / Math.max(pixelSize, 0.05),
      };
      const shade = riparianLandscape(ctx, frame, dateIndex, seed);
      const drawables = [drawable(raster, [outline], shade)];
      const radiometry = radiometryFor(seed ^ 0xe1, date, dateIndex === 0 ? 0.6 : 0);
      return sceneRaster(
        {
          frame: raster,
          background: farmland(ctx, calendarMonth(date), seed ^ 0xe2),
          drawables,
          radiometry,
          cloudScale: 3,
        },
        seed,
      );
    },
  };
}
