import type { MaterialContext, Rgb } from './materials';
import { band } from './noise';
import { hash2 } from './prng';
import type { Shader } from './scene-engine';

export interface PastureOptions {
  seed: number;
  /**
   * Distance (m) across the slope at world point (x, y): cattle walk along the contours, so their paths are
   * lines of constant `contour`. Null for flat ground without paths.
   */
  contour: ((x: number, y: number) => number) | null;
  /** Termite mounds (cupinzeiros) per 100 m² where the pasture is degraded; 0 for none. */
  mounds: number;
  /** 0–1: how hard it is grazed (short, yellower, more bare wear). */
  grazing: number;
}

const WET: Rgb = [80, 108, 50];
const DRY: Rgb = [150, 136, 88];
const WORN: Rgb = [150, 122, 96];
const MOUND: Rgb = [170, 140, 98];

/**
 * Grazed Brachiaria pasture at 0.3–0.5 m/px: tussock grain, rank and grazed patches at 10–40 m, faint
 * slope-wide variation, contour cattle paths (terracetes) and termite mounds with their shadows.
 */
export function pasture(ctx: MaterialContext, options: PastureOptions): Shader {
  const { fine, medium, coarse } = ctx.noise;
  const { seed, contour, grazing } = options;
  const mound = termiteMounds(ctx, seed, options.mounds);
  const g = Math.min(ctx.grainScale, 3);
  const d = ctx.dryness;
  return (x, y, out) => {
    const patch = band(medium, x + 311, y - 97, 45) + 0.6 * band(fine, x, y, 14);
    const rank = smoothstep(0.05, 0.4, patch);
    const grazed = smoothstep(-0.15, -0.55, patch);
    const slow = band(coarse, x, y, 500);
    // Dry season browns the grazed patches first; rank grass stays greener.
    const dryHere = clamp01(
      d * (0.75 + 0.6 * grazed - 0.45 * rank) + 0.06 * slow + 0.15 * grazing * d + 0.12 * grazed,
    );
    let r = WET[0] + (DRY[0] - WET[0]) * dryHere;
    let gr = WET[1] + (DRY[1] - WET[1]) * dryHere;
    let b = WET[2] + (DRY[2] - WET[2]) * dryHere;
    const tussock = hash2(Math.floor(x * g), Math.floor(y * g), seed) - 0.5;
    const clump = band(fine, x - 53, y + 71, 5);
    const light = 1 + 0.16 * tussock + 0.09 * clump - 0.07 * rank + 0.06 * grazed + 0.05 * slow;
    r *= light * (1 - 0.04 * rank);
    gr *= light * (1 + 0.03 * rank);
    b *= light;
    let wear = grazing * 0.4 * smoothstep(-0.6, -0.9, patch + 0.3 * clump);
    if (contour) {
      const c = contour(x, y) + 3.5 * band(fine, x + 17, y - 29, 30);
      const spacing = 10;
      const offset = Math.abs((((c % spacing) + spacing) % spacing) - spacing / 2);
      // Paths only on the steeper stretches of the slope, and broken where the cattle spread out.
      if (offset < 0.35 && band(medium, x, y, 160) > 0.15 && band(fine, x + 5, y + 3, 12) > -0.2)
        wear = Math.max(wear, 0.55 * (1 - offset / 0.35) + 0.15);
    }
    if (wear > 0) {
      const t = Math.min(1, wear);
      r += (WORN[0] * light - r) * t;
      gr += (WORN[1] * light - gr) * t;
      b += (WORN[2] * light - b) * t;
    }
    out[0] = r;
    out[1] = gr;
    out[2] = b;
    mound(x, y, out);
  };
}

/** Cupinzeiros: knee-high clay mounds on a jittered 8 m grid, lit on the sun side, shadow on the other. */
function termiteMounds(
  ctx: MaterialContext,
  seed: number,
  per100m2: number,
): (x: number, y: number, out: Float32Array) => void {
  const cell = 8;
  const chance = (per100m2 * cell * cell) / 100;
  const [sx, sy] = ctx.sun.towards;
  const reach = 0.6 * ctx.sun.shadowRatio + 0.1;
  return (x, y, out) => {
    if (chance <= 0) return;
    // The shadow can fall into the next cell, so look at the pixel and the point towards the sun.
    for (let k = 0; k < 2; k++) {
      const px = x + sx * reach * k;
      const py = y + sy * reach * k;
      const cx = Math.floor(px / cell);
      const cy = Math.floor(py / cell);
      const local = chance * (0.3 + 1.4 * hash2(cx >> 4, cy >> 4, seed ^ 0x5a));
      if (hash2(cx, cy, seed ^ 0x7e3) > local) continue;
      const mx = (cx + 0.2 + 0.6 * hash2(cx, cy, seed ^ 0x11)) * cell;
      const my = (cy + 0.2 + 0.6 * hash2(cx, cy, seed ^ 0x22)) * cell;
      const radius = 0.35 + 0.3 * hash2(cx, cy, seed ^ 0x33);
      if (k === 0) {
        const dx = (x - mx) / radius;
        const dy = (y - my) / radius;
        const d2 = dx * dx + dy * dy;
        if (d2 < 1) {
          const lit = 0.85 + 0.35 * (dx * sx + dy * sy) + 0.15 * Math.sqrt(1 - d2);
          out[0] = MOUND[0] * lit;
          out[1] = MOUND[1] * lit;
          out[2] = MOUND[2] * lit;
          return;
        }
      } else {
        // Shadow: the mound disc shifted away from the sun.
        const dx = x + sx * reach - mx;
        const dy = y + sy * reach - my;
        if (dx * dx + dy * dy < radius * radius) {
          out[0] = out[0]! * 0.55;
          out[1] = out[1]! * 0.58;
          out[2] = out[2]! * 0.66;
        }
      }
    }
  };
}

export function smoothstep(edge0: number, edge1: number, v: number): number {
  const t = clamp01((v - edge0) / (edge1 - edge0));
  return t * t * (3 - 2 * t);
}

export function clamp01(v: number): number {
  return v < 0 ? 0 : v > 1 ? 1 : v;
}
