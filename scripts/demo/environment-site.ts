import type { Feature, Geometry } from 'geojson';
import type { DemoLayerCollection, DemoLayerProperties } from './allotment-layers';
import { farmland } from './context-drawables';
import type { DemoSiteGenerator } from './demo-sites';
import { createLocalFrame, localToUtm, utmToLocal, type LocalFrame } from './local-frame';
import { canopy, grass, soil, water, type MaterialContext } from './materials';
import { sampleNoise } from './noise';
import { hash2 } from './prng';
import { lonLatToUtm, utmToLonLat, type Utm } from './projection';
import { frameAround } from './raster';
import { drawable, noiseSet, type Shader } from './scene-engine';
import { sceneRaster } from './scene-raster';
import { calendarMonth, dryness, radiometryFor, sunFor } from './season';
import { DEMO_SITES } from './sites';

/** An ellipse in the strip's local frame (u along the stream, v across). */
interface Patch {
  name: string;
  u: number;
  v: number;
  ru: number;
  rv: number;
}

/** Riparian forest cleared between scenes `cleared − 1` and `cleared`, recovering from `recovers` on. */
const CLEARINGS: (Patch & { cleared: number; recovers: number })[] = [
  { name: 'Supressão 1', u: -220, v: 12, ru: 48, rv: 26, cleared: 2, recovers: 4 },
  { name: 'Supressão 2', u: 190, v: -18, ru: 36, rv: 22, cleared: 4, recovers: 99 },
];
/** Pasture replanted with native seedlings at scene `planted`, canopy closing over the following scenes. */
const PLANTINGS: (Patch & { planted: number })[] = [
  { name: 'Recomposição 1', u: 20, v: 60, ru: 70, rv: 28, planted: 1 },
  { name: 'Recomposição 2', u: 330, v: 55, ru: 50, rv: 25, planted: 2 },
];

const DATES = ['2025-03-01', '2025-07-01', '2025-11-01', '2026-03-01', '2026-07-01', '2026-11-01'];

export interface EnvironmentTruth {
  type: 'DEFO' | 'REFO';
  name: string;
  beforeDate: string;
  afterDate: string;
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
  const patchRing = (p: Patch): Utm[] =>
    Array.from({ length: 33 }, (_, k) =>
      localToUtm(frame, [
        p.u + p.ru * Math.cos((k / 32) * Math.PI * 2),
        p.v + p.rv * Math.sin((k / 32) * Math.PI * 2),
      ]),
    );
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
      ],
    };
  };

  const groundTruth = (): EnvironmentTruth[] => [
    ...CLEARINGS.map((p) => ({
      type: 'DEFO' as const,
      name: p.name,
      beforeDate: DATES[p.cleared - 1] as string,
      afterDate: DATES[p.cleared] as string,
      geometry: { type: 'Polygon' as const, coordinates: [patchRing(p).map((q) => utmToLonLat(q))] },
    })),
    ...CLEARINGS.filter((p) => p.recovers < DATES.length).map((p) => ({
      type: 'REFO' as const,
      name: `${p.name} — regeneração`,
      beforeDate: DATES[p.recovers - 1] as string,
      afterDate: DATES[DATES.length - 1] as string,
      geometry: { type: 'Polygon' as const, coordinates: [patchRing(p).map((q) => utmToLonLat(q))] },
    })),
    ...PLANTINGS.map((p) => ({
      type: 'REFO' as const,
      name: p.name,
      beforeDate: DATES[p.planted] as string,
      afterDate: DATES[DATES.length - 1] as string,
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
      const shade = landscape(ctx, frame, dateIndex, seed);
      const drawables = [drawable(raster, [outline], shade)];
      const radiometry = radiometryFor(seed ^ 0xe1, date, dateIndex === 3 ? 0.6 : 0);
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

function streamV(u: number): number {
  return 14 * Math.sin(u / 70) + 6 * Math.sin(u / 23 + 0.7);
}

function inPatch(p: Patch, u: number, v: number): number {
  const du = (u - p.u) / p.ru;
  const dv = (v - p.v) / p.rv;
  return du * du + dv * dv;
}

/** Pasture, the stream and its riparian forest band, with clearings and replanted areas over time. */
function landscape(ctx: MaterialContext, frame: LocalFrame, dateIndex: number, seed: number): Shader {
  const pasture = grass(ctx, 0.85, 0.55);
  const forest = canopy(ctx, 0.93, 6, grass(ctx, 1, 0.8), seed ^ 0x31);
  const regrowth = canopy(ctx, 0.55, 2.5, grass(ctx, 1, 0.9), seed ^ 0x32);
  const cleared = soil(ctx, 1, 0.6, 0, 0.05);
  const stream = water(ctx, 0.7);
  // The sun in the strip's frame, to light the seedlings' crowns.
  const sx = frame.cos * ctx.sun.towards[0] + frame.sin * ctx.sun.towards[1];
  const sy = -frame.sin * ctx.sun.towards[0] + frame.cos * ctx.sun.towards[1];
  const { medium } = ctx.noise;
  return (x, y, out) => {
    const [u, v] = utmToLocal(frame, [x, y]);
    const dv = v - streamV(u);
    if (Math.abs(dv) < 2.2 + 0.6 * sampleNoise(medium, u * 0.1, 3)) {
      stream(x, y, out);
      return;
    }
    for (const p of CLEARINGS) {
      if (dateIndex >= p.cleared && inPatch(p, u, v) < 1 + 0.15 * sampleNoise(medium, u * 0.05, v * 0.05)) {
        if (dateIndex >= p.recovers + 1) regrowth(x, y, out);
        else if (dateIndex >= p.recovers) {
          cleared(x, y, out);
          const g = hash2(Math.floor(u), Math.floor(v), 5) < 0.45;
          if (g) pasture(x, y, out);
        } else cleared(x, y, out);
        if (hash2(Math.floor(u / 3), Math.floor(v / 3), seed) < 0.04 && dateIndex < p.recovers) {
          // stumps and piled branches
          out[0] = 96;
          out[1] = 78;
          out[2] = 60;
        }
        return;
      }
    }
    for (const p of PLANTINGS) {
      if (dateIndex >= p.planted && inPatch(p, u, v) < 1) {
        const age = dateIndex - p.planted;
        const su = Math.round(u / 3) * 3;
        const sv = Math.round(v / 3) * 3;
        const r = 0.3 + 0.55 * age;
        const du = u - su;
        const dvv = v - sv;
        const d2 = (du * du + dvv * dvv) / (r * r);
        if (d2 < 1) {
          const light = 0.75 + 0.35 * ((du * sx + dvv * sy) / r) + 0.2 * Math.sqrt(1 - d2);
          out[0] = 52 * light;
          out[1] = 88 * light;
          out[2] = 40 * light;
        } else (age === 0 ? cleared : pasture)(x, y, out);
        return;
      }
    }
    const width = 34 + 14 * sampleNoise(medium, u * 0.01 + 40, 9);
    if (Math.abs(dv) < width) forest(x, y, out);
    else pasture(x, y, out);
  };
}
