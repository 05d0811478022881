import { createRng, hash2 } from './prng';

const SIZE = 512;
const MASK = SIZE - 1;

/** A tileable fractal value-noise texture (values about −1…1), sampled bilinearly in texel units. */
export interface NoiseTexture {
  data: Float32Array;
}

export function createNoiseTexture(seed: number, octaves = 6): NoiseTexture {
  const data = new Float32Array(SIZE * SIZE);
  const rng = createRng(seed);
  let amplitude = 1;
  let total = 0;
  for (let octave = 0; octave < octaves; octave++) {
    const cells = 4 << octave; // lattice cells across the tile
    const lattice = new Float32Array(cells * cells);
    for (let i = 0; i < lattice.length; i++) lattice[i] = rng.next() * 2 - 1;
    const step = SIZE / cells;
    for (let y = 0; y < SIZE; y++) {
      const gy = y / step;
      const y0 = Math.floor(gy);
      const ty = smooth(gy - y0);
      const r0 = (y0 % cells) * cells;
      const r1 = ((y0 + 1) % cells) * cells;
      for (let x = 0; x < SIZE; x++) {
        const gx = x / step;
        const x0 = Math.floor(gx);
        const tx = smooth(gx - x0);
        const c0 = x0 % cells;
        const c1 = (x0 + 1) % cells;
        const a =
          (lattice[r0 + c0] as number) + ((lattice[r0 + c1] as number) - (lattice[r0 + c0] as number)) * tx;
        const b =
          (lattice[r1 + c0] as number) + ((lattice[r1 + c1] as number) - (lattice[r1 + c0] as number)) * tx;
        data[y * SIZE + x] = (data[y * SIZE + x] as number) + (a + (b - a) * ty) * amplitude;
      }
    }
    total += amplitude;
    amplitude *= 0.55;
  }
  for (let i = 0; i < data.length; i++) data[i] = (data[i] as number) / total / 0.45;
  return { data };
}

function smooth(t: number): number {
  return t * t * (3 - 2 * t);
}

/** Bilinear sample at texel coordinates (any real numbers; the texture wraps). */
export function sampleNoise(texture: NoiseTexture, x: number, y: number): number {
  const fx = Math.floor(x);
  const fy = Math.floor(y);
  const tx = x - fx;
  const ty = y - fy;
  const x0 = fx & MASK;
  const x1 = (fx + 1) & MASK;
  const r0 = (fy & MASK) * SIZE;
  const r1 = ((fy + 1) & MASK) * SIZE;
  const d = texture.data;
  const a = (d[r0 + x0] as number) + ((d[r0 + x1] as number) - (d[r0 + x0] as number)) * tx;
  const b = (d[r1 + x0] as number) + ((d[r1 + x1] as number) - (d[r1 + x0] as number)) * tx;
  return a + (b - a) * ty;
}

/** Per-pixel white noise in [−1, 1), stable for a given pixel and seed. */
export function whiteNoise(x: number, y: number, seed: number): number {
  return hash2(x, y, seed) * 2 - 1;
}

export interface CrownSample {
  /** 0 outside every crown, else 1 at the crown top falling to ~0 at its rim. */
  dome: number;
  /** Surface slope towards +x and +y (north-up world metres) for lighting. */
  slopeX: number;
  slopeY: number;
  /** Stable random value of the crown, for per-tree colour. */
  crownTone: number;
}

/**
 * Tree crowns on a jittered grid (cell `cellSize` metres) at world point (x, y): the tallest crown covering the
 * point wins. `coverage` (0–1) thins the canopy out.
 */
export function sampleCanopy(
  x: number,
  y: number,
  cellSize: number,
  coverage: number,
  seed: number,
  out: CrownSample,
): void {
  const gx = Math.floor(x / cellSize);
  const gy = Math.floor(y / cellSize);
  out.dome = 0;
  out.slopeX = 0;
  out.slopeY = 0;
  out.crownTone = 0;
  let best = 0;
  for (let j = -1; j <= 1; j++) {
    for (let i = -1; i <= 1; i++) {
      const cx = gx + i;
      const cy = gy + j;
      if (hash2(cx, cy, seed ^ 0x51ed) > coverage) continue;
      const centreX = (cx + 0.15 + 0.7 * hash2(cx, cy, seed)) * cellSize;
      const centreY = (cy + 0.15 + 0.7 * hash2(cx, cy, seed ^ 0xa5a5)) * cellSize;
      const radius = cellSize * (0.45 + 0.5 * hash2(cx, cy, seed ^ 0x3c3c));
      const dx = x - centreX;
      const dy = y - centreY;
      const d2 = (dx * dx + dy * dy) / (radius * radius);
      if (d2 >= 1) continue;
      const dome = Math.sqrt(1 - d2);
      const height = dome * (0.7 + 0.3 * hash2(cx, cy, seed ^ 0x7777));
      if (height > best) {
        best = height;
        out.dome = dome;
        out.slopeX = dx / radius;
        out.slopeY = dy / radius;
        out.crownTone = hash2(cx, cy, seed ^ 0x1234);
      }
    }
  }
}

/**
 * Fractal noise whose largest features are about `metres` across (the texture's lowest octave), so a material
 * can ask for detail at a known size instead of inheriting kilometre-wide blotches.
 */
export function band(texture: NoiseTexture, x: number, y: number, metres: number): number {
  const k = 128 / metres;
  return sampleNoise(texture, x * k, y * k);
}
