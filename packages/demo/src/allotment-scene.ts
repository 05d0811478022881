import type { AllotmentLayout, AreaPlan, BlockPlan } from './allotment-layout';
import { farmland, forestDrawable, roadDrawables, treeDrawables } from './context-drawables';
import { areaInvasionDrawables, greenAreaInvasions } from './green-area-invasion';
import { createLocalFrame, utmToLocal } from './local-frame';
import { lotDrawables } from './lot-drawables';
import { lotStateAt, type LotTimeline } from './lot-timeline';
import { asphalt, canopy, COLOURS, grass, surface, water, type MaterialContext } from './materials';
import { createRng, deriveSeed } from './prng';
import type { Utm } from './projection';
import { frameAround, type RasterFrame } from './raster';
import { boxRing, roof } from './roofs';
import { drawable, noiseSet, type Drawable, type Shader } from './scene-engine';
import { sceneRaster, type SceneRaster } from './scene-raster';
import { calendarMonth, dryness, radiometryFor, sunFor } from './season';

export interface AllotmentSceneOptions {
  /** Metres per pixel; 0.4 by default. Larger values render tiny, fast versions for tests. */
  pixelSize?: number;
  /** Render only this window of the world instead of the whole allotment. */
  frame?: RasterFrame;
  /** Thin-cloud amount (0 clear … 1); defaults to the site's cloudy dates. */
  cloud?: number;
}

/** The dates (by index) that get thin broken cloud, and how much. */
export const ALLOTMENT_CLOUDY: Readonly<Record<number, number>> = { 4: 0.75, 11: 0.55 };

export function allotmentFrame(layout: AllotmentLayout, pixelSize = 0.4): RasterFrame {
  const xs = layout.outline.map((p) => p[0]);
  const ys = layout.outline.map((p) => p[1]);
  return frameAround(Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys), pixelSize, 30);
}

/**
 * One monthly scene of the allotment: `dates[dateIndex]` decides season, sun and radiometry; each lot is drawn
 * as its timeline says at that month.
 */
export function renderAllotmentScene(
  layout: AllotmentLayout,
  timelines: readonly LotTimeline[],
  dates: readonly string[],
  dateIndex: number,
  options: AllotmentSceneOptions = {},
): SceneRaster {
  const date = dates[dateIndex];
  if (!date) throw new Error(`no date at index ${dateIndex}`);
  const frame = options.frame ?? allotmentFrame(layout, options.pixelSize);
  const seed = layout.seed;
  const ctx: MaterialContext = {
    noise: noiseSet(seed),
    dryness: dryness(date),
    sun: sunFor(date),
    seed,
    grainScale: 1 / frame.pixelSize,
  };
  const drawables: Drawable[] = [];
  const add = (rings: Utm[][], shade: Shader, height = 0): void => {
    drawables.push(drawable(frame, rings, shade, height, ctx.sun));
  };

  add([layout.outline], grass(ctx, 0.7, 0.45));
  for (const area of layout.areas) areaDrawables(area, frame, ctx, seed, drawables);
  for (const invasion of greenAreaInvasions(layout))
    drawables.push(...areaInvasionDrawables(frame, ctx, invasion, dateIndex, seed));
  for (const street of layout.streets) add(street, asphalt(ctx, 0.15));
  drawables.push(...roadDrawables(frame, ctx, layout.accessRoad, 9, 0.35));
  for (const block of layout.blocks) add([block.sidewalkRing], sidewalk(ctx, layout, block));

  const timelineByLot = new Map(timelines.map((t) => [t.lotKey, t]));
  for (const lot of layout.lots) {
    const timeline = timelineByLot.get(lot.lotKey);
    if (!timeline) continue;
    drawables.push(
      ...lotDrawables({ lot, state: lotStateAt(timeline, dateIndex), month: dateIndex, ctx, frame, seed }),
    );
  }
  drawables.push(...treeDrawables(frame, ctx, streetTrees(layout, dateIndex)));

  const radiometry = radiometryFor(seed, date, options.cloud ?? ALLOTMENT_CLOUDY[dateIndex] ?? 0);
  return sceneRaster(
    { frame, background: farmland(ctx, calendarMonth(date), seed), drawables, radiometry, cloudScale: 3 },
    seed,
  );
}

/** Sidewalk around a block: kerb, concrete walkway, then a grass verge against the lots. */
function sidewalk(ctx: MaterialContext, layout: AllotmentLayout, block: BlockPlan): Shader {
  const local = createLocalFrame([0, 0], layout.gridAngle);
  const pts = block.ring.map((p) => utmToLocal(local, p));
  const us = pts.map((p) => p[0]);
  const vs = pts.map((p) => p[1]);
  const cu = (Math.min(...us) + Math.max(...us)) / 2;
  const cv = (Math.min(...vs) + Math.max(...vs)) / 2;
  const hu = (Math.max(...us) - Math.min(...us)) / 2;
  const hv = (Math.max(...vs) - Math.min(...vs)) / 2;
  const concrete = surface(ctx, [160, 156, 148], 0.1, 0.12);
  const kerb = surface(ctx, [178, 176, 170], 0.05, 0.05);
  const verge = grass(ctx, 0.3, 0.3);
  const { cos, sin } = local;
  return (x, y, out) => {
    const u = cos * x + sin * y;
    const v = -sin * x + cos * y;
    const d = Math.max(Math.abs(u - cu) - hu, Math.abs(v - cv) - hv);
    if (d > 2.75) kerb(x, y, out);
    else if (d > 1.7) concrete(x, y, out);
    else verge(x, y, out);
  };
}

function areaDrawables(
  area: AreaPlan,
  frame: RasterFrame,
  ctx: MaterialContext,
  seed: number,
  out: Drawable[],
): void {
  for (const rings of area.polygons) {
    switch (area.type) {
      case 'PPA':
        out.push(forestDrawable(frame, ctx, rings, 0.72, seed ^ 0x77));
        break;
      case 'AREA_VERDE':
        if (area.name.includes('Mata')) out.push(forestDrawable(frame, ctx, rings, 0.95, seed ^ 0x99));
        else out.push(drawable(frame, rings, canopy(ctx, 0.18, 7, grass(ctx, 0.35, 0.5), seed ^ 0x55)));
        break;
      case 'RETENTION_BASIN':
        out.push(drawable(frame, rings, basinShader(ctx, rings[0] ?? [])));
        break;
      case 'CLUBE':
        out.push(drawable(frame, rings, grass(ctx, 0.1, 0.1)));
        out.push(...clubBuildings(frame, ctx, rings[0] ?? []));
        break;
      case 'EPC':
        out.push(drawable(frame, rings, grass(ctx, 0.8, 0.7)));
        break;
    }
  }
}

function basinShader(ctx: MaterialContext, ring: readonly Utm[]): Shader {
  const xs = ring.map((p) => p[0]);
  const ys = ring.map((p) => p[1]);
  const cx = (Math.min(...xs) + Math.max(...xs)) / 2;
  const cy = (Math.min(...ys) + Math.max(...ys)) / 2;
  const rx = (Math.max(...xs) - Math.min(...xs)) / 2;
  const ry = (Math.max(...ys) - Math.min(...ys)) / 2;
  const slope = grass(ctx, 0.5, 0.6);
  const pond = water(ctx, 0.9);
  const wetArea = 0.5 - 0.25 * ctx.dryness;
  return (x, y, out) => {
    const r = Math.hypot((x - cx) / rx, (y - cy) / ry);
    if (r < wetArea) pond(x, y, out);
    else slope(x, y, out);
    if (r > 0.55 && r < 0.62) {
      out[0] = out[0]! * 1.15;
      out[1] = out[1]! * 1.12;
      out[2] = out[2]! * 1.1;
    }
  };
}

function clubBuildings(frame: RasterFrame, ctx: MaterialContext, ring: readonly Utm[]): Drawable[] {
  const xs = ring.map((p) => p[0]);
  const ys = ring.map((p) => p[1]);
  const cx = (Math.min(...xs) + Math.max(...xs)) / 2;
  const cy = (Math.min(...ys) + Math.max(...ys)) / 2;
  const hall = { cx, cy: cy + 20, ax: 1, ay: 0, halfLong: 18, halfShort: 9 };
  const pool = { cx: cx - 5, cy: cy - 8, ax: 1, ay: 0, halfLong: 12.5, halfShort: 6 };
  const deck = { ...pool, halfLong: 17, halfShort: 10 };
  const court = { cx: cx + 35, cy: cy - 5, ax: 0, ay: 1, halfLong: 18, halfShort: 9 };
  const parking = { cx: cx - 45, cy: cy + 18, ax: 1, ay: 0, halfLong: 16, halfShort: 12 };
  return [
    drawable(frame, [boxRing(parking)], asphalt(ctx, 0.3)),
    drawable(frame, [boxRing(deck)], surface(ctx, [196, 186, 170], 0.06, 0.06)),
    drawable(frame, [boxRing(pool)], surface(ctx, COLOURS.poolWater, 0.04, 0.03)),
    drawable(frame, [boxRing(court)], surface(ctx, [70, 120, 86], 0.05, 0.05)),
    drawable(
      frame,
      [boxRing({ ...court, halfLong: 15, halfShort: 7.5 })],
      surface(ctx, [176, 92, 64], 0.05, 0.05),
    ),
    drawable(
      frame,
      [boxRing(hall)],
      roof(ctx, hall, 'gable', [150, 152, 150], 0.1, frame.pixelSize),
      6,
      ctx.sun,
    ),
  ];
}

/** Young street trees along the sidewalks of stage 1, planted before the first scene and growing slowly. */
function streetTrees(layout: AllotmentLayout, month: number): { at: Utm; radius: number; tone: number }[] {
  const rng = createRng(deriveSeed(layout.seed, 'street-trees'));
  const trees: { at: Utm; radius: number; tone: number }[] = [];
  for (const block of layout.blocks) {
    if (block.stage !== 'Etapa 1') continue;
    const ring = block.sidewalkRing;
    for (let i = 1; i < ring.length; i++) {
      const a = ring[i - 1] as Utm;
      const b = ring[i] as Utm;
      const len = Math.hypot(b[0] - a[0], b[1] - a[1]);
      const inward: Utm = [(-(b[1] - a[1]) / len) * 0.9, ((b[0] - a[0]) / len) * 0.9];
      for (let d = 6; d < len - 4; d += 14) {
        if (rng.chance(0.25)) continue;
        const t = d / len;
        trees.push({
          at: [a[0] + (b[0] - a[0]) * t + inward[0], a[1] + (b[1] - a[1]) * t + inward[1]],
          radius: rng.range(1.1, 1.9) + month * 0.03,
          tone: rng.next(),
        });
      }
    }
  }
  return trees;
}
