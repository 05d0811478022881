import { asphalt, canopy, grass, soil, surface, treeCrown, water, type MaterialContext } from './materials';
import { band } from './noise';
import { hash2 } from './prng';
import type { Utm } from './projection';
import type { RasterFrame } from './raster';
import { drawable, type Drawable, type Shader } from './scene-engine';

/**
 * Farmland around the sites: large fields (soy/corn cycles, pasture) on terra roxa, with crop rows, in a grid
 * of ~250 m plots rotated like the rural roads.
 */
export function farmland(ctx: MaterialContext, calendarMonth: number, seed: number): Shader {
  const pasture = grass(ctx, 0.9, 0.6);
  const crop = grass(ctx, 0.15, 0.05);
  const bare = soil(ctx, 0, 0.2, 0, 0.18);
  const straw = surface(ctx, [168, 146, 100], 0.12, 0.14);
  const track = surface(ctx, [150, 104, 82], 0.12, 0.1);
  const tmp = new Float32Array(3);
  const angle = 0.21;
  const c = Math.cos(angle);
  const s = Math.sin(angle);
  return (x, y, out) => {
    const u = x * c + y * s;
    const v = -x * s + y * c;
    const fu = Math.floor(u / 260);
    const fv = Math.floor(v / 190);
    const eu = u - fu * 260;
    const ev = v - fv * 190;
    if (eu < 3 || ev < 3) {
      track(x, y, out);
      return;
    }
    const kind = hash2(fu, fv, seed);
    if (kind < 0.3) {
      pasture(x, y, out);
      return;
    }
    // Months into the field's cycle: soy Oct–Feb, corn (safrinha) Mar–Jul, straw or bare soil otherwise.
    const phase = (calendarMonth + Math.floor(hash2(fu, fv, seed ^ 99) * 3)) % 12;
    const growing = phase >= 10 || phase <= 1 ? 1 : phase >= 3 && phase <= 6 ? 0.85 : 0;
    const rows = Math.sin((kind > 0.65 ? u : v) * 7.9) * 0.5 + 0.5;
    // Contour terraces (terraços), typical of Paraná farmland: gentle curved ridges every ~40 m.
    const terrace = Math.abs(Math.sin((v + 18 * Math.sin(u / 90 + kind * 6)) / 12.7)) > 0.985 ? 1.12 : 1;
    if (growing > 0) {
      crop(x, y, out);
      bare(x, y, tmp);
      const cover = growing * (0.7 + 0.3 * rows) * (0.85 + 0.1 * band(ctx.noise.coarse, x, y, 150));
      out[0] = (tmp[0]! + (out[0]! - tmp[0]!) * cover) * terrace;
      out[1] = (tmp[1]! + (out[1]! - tmp[1]!) * cover) * terrace;
      out[2] = (tmp[2]! + (out[2]! - tmp[2]!) * cover) * terrace;
    } else {
      if (phase === 2 || phase === 8 || kind > 0.8) straw(x, y, out);
      else bare(x, y, out);
      const k = (0.92 + 0.08 * rows) * terrace;
      out[0] = out[0]! * k;
      out[1] = out[1]! * k;
      out[2] = out[2]! * k;
    }
  };
}

/** A road polyline as quads of the given width. */
export function roadQuads(line: readonly Utm[], width: number): Utm[][] {
  const quads: Utm[][] = [];
  for (let i = 1; i < line.length; i++) {
    const a = line[i - 1] as Utm;
    const b = line[i] as Utm;
    const len = Math.hypot(b[0] - a[0], b[1] - a[1]);
    const nx = (-(b[1] - a[1]) / len) * (width / 2);
    const ny = ((b[0] - a[0]) / len) * (width / 2);
    // Extend each quad a little so joints don't show gaps.
    const ex = ((b[0] - a[0]) / len) * (width / 2);
    const ey = ((b[1] - a[1]) / len) * (width / 2);
    quads.push([
      [a[0] + nx - ex, a[1] + ny - ey],
      [b[0] + nx + ex, b[1] + ny + ey],
      [b[0] - nx + ex, b[1] - ny + ey],
      [a[0] - nx - ex, a[1] - ny - ey],
      [a[0] + nx - ex, a[1] + ny - ey],
    ]);
  }
  return quads;
}

export function roadDrawables(
  frame: RasterFrame,
  ctx: MaterialContext,
  line: readonly Utm[],
  width: number,
  age: number,
): Drawable[] {
  const shoulder = surface(ctx, [150, 120, 96], 0.12, 0.15);
  const paved = asphalt(ctx, age);
  return [
    ...roadQuads(line, width + 3).map((q) => drawable(frame, [q], shoulder)),
    ...roadQuads(line, width).map((q) => drawable(frame, [q], paved)),
  ];
}

export function streamDrawables(
  frame: RasterFrame,
  ctx: MaterialContext,
  line: readonly Utm[],
  width: number,
): Drawable[] {
  const shade = water(ctx, 0.6);
  return roadQuads(line, width).map((q) => drawable(frame, [q], shade));
}

/** Riparian forest / woodland over an area; `coverage` < 1 leaves pasture gaps (a degraded APP). */
export function forestDrawable(
  frame: RasterFrame,
  ctx: MaterialContext,
  rings: Utm[][],
  coverage: number,
  seed: number,
): Drawable {
  return drawable(frame, rings, canopy(ctx, coverage, 5.5, grass(ctx, 1, 0.7), seed));
}

/** Individual trees (park, sidewalk); returns the drawables with shadows. */
export function treeDrawables(
  frame: RasterFrame,
  ctx: MaterialContext,
  trees: readonly { at: Utm; radius: number; tone: number }[],
): Drawable[] {
  return trees.map(({ at: [cx, cy], radius, tone }) => {
    const ring: Utm[] = [];
    for (let k = 0; k <= 12; k++)
      ring.push([
        cx + radius * Math.cos((k / 12) * Math.PI * 2),
        cy + radius * Math.sin((k / 12) * Math.PI * 2),
      ]);
    return drawable(frame, [ring], treeCrown(ctx, cx, cy, radius, tone), radius * 2.2, ctx.sun);
  });
}
