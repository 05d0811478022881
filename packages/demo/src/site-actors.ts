import { surface, type MaterialContext, type Rgb } from './materials';
import { createRng, deriveSeed } from './prng';
import type { Utm } from './projection';
import type { RasterFrame } from './raster';
import { boxRing, type OrientedBox } from './roofs';
import { drawable, type Drawable, type Shader } from './scene-engine';

/** A rectangle of the work area (UTM) where people stand, at `level` metres above the ground. */
export interface WorkArea {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  level: number;
  people: number;
}

const HELMETS: readonly Rgb[] = [
  [236, 236, 232],
  [232, 196, 40],
  [226, 120, 36],
  [60, 100, 180],
];
const SHIRTS: readonly Rgb[] = [
  [52, 70, 120],
  [210, 110, 40],
  [70, 72, 76],
  [190, 190, 184],
  [40, 90, 60],
];

/** Workers seen from above at drone scale: a helmet on a pair of shoulders, and a long thin shadow. */
export function workers(
  frame: RasterFrame,
  ctx: MaterialContext,
  areas: readonly WorkArea[],
  seed: number,
): Drawable[] {
  const rng = createRng(deriveSeed(seed, 'workers'));
  const out: Drawable[] = [];
  for (const area of areas) {
    for (let i = 0; i < area.people; i++) {
      const cx = rng.range(area.x0 + 0.5, area.x1 - 0.5);
      const cy = rng.range(area.y0 + 0.5, area.y1 - 0.5);
      const angle = rng.range(0, Math.PI);
      const shoulders: OrientedBox = {
        cx,
        cy,
        ax: Math.cos(angle),
        ay: Math.sin(angle),
        halfLong: 0.23,
        halfShort: 0.12,
      };
      const body = rounded(surface(ctx, rng.pick(SHIRTS), 0.08, 0.05), shoulders);
      out.push(drawable(frame, [boxRing(shoulders)], body, 1.5, ctx.sun, area.level));
      out.push(
        drawable(
          frame,
          [disc([cx, cy], 0.14)],
          surface(ctx, rng.pick(HELMETS), 0.03, 0.02),
          1.75,
          ctx.sun,
          area.level,
        ),
      );
    }
  }
  return out;
}

/** Darker towards the edge of a box, so small shapes read as rounded bodies rather than cut-outs. */
function rounded(base: Shader, box: OrientedBox): Shader {
  return (x, y, out) => {
    base(x, y, out);
    const dx = x - box.cx;
    const dy = y - box.cy;
    const u = Math.abs(dx * box.ax + dy * box.ay) / box.halfLong;
    const w = Math.abs(-dx * box.ay + dy * box.ax) / box.halfShort;
    const k = 1 - 0.35 * Math.max(u, w) ** 3;
    out[0] = out[0]! * k;
    out[1] = out[1]! * k;
    out[2] = out[2]! * k;
  };
}

/**
 * A concrete mixer truck (white cab, striped drum) parked at `at`, heading `angle` (radians from east), and a
 * pick-up next to it.
 */
export function siteVehicles(
  frame: RasterFrame,
  ctx: MaterialContext,
  at: Utm,
  angle: number,
  mixer: boolean,
): Drawable[] {
  const ax = Math.cos(angle);
  const ay = Math.sin(angle);
  const along = (d: number, side = 0): Utm => [at[0] + ax * d - ay * side, at[1] + ay * d + ax * side];
  const box = (centre: Utm, halfLong: number, halfShort: number): OrientedBox => ({
    cx: centre[0],
    cy: centre[1],
    ax,
    ay,
    halfLong,
    halfShort,
  });
  const out: Drawable[] = [];
  const add = (b: OrientedBox, shade: Shader, height: number): void => {
    out.push(drawable(frame, [boxRing(b)], rounded(shade, b), height, ctx.sun));
  };
  if (mixer) {
    add(box(along(0), 4.2, 1.25), surface(ctx, [70, 72, 76], 0.08, 0.06), 1.2);
    add(box(along(3.1), 1.0, 1.2), surface(ctx, [232, 232, 228], 0.04, 0.04), 3);
    add(box(along(2.45), 0.3, 1.05), surface(ctx, [40, 48, 58], 0.03, 0.02), 3.05);
    add(box(along(-1.1), 2.6, 1.15), drum(ctx, at, ax, ay), 3.4);
  }
  const p = along(mixer ? -1.5 : 0, 4);
  const pickup = box(p, 2.6, 0.95);
  add(pickup, surface(ctx, [196, 198, 200], 0.04, 0.04), 1.5);
  const cab: Utm = [p[0] + ax * 0.6, p[1] + ay * 0.6];
  add(box(cab, 0.95, 0.85), surface(ctx, [176, 178, 180], 0.04, 0.04), 1.8);
  add(box([cab[0] + ax * 0.95, cab[1] + ay * 0.95], 0.25, 0.8), surface(ctx, [36, 42, 50], 0.02, 0.02), 1.75);
  return out;
}

/** The mixer drum: a cylinder lit across its width, with the spiral's stripes along it. */
function drum(ctx: MaterialContext, [cx, cy]: Utm, ax: number, ay: number): Shader {
  const [sx, sy] = ctx.sun.towards;
  const side = -ay * sx + ax * sy;
  return (x, y, out) => {
    const dx = x - cx;
    const dy = y - cy;
    const u = dx * ax + dy * ay;
    const w = (-dx * ay + dy * ax) / 1.15;
    const lit = 0.6 + 0.45 * Math.sqrt(Math.max(0, 1 - w * w)) + 0.3 * w * side;
    const stripe = Math.sin((u + w * 0.8) * 2.4) > 0.6 ? 0.7 : 1;
    const k = lit * stripe;
    out[0] = 214 * k;
    out[1] = 100 * k;
    out[2] = 40 * k;
  };
}

function disc([cx, cy]: Utm, r: number): Utm[] {
  return Array.from({ length: 13 }, (_, k): Utm => [
    cx + r * Math.cos((k / 12) * Math.PI * 2),
    cy + r * Math.sin((k / 12) * Math.PI * 2),
  ]);
}
