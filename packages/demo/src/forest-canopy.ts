import type { MaterialContext, Rgb } from './materials';
import { band } from './noise';
import { hash2 } from './prng';

/** Greens of a semideciduous Atlantic forest canopy (northern Paraná), picked per crown. */
const CROWN_GREENS: readonly Rgb[] = [
  [36, 64, 32],
  [52, 82, 38],
  [70, 90, 44],
  [46, 74, 42],
  [60, 78, 36],
  [84, 100, 52],
];
/** Semideciduous crowns in the dry season, and a few flowering ipês (yellow, pink) in late winter. */
const LEAFLESS: Rgb = [112, 104, 84];
const IPE_YELLOW: Rgb = [206, 182, 52];
const IPE_PINK: Rgb = [188, 112, 150];

export interface CanopyOptions {
  /** Typical crown spacing in metres (grid cell). */
  cell: number;
  seed: number;
  /**
   * Whether a tree stands at world point (x, y) (its crown centre); the forest's outline, clearings and the
   * open water come from here, so the edges are made of whole crowns.
   */
  treeAt: (x: number, y: number) => boolean;
  /** 0–1: density of the crowns where trees stand (1 = closed canopy). */
  density: number;
}

/**
 * Samples the canopy at (x, y): writes the lit crown colour into `out` and returns true, or returns false
 * (no crown there) leaving `out` alone.
 */
export type CanopySampler = (x: number, y: number, out: Float32Array) => boolean;

/**
 * Tree crowns on a jittered grid with emergent trees, lit as domes by the sun (bright on the sun side, dark
 * rim on the other), with leaf-cluster texture; the tallest crown covering a point wins.
 */
export function forestCanopy(ctx: MaterialContext, options: CanopyOptions): CanopySampler {
  const { cell, seed, treeAt, density } = options;
  const cosZ = ctx.sun.cosZenith;
  const sinZ = Math.sqrt(1 - cosZ * cosZ);
  const lx = ctx.sun.towards[0] * sinZ;
  const ly = ctx.sun.towards[1] * sinZ;
  const { fine } = ctx.noise;
  const deciduous = ctx.dryness > 0.4 ? 0.25 * ctx.dryness : 0;
  const flowering = ctx.dryness > 0.7 ? 0.025 : 0;
  return (x, y, out) => {
    const gx = Math.floor(x / cell);
    const gy = Math.floor(y / cell);
    let best = 0;
    let bestCell = 0;
    let nx = 0;
    let ny = 0;
    let nz = 0;
    for (let j = -1; j <= 1; j++) {
      for (let i = -1; i <= 1; i++) {
        const cx = gx + i;
        const cy = gy + j;
        if (hash2(cx, cy, seed ^ 0x51ed) > density) continue;
        const size = hash2(cx, cy, seed ^ 0x3c3c);
        // One crown in eight is an emergent: bigger and taller than its neighbours.
        const emergent = size > 0.875;
        const radius = cell * (emergent ? 0.95 + 0.3 * (size - 0.875) * 8 : 0.45 + 0.45 * size);
        const centreX = (cx + 0.2 + 0.6 * hash2(cx, cy, seed)) * cell;
        const centreY = (cy + 0.2 + 0.6 * hash2(cx, cy, seed ^ 0xa5a5)) * cell;
        const dx = x - centreX;
        const dy = y - centreY;
        const d2 = (dx * dx + dy * dy) / (radius * radius);
        if (d2 >= 1) continue;
        const dome = Math.sqrt(1 - d2);
        const height = dome * (emergent ? 1.4 : 0.7 + 0.3 * hash2(cx, cy, seed ^ 0x7777));
        if (height > best && treeAt(centreX, centreY)) {
          best = height;
          bestCell = hash2(cx, cy, seed ^ 0x1234);
          nx = dx / radius;
          ny = dy / radius;
          nz = dome;
        }
      }
    }
    if (best === 0) return false;
    const sunlit = Math.max(0, nx * lx + ny * ly + nz * cosZ);
    // Leaf clusters: bumps inside the crown, darker towards the rim where the foliage is thinner.
    const clusters = band(fine, x + 7, y - 3, 3) + 0.5 * band(fine, x - 11, y + 5, 1.2);
    const light = (0.5 + 0.65 * sunlit) * (0.84 + 0.2 * clusters) * (0.88 + 0.12 * nz);
    let colour = CROWN_GREENS[Math.floor(bestCell * CROWN_GREENS.length)] as Rgb;
    const kind = hash2(Math.floor(bestCell * 1e6), 3, seed);
    if (kind < flowering) colour = kind < flowering * 0.6 ? IPE_YELLOW : IPE_PINK;
    else if (kind < flowering + deciduous) colour = LEAFLESS;
    out[0] = colour[0] * light;
    out[1] = colour[1] * light;
    out[2] = colour[2] * light;
    return true;
  };
}
