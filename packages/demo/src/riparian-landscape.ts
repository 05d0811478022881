import { CLEARINGS, PLANTINGS, patchDistance, type Clearing, type Planting } from './environment-patches';
import { forestCanopy, type CanopySampler } from './forest-canopy';
import type { LocalFrame } from './local-frame';
import { soil, type MaterialContext, type Rgb } from './materials';
import { band } from './noise';
import { pasture } from './pasture';
import { hash2 } from './prng';
import type { Shader } from './scene-engine';

/** The stream's centre line across the strip (v as a function of u, metres). */
export function streamV(u: number): number {
  return 14 * Math.sin(u / 70) + 6 * Math.sin(u / 23 + 0.7);
}

function streamHalfWidth(u: number): number {
  return 3.2 + 0.9 * Math.sin(u / 37 + 1) + 0.4 * Math.sin(u / 11);
}

/** Half-width of the gallery forest on each bank: 30–75 m, wider in the bends, never the same both sides. */
function forestHalfWidth(u: number, north: boolean): number {
  const s = north ? 1 : -1;
  return 50 + 14 * Math.sin(u / 130 + s * 1.9) + 8 * Math.sin(u / 41 + s) + 4 * Math.sin(u / 17 - s * 2);
}

const WATER_DEEP: Rgb = [30, 40, 27];
const WATER_SHALLOW: Rgb = [62, 60, 40];
const BANK: Rgb = [118, 96, 70];
const UNDERSTOREY: Rgb = [24, 34, 20];
const SEEDLING_CROWN: Rgb = [54, 92, 40];
/** Height (m) of the gallery forest edge, for the shadow it casts on the pasture. */
const FOREST_HEIGHT = 16;
/** Groves in the pasture occupy whole cells of this size (m). */
const GROVE_CELL = 24;
const GROVE_CHANCE = 0.05;
/** The farthest a crown reaches from its grid cell's corner (emergent crowns included), m. */
const CROWN_REACH = 16;
/** No crown centre within this normalised distance of a planting's outline (1 = on the fence). */
const PLANTING_CLEARANCE = 1.1;

/**
 * The APP strip: a dark, slightly green-brown stream with muddy banks inside a gallery forest of irregular
 * width whose edges are whole crowns and cast shadows on the pasture; pasture with contour cattle paths and
 * termite mounds; clearings (soil, windrows of debris, then pioneer regrowth) and fenced native plantings in
 * rows whose seedlings grow scene after scene.
 */
export function riparianLandscape(
  ctx: MaterialContext,
  frame: LocalFrame,
  dateIndex: number,
  seed: number,
): Shader {
  // Hot path: the local frame inlined (no tuple per call).
  const { originX, originY, cos, sin } = frame;
  const localU = (x: number, y: number): number => cos * (x - originX) + sin * (y - originY);
  const localV = (x: number, y: number): number => -sin * (x - originX) + cos * (y - originY);
  const { fine, medium } = ctx.noise;
  const edgeMargin = (u: number, v: number): number => {
    const dv = v - streamV(u);
    return forestHalfWidth(u, dv > 0) - Math.abs(dv) + 5 * band(fine, u, v, 30);
  };
  const clearedAt = (u: number, v: number): Clearing | undefined =>
    CLEARINGS.find((p) => dateIndex >= p.cleared && patchDistance(p, u, v) < 1);
  /**
   * Within a planting's fence (and a crown's half-width around it) no tree stands in any scene: it was pasture
   * up to the gallery forest's edge when it was fenced and planted, so the forest's edge wraps around it and only
   * the outermost crowns lean over the fence.
   */
  const nearPlanting = (u: number, v: number): boolean =>
    PLANTINGS.some((p) => patchDistance(p, u, v) < PLANTING_CLEARANCE);
  const inPlanting = (u: number, v: number): boolean => PLANTINGS.some((p) => patchDistance(p, u, v) < 1);
  const isGrove = (x: number, y: number): boolean =>
    hash2(Math.floor(x / GROVE_CELL), Math.floor(y / GROVE_CELL), seed ^ 0x6a) < GROVE_CHANCE;
  /** Whether a crown (reaching up to CROWN_REACH from its centre) could cover (x, y): skips the canopy in open pasture. */
  const mayHaveCrown = (x: number, y: number, margin: number): boolean => {
    if (margin > -CROWN_REACH) return true;
    const c0 = Math.floor((x - CROWN_REACH) / GROVE_CELL);
    const c1 = Math.floor((x + CROWN_REACH) / GROVE_CELL);
    const r0 = Math.floor((y - CROWN_REACH) / GROVE_CELL);
    const r1 = Math.floor((y + CROWN_REACH) / GROVE_CELL);
    for (let c = c0; c <= c1; c++)
      for (let r = r0; r <= r1; r++) if (hash2(c, r, seed ^ 0x6a) < GROVE_CHANCE) return true;
    return false;
  };
  const treeAt = (x: number, y: number): boolean => {
    const u = localU(x, y);
    const v = localV(x, y);
    const dv = v - streamV(u);
    if (Math.abs(dv) < streamHalfWidth(u) + 2) return false;
    if (clearedAt(u, v) || nearPlanting(u, v)) return false;
    if (edgeMargin(u, v) > 0) return true;
    // Small groves and lone trees left in the pasture, mostly near the forest.
    return isGrove(x, y) && edgeMargin(u, v) > -70;
  };
  const forest = forestCanopy(ctx, { cell: 6.5, seed: seed ^ 0x31, treeAt, density: 0.97 });
  const contour = (x: number, y: number): number => localV(x, y) - streamV(localU(x, y));
  const grazed = pasture(ctx, { seed: seed ^ 0x41, contour, mounds: 0.35, grazing: 0.7 });
  const fenced = pasture(ctx, { seed: seed ^ 0x42, contour: null, mounds: 0.1, grazing: 0 });
  const bare = soil(ctx, 0.5, 0.6, 0, 0.05);
  const regrowth = (clearing: Clearing): CanopySampler =>
    forestCanopy(
      { ...ctx, dryness: ctx.dryness * 0.5 },
      {
        cell: 2.6,
        seed: seed ^ 0x32,
        density: Math.min(0.95, 0.5 + 0.25 * (dateIndex - clearing.recovers)),
        treeAt: (x, y) => patchDistance(clearing, localU(x, y), localV(x, y)) < 1,
      },
    );
  const regrowthByClearing = new Map(CLEARINGS.map((c) => [c, regrowth(c)]));
  const [sx, sy] = ctx.sun.towards;
  const reach = FOREST_HEIGHT * ctx.sun.shadowRatio;
  const probe = new Float32Array(3);

  const openGround = (x: number, y: number, u: number, v: number, out: Float32Array): void => {
    const planting = PLANTINGS.find((p) => dateIndex >= p.planted && patchDistance(p, u, v) < 1);
    if (planting) plantingGround(planting, x, y, u, v, out);
    else grazed(x, y, out);
  };

  const plantingGround = (
    p: Planting,
    x: number,
    y: number,
    u: number,
    v: number,
    out: Float32Array,
  ): void => {
    const age = dateIndex - p.planted;
    fenced(x, y, out);
    const edge = patchDistance(p, u, v);
    if (edge > 0.985) {
      // Fence line: posts and wire read as a thin pale line with darker dots.
      const post = hash2(Math.floor(u / 2.5), Math.floor(v / 2.5), 9) < 0.3;
      scale(out, post ? 0.6 : 1.2);
      return;
    }
    const c = Math.cos(p.rowAngle);
    const s = Math.sin(p.rowAngle);
    const a = u * c + v * s;
    const b = -u * s + v * c;
    const ia = Math.round(a / 3);
    const ib = Math.round(b / 2.5);
    const dead = hash2(ia, ib, seed ^ 0x77) < 0.12;
    const da = a - ia * 3 - 0.4 * (hash2(ia, ib, 5) - 0.5);
    const db = b - ib * 2.5 - 0.4 * (hash2(ia, ib, 6) - 0.5);
    const d = Math.sqrt(da * da + db * db);
    const vigour = 0.6 + 0.8 * hash2(ia, ib, 7);
    const crown = (0.2 + 0.18 * age) * vigour;
    if (!dead && d < crown) {
      const nx = da / crown;
      const ny = db / crown;
      const lit =
        0.7 + 0.45 * (nx * (sx * c + sy * s) + ny * (-sx * s + sy * c)) + 0.2 * Math.sqrt(1 - d / crown);
      const tone = 0.85 + 0.3 * hash2(ia, ib, 8);
      set(out, SEEDLING_CROWN, lit * tone);
      return;
    }
    // Coroamento: the weeded ring around each seedling, bare for the first year.
    if (age <= 2 && d < 0.6 + 0.1 * age) {
      bare(x, y, probe);
      const t = age === 0 ? 1 : age === 1 ? 0.7 : 0.35;
      mixInto(out, probe, t);
    }
  };

  const clearingGround = (
    p: Clearing,
    x: number,
    y: number,
    u: number,
    v: number,
    out: Float32Array,
  ): void => {
    if (dateIndex >= p.recovers + 1) {
      if (regrowthByClearing.get(p)?.(x, y, out)) return;
      fenced(x, y, out);
      return;
    }
    bare(x, y, out);
    // Fresh clearings are as much dead leaves, ash and splinters as soil.
    const litter = 0.55 + 0.35 * band(fine, x - 21, y + 13, 8);
    const grey = 0.85 + 0.3 * hash2(Math.floor(x * 2), Math.floor(y * 2), 29);
    out[0] = out[0]! + (122 * grey - out[0]!) * litter;
    out[1] = out[1]! + (110 * grey - out[1]!) * litter;
    out[2] = out[2]! + (80 * grey - out[2]!) * litter;
    if (dateIndex === p.recovers) {
      // Grass and sprouts coming back in tufts.
      const sprout =
        band(fine, x + 3, y - 9, 6) + 0.3 * (hash2(Math.floor(x * 2), Math.floor(y * 2), 3) - 0.5);
      if (sprout > -0.05) fenced(x, y, out);
      return;
    }
    // Windrows of cut branches and trunks pushed into lines, stumps in between.
    const row = Math.abs(((((u + 6 * band(fine, u, v, 40)) % 11) + 11) % 11) - 5.5);
    if (row < 1.1 + 0.6 * band(fine, x * 2, y * 2, 3)) {
      const twig = 0.75 + 0.5 * hash2(Math.floor(x * 3), Math.floor(y * 3), 11);
      out[0] = 92 * twig;
      out[1] = 80 * twig;
      out[2] = 62 * twig;
    } else if (hash2(Math.floor(u / 2.5), Math.floor(v / 2.5), seed) < 0.05) {
      scale(out, 0.65);
    }
  };

  return (x, y, out) => {
    const u = localU(x, y);
    const v = localV(x, y);
    const dv = v - streamV(u);
    const half = streamHalfWidth(u);
    const across = Math.abs(dv);
    const clearing = clearedAt(u, v);
    const margin = edgeMargin(u, v);
    if (!clearing && mayHaveCrown(x, y, margin) && forest(x, y, out)) return;
    if (across < half) {
      const depth = across / half;
      const t = depth * depth;
      const ripple = 1 + 0.07 * band(fine, u * 0.5, v * 3, 6) + 0.04 * band(medium, x, y, 30);
      out[0] = (WATER_DEEP[0] + (WATER_SHALLOW[0] - WATER_DEEP[0]) * t) * ripple;
      out[1] = (WATER_DEEP[1] + (WATER_SHALLOW[1] - WATER_DEEP[1]) * t) * ripple;
      out[2] = (WATER_DEEP[2] + (WATER_SHALLOW[2] - WATER_DEEP[2]) * t) * ripple;
      return;
    }
    const bankWidth = 1.2 + 0.9 * band(fine, u, dv > 0 ? 50 : -50, 20);
    if (across < half + bankWidth) {
      const grain = 0.85 + 0.3 * hash2(Math.floor(x * 2), Math.floor(y * 2), 17);
      const wet = across < half + 0.5 ? 0.72 : 1;
      set(out, BANK, grain * wet);
      return;
    }
    if (clearing) {
      clearingGround(clearing, x, y, u, v, out);
      return;
    }
    if (margin > 0 && !inPlanting(u, v)) {
      // Under a closed canopy, between crowns: deep shade with a little litter.
      set(out, UNDERSTOREY, 0.8 + 0.4 * hash2(Math.floor(x), Math.floor(y), 23));
      return;
    }
    openGround(x, y, u, v, out);
    // Shadow of the forest edge and of lone trees: is there a crown between this point and the sun?
    const px = x + sx * reach * 0.7;
    const py = y + sy * reach * 0.7;
    if (margin > -reach - CROWN_REACH || mayHaveCrown(px, py, -Infinity)) {
      if (forest(px, py, probe)) scale(out, 0.5);
    }
  };
}

function set(out: Float32Array, colour: Rgb, k: number): void {
  out[0] = colour[0] * k;
  out[1] = colour[1] * k;
  out[2] = colour[2] * k;
}

function scale(out: Float32Array, k: number): void {
  out[0] = out[0]! * k;
  out[1] = out[1]! * k;
  out[2] = out[2]! * k;
}

function mixInto(out: Float32Array, other: Float32Array, t: number): void {
  out[0] = out[0]! + (other[0]! - out[0]!) * t;
  out[1] = out[1]! + (other[1]! - out[1]!) * t;
  out[2] = out[2]! + (other[2]! - out[2]!) * t;
}
