import { band, sampleCanopy, sampleNoise, type CrownSample } from './noise';
import { hash2 } from './prng';
import type { NoiseSet, Shader, Sun } from './scene-engine';

export type Rgb = readonly [number, number, number];

/** Scene-wide conditions every material reads. */
export interface MaterialContext {
  noise: NoiseSet;
  /** 0 in the wet season (Oct–Mar, green), 1 at the end of the dry season (Aug–Sep). */
  dryness: number;
  sun: Sun;
  seed: number;
  /** Pixels per metre, so per-pixel grain stays per pixel at any resolution. */
  grainScale: number;
}

function set(out: Float32Array, r: number, g: number, b: number): void {
  out[0] = r;
  out[1] = g;
  out[2] = b;
}

function mix(a: Rgb, b: Rgb, t: number): [number, number, number] {
  return [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t];
}

/** Multi-scale brightness variation in world metres (values ≈ −1…1). */
export function texture(ctx: MaterialContext, x: number, y: number, metresPerTexel: number): number {
  return sampleNoise(ctx.noise.medium, x / metresPerTexel, y / metresPerTexel);
}

const GRASS_WET: Rgb = [72, 104, 46];
const GRASS_DRY: Rgb = [138, 128, 80];

/**
 * Grass and weeds. `lush` 0–1 (mowed short lawn → tall weedy pasture), `tone` shifts the hue per parcel.
 */
export function grass(ctx: MaterialContext, lush: number, tone: number): Shader {
  const base = mix(GRASS_WET, GRASS_DRY, Math.min(1, Math.max(0, ctx.dryness * (0.8 + 0.4 * tone))));
  const { fine, medium, coarse } = ctx.noise;
  const clump = 0.25 + 0.35 * lush;
  const g = ctx.grainScale;
  return (x, y, out) => {
    // Band-limited: tufts (~3 m), clumps (~20 m) and a faint slope-wide shift; no field-sized blotches.
    const n1 = band(fine, x, y, 3);
    const n2 = band(medium, x + 91, y - 37, 20);
    const n3 = band(coarse, x, y, 250);
    const speck = hash2(Math.floor(x * g), Math.floor(y * g), 901) - 0.5;
    const b = 1 + 0.12 * n1 + clump * 0.3 * n2 + 0.06 * n3 + 0.22 * speck;
    const yellow = 0.08 * n3 + 0.06 * n2 + 0.08 * tone;
    set(out, base[0] * b * (1 + yellow), base[1] * b, base[2] * b * (1 - yellow));
  };
}

const TERRA_ROXA: Rgb = [122, 68, 50];

/** Terra roxa: dark red-brown soil. `fresh` 0–1 darkens (moist, just turned); tracks are tyre ruts along `track`. */
export function soil(
  ctx: MaterialContext,
  fresh: number,
  trackAngle: number,
  weeds: number,
  lighten = 0,
): Shader {
  const { fine, medium } = ctx.noise;
  const dry = 1 + 0.22 * ctx.dryness - 0.12 * fresh + lighten;
  const tc = Math.cos(trackAngle);
  const ts = Math.sin(trackAngle);
  const green = grass(ctx, 0.6, 0.3);
  const g = ctx.grainScale;
  const tmp = new Float32Array(3);
  return (x, y, out) => {
    const n1 = sampleNoise(fine, x * 1.7, y * 1.7);
    const n2 = sampleNoise(medium, x * 0.2, y * 0.2);
    const across = x * -ts + y * tc;
    const wobble = 3 * sampleNoise(medium, x * 0.03 + 11, y * 0.03);
    const rut = Math.abs(((across + wobble) % 5.5) + 5.5) % 5.5;
    const pair = rut < 0.5 || (rut > 1.8 && rut < 2.3);
    const patchy = sampleNoise(medium, x * 0.08 - 5, y * 0.08 + 9) > -0.1;
    const track = pair && patchy ? -0.1 : 0;
    const clod = hash2(Math.floor(x * g), Math.floor(y * g), 313) - 0.5;
    const b = dry * (1 + 0.14 * n1 + 0.14 * n2 + track + 0.12 * clod);
    set(out, TERRA_ROXA[0] * b * (1 + 0.05 * n2), TERRA_ROXA[1] * b, TERRA_ROXA[2] * b);
    if (weeds > 0) {
      const w = sampleNoise(medium, x * 0.6 + 31, y * 0.6 - 17) + weeds * 1.6 - 0.9;
      if (w > 0) {
        green(x, y, tmp);
        const t = Math.min(1, w * 3);
        set(
          out,
          out[0]! + (tmp[0]! - out[0]!) * t,
          out[1]! + (tmp[1]! - out[1]!) * t,
          out[2]! + (tmp[2]! - out[2]!) * t,
        );
      }
    }
  };
}

/** A flat man-made surface of one colour with stains and grain (concrete, gravel, paving, plywood). */
export function surface(ctx: MaterialContext, colour: Rgb, grain: number, stains: number): Shader {
  const { fine, medium } = ctx.noise;
  return (x, y, out) => {
    const b =
      1 + grain * sampleNoise(fine, x * 3, y * 3) + stains * sampleNoise(medium, x * 0.3 + 7, y * 0.3 - 3);
    set(out, colour[0] * b, colour[1] * b, colour[2] * b);
  };
}

/** Asphalt: dark grey, fine aggregate, darker oil/wear in the wheel paths and lighter patches. */
export function asphalt(ctx: MaterialContext, age: number): Shader {
  const { fine, medium } = ctx.noise;
  const base = 58 + 22 * age;
  return (x, y, out) => {
    const b =
      base * (1 + 0.1 * sampleNoise(fine, x * 4, y * 4) + 0.07 * sampleNoise(medium, x * 0.15, y * 0.15));
    set(out, b, b * 1.01, b * 1.05);
  };
}

export function water(ctx: MaterialContext, murky: number): Shader {
  const { fine } = ctx.noise;
  return (x, y, out) => {
    const b = 1 + 0.05 * sampleNoise(fine, x * 0.8, y * 0.8);
    set(out, (38 + 40 * murky) * b, (52 + 30 * murky) * b, (50 + 8 * murky) * b);
  };
}

/**
 * Forest canopy: procedural crowns lit by the sun, dark gaps between them. `coverage` thins the canopy towards
 * pasture (gaps show the `under` shader), `crown` is the typical crown cell in metres.
 */
export function canopy(
  ctx: MaterialContext,
  coverage: number,
  crown: number,
  under: Shader,
  seed: number,
): Shader {
  const sample: CrownSample = { dome: 0, slopeX: 0, slopeY: 0, crownTone: 0 };
  const [sx, sy] = ctx.sun.towards;
  const dryTint = ctx.dryness * 0.12;
  const cells = Math.min(ctx.grainScale, 3);
  const { medium } = ctx.noise;
  return (x, y, out) => {
    const local = coverage + 0.25 * sampleNoise(medium, x * 0.02, y * 0.02);
    sampleCanopy(x, y, crown, local, seed, sample);
    if (sample.dome <= 0) {
      under(x, y, out);
      // Gaps under a closed canopy are in shade.
      const shade = local > 0.7 ? 0.45 : 0.8;
      set(out, out[0]! * shade, out[1]! * shade, out[2]! * shade);
      return;
    }
    const light = 0.55 + 0.45 * Math.max(-0.4, sample.slopeX * sx + sample.slopeY * sy) + 0.2 * sample.dome;
    const tone = sample.crownTone;
    const r = (34 + 26 * tone + 30 * dryTint) * light;
    const g = (62 + 30 * tone - 8 * dryTint) * light;
    const b = (30 + 12 * tone) * light;
    const leaf = 1 + 0.12 * (hash2(Math.floor(x * cells), Math.floor(y * cells), seed) - 0.5);
    set(out, r * leaf, g * leaf, b * leaf);
  };
}

/** A single tree crown centred at (cx, cy): a lit dome with leafy grain. */
export function treeCrown(
  ctx: MaterialContext,
  cx: number,
  cy: number,
  radius: number,
  tone: number,
): Shader {
  const [sx, sy] = ctx.sun.towards;
  const g = Math.min(ctx.grainScale, 4);
  return (x, y, out) => {
    const dx = (x - cx) / radius;
    const dy = (y - cy) / radius;
    const d2 = Math.min(1, dx * dx + dy * dy);
    const light = 0.6 + 0.5 * (dx * sx + dy * sy) + 0.25 * Math.sqrt(1 - d2);
    const leaf = 1 + 0.16 * (hash2(Math.floor(x * g), Math.floor(y * g), 77) - 0.5);
    set(
      out,
      (40 + 25 * tone + 25 * ctx.dryness) * light * leaf,
      (70 + 25 * tone) * light * leaf,
      (34 + 10 * tone) * light * leaf,
    );
  };
}

/** Soft dome for material piles (sand, gravel, earth) lit by the sun. */
export function pile(ctx: MaterialContext, cx: number, cy: number, radius: number, colour: Rgb): Shader {
  const [sx, sy] = ctx.sun.towards;
  const { fine } = ctx.noise;
  return (x, y, out) => {
    const dx = (x - cx) / radius;
    const dy = (y - cy) / radius;
    const light = 0.85 + 0.45 * (dx * sx + dy * sy);
    const b = light * (1 + 0.08 * sampleNoise(fine, x * 4, y * 4));
    set(out, colour[0] * b, colour[1] * b, colour[2] * b);
  };
}

export const COLOURS = {
  concrete: [178, 175, 168] as Rgb,
  freshConcrete: [150, 150, 146] as Rgb,
  brick: [176, 98, 66] as Rgb,
  sand: [206, 184, 142] as Rgb,
  gravel: [152, 148, 140] as Rgb,
  plywood: [186, 150, 96] as Rgb,
  pavers: [150, 138, 128] as Rgb,
  wallWhite: [214, 212, 204] as Rgb,
  tarpBlue: [52, 96, 170] as Rgb,
  rust: [128, 84, 62] as Rgb,
  zinc: [168, 172, 174] as Rgb,
  poolWater: [70, 170, 190] as Rgb,
};
