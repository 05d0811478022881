import { soil, type MaterialContext, type Rgb } from './materials';
import { band } from './noise';
import { clamp01, smoothstep } from './pasture';
import { hash2 } from './prng';
import type { Utm } from './projection';
import type { Shader } from './scene-engine';

export interface SiteGroundOptions {
  /** South-west corner of the lot (UTM) — tracks are laid out in lot metres from here. */
  origin: Utm;
  /** Where trucks come in (lot metres) and the point they drive to. */
  gate: [number, number];
  target: [number, number];
  /** 0 (dry, dusty) … 1 (after rain: dark soil and puddles in the low spots). */
  wetness: number;
  seed: number;
}

const GRAVEL: Rgb = [150, 144, 134];
const CONCRETE_WASH: Rgb = [170, 168, 160];
const PUDDLE: Rgb = [78, 70, 58];
const DUST: Rgb = [168, 122, 96];

/**
 * The working ground of a drone-scale building site: compacted terra roxa with moisture patches, crushed
 * stone spread on the truck route, tyre ruts from the gate to the work front, puddles in the low spots after
 * rain, concrete washout stains and scattered offcuts.
 */
export function siteGround(ctx: MaterialContext, options: SiteGroundOptions): Shader {
  const earth = soil(ctx, 0.35, 0.3, 0, 0.08);
  const { fine, medium } = ctx.noise;
  const [ox, oy] = options.origin;
  const [gx, gy] = options.gate;
  const [tx, ty] = options.target;
  const len = Math.hypot(tx - gx, ty - gy);
  const ax = (tx - gx) / len;
  const ay = (ty - gy) / len;
  const { wetness, seed } = options;
  const g = Math.min(ctx.grainScale, 25);
  return (x, y, out) => {
    earth(x, y, out);
    const u = x - ox;
    const v = y - oy;
    // Moisture: darker soil in broad patches, more of it after rain; dry crust and dust elsewhere.
    const moist = band(medium, x + 40, y - 12, 14) + 0.4 * band(fine, x, y, 3);
    const damp = smoothstep(0.1 - wetness * 0.5, 0.45 - wetness * 0.5, moist);
    const dusty = smoothstep(0.2, 0.6, -moist) * (1 - wetness);
    const k = 1 - 0.22 * damp;
    out[0] = (out[0]! + (DUST[0] - out[0]!) * dusty * 0.5) * k;
    out[1] = (out[1]! + (DUST[1] - out[1]!) * dusty * 0.5) * k;
    out[2] = (out[2]! + (DUST[2] - out[2]!) * dusty * 0.5) * k;
    // The truck route: a gravel band from the gate, bending a little, with ruts.
    const along = (u - gx) * ax + (v - gy) * ay;
    const across = -(u - gx) * ay + (v - gy) * ax - 1.5 * Math.sin(along / 9);
    if (along > -2 && along < len + 3) {
      const edge = 2.2 + 0.5 * band(fine, u, v, 4);
      const a = Math.abs(across);
      if (a < edge) {
        const stone = 0.8 + 0.4 * hash2(Math.floor(x * g), Math.floor(y * g), seed);
        const cover = smoothstep(edge, edge - 0.6, a) * (0.55 + 0.45 * band(fine, x * 2, y * 2, 5));
        mix(out, GRAVEL, clamp01(cover) * 0.9, stone);
      }
      for (const wheel of [-1.0, 1.0]) {
        const rut = Math.abs(across - wheel);
        if (rut < 0.22) {
          const tread = Math.sin(along * 40) > 0.3 ? 0.78 : 0.86;
          out[0] = out[0]! * tread;
          out[1] = out[1]! * tread;
          out[2] = out[2]! * tread;
        }
      }
    }
    // Wandering tracks of the loader and the pick-up, looping over the lot.
    const loop = Math.abs(band(medium, x * 0.6 - 9, y * 0.6 + 4, 30));
    if (loop < 0.05) {
      const k2 = 0.9 + 0.1 * smoothstep(0, 0.05, loop) + 0.05 * Math.sin(x * 31 + y * 29);
      out[0] = out[0]! * k2;
      out[1] = out[1]! * k2;
      out[2] = out[2]! * k2;
    }
    // Puddles in the lowest, wettest spots.
    if (wetness > 0.3 && moist > 0.55 - 0.15 * wetness) {
      const sky = 0.9 + 0.2 * band(fine, x * 3, y * 3, 2);
      mix(out, PUDDLE, smoothstep(0.55 - 0.15 * wetness, 0.6 - 0.15 * wetness, moist), sky);
    }
    // Concrete washout and offcuts (wood, cement bags) lying around.
    const wash = band(medium, x - 77, y + 31, 30) + 0.3 * band(fine, x, y, 4);
    if (wash > 0.68) mix(out, CONCRETE_WASH, smoothstep(0.68, 0.8, wash) * 0.7, 1);
    const cell = hash2(Math.floor(x * 5), Math.floor(y * 2.5), seed ^ 0x99);
    if (cell < 0.002) mix(out, cell < 0.001 ? [180, 150, 108] : [200, 198, 190], 0.8, 1);
  };
}

function mix(out: Float32Array, colour: Rgb, t: number, brightness: number): void {
  out[0] = out[0]! + (colour[0] * brightness - out[0]!) * t;
  out[1] = out[1]! + (colour[1] * brightness - out[1]!) * t;
  out[2] = out[2]! + (colour[2] * brightness - out[2]!) * t;
}
