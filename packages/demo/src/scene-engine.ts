import { createNoiseTexture, sampleNoise, type NoiseTexture } from './noise';
import { hash2 } from './prng';
import type { Utm } from './projection';
import { convexHull, type Local } from './local-frame';
import { forEachPixelSpan, type PixelRings } from '@mirante/shared';
import { toPixelPolygon, type RasterFrame } from './raster';

/** Writes the linear RGB (0–255 floats) of world point (x, y) into `out`. */
export type Shader = (x: number, y: number, out: Float32Array) => void;

export interface Drawable {
  polygon: PixelRings;
  shade: Shader;
  /** Metres above its base: elevated drawables are painted after every shadow and cast their own. */
  height?: number;
  /** Level (m) the drawable stands on; its shadow falls on surfaces at that level. */
  base?: number;
  shadow?: PixelRings;
}

/** Direction the light comes from and how long shadows are. */
export interface Sun {
  /** Unit vector (east, north) pointing towards the sun. */
  towards: Utm;
  /** Shadow length per metre of height. */
  shadowRatio: number;
  /** Sun elevation factor for roof lighting (cos of zenith). */
  cosZenith: number;
}

export interface Radiometry {
  gain: number;
  /** Per-channel additive offset. */
  offset: [number, number, number];
  /** 0–1 blend towards a bluish-grey haze. */
  haze: number;
  /** 0 for clear sky; ~0.5–1 for thin broken cloud. */
  cloud: number;
  /** Sensor noise standard deviation in DN. */
  noise: number;
  seed: number;
}

export interface SceneRecipe {
  frame: RasterFrame;
  background: Shader;
  drawables: Drawable[];
  radiometry: Radiometry;
  /** Cloud field in world metres per noise texel (bigger = larger clouds). */
  cloudScale: number;
}

export interface NoiseSet {
  fine: NoiseTexture;
  medium: NoiseTexture;
  coarse: NoiseTexture;
}

const noiseCache = new Map<number, NoiseSet>();

/** Noise textures are expensive to build (~50 ms) and shared by every scene of a seed. */
export function noiseSet(seed: number): NoiseSet {
  let set = noiseCache.get(seed);
  if (!set) {
    set = {
      fine: createNoiseTexture(seed ^ 0x1111, 5),
      medium: createNoiseTexture(seed ^ 0x2222, 6),
      coarse: createNoiseTexture(seed ^ 0x3333, 7),
    };
    noiseCache.set(seed, set);
  }
  return set;
}

export function drawable(
  frame: RasterFrame,
  rings: Utm[][],
  shade: Shader,
  height = 0,
  sun?: Sun,
  base = 0,
  shadowLength = height,
  floating = false,
): Drawable {
  const polygon = toPixelPolygon(frame, rings);
  if (height <= 0 || !sun) return { polygon, shade };
  const ring = rings[0] ?? [];
  return {
    polygon,
    shade,
    height,
    base,
    shadow: toPixelPolygon(frame, [
      floating ? offsetRing(ring, shadowLength, sun) : shadowRing(ring, shadowLength, sun),
    ]),
  };
}

/** The shadow of something held up in the air (a crane jib): its outline moved away from the sun, not swept. */
export function offsetRing(ring: readonly Utm[], height: number, sun: Sun): Utm[] {
  const dx = -sun.towards[0] * sun.shadowRatio * height;
  const dy = -sun.towards[1] * sun.shadowRatio * height;
  return ring.map((p): Utm => [p[0] + dx, p[1] + dy]);
}

/** The ground shadow of a vertical prism over a convex footprint: hull of the footprint and its offset copy. */
export function shadowRing(ring: readonly Utm[], height: number, sun: Sun): Utm[] {
  const dx = -sun.towards[0] * sun.shadowRatio * height;
  const dy = -sun.towards[1] * sun.shadowRatio * height;
  const points: Local[] = ring.flatMap((p): Local[] => [
    [p[0], p[1]],
    [p[0] + dx, p[1] + dy],
  ]);
  return convexHull(points);
}

const SHADOW = [0.42, 0.46, 0.56];

/** Renders rows [rowStart, rowEnd) of a scene to interleaved 8-bit RGB. Returns also how many pixels are cloudy. */
export function renderSceneRows(
  recipe: SceneRecipe,
  rowStart: number,
  rowEnd: number,
  noise: NoiseSet,
): { rgb: Uint8Array; cloudy: number } {
  const { frame } = recipe;
  const width = frame.width;
  // One extra row each side feeds the blur that stands in for the sensor's point-spread function.
  const first = rowStart - 1;
  const rows = rowEnd - rowStart + 2;
  const ids = new Int32Array(width * rows).fill(-1);
  const shadow = new Uint8Array(width * rows);
  const { drawables } = recipe;
  const paint = (index: number): void => {
    const d = drawables[index] as Drawable;
    forEachPixelSpan(d.polygon, first, first + rows, width, (row, x0, x1) => {
      const base = (row - first) * width;
      ids.fill(index, base + x0, base + x1);
      if (d.height) {
        // Shadows cast from below this drawable's top are hidden by it; those cast on top of it remain.
        const top = (d.base ?? 0) + d.height;
        for (let i = base + x0; i < base + x1; i++) if ((shadow[i] as number) - 1 < top) shadow[i] = 0;
      }
    });
  };
  const visible = (p: PixelRings): boolean => p.maxY >= first && p.minY < first + rows;
  drawables.forEach((d, i) => {
    if (!d.height && visible(d.polygon)) paint(i);
  });
  for (const d of drawables) {
    if (d.shadow && visible(d.shadow)) {
      const level = Math.min(254, Math.round(d.base ?? 0)) + 1;
      forEachPixelSpan(d.shadow, first, first + rows, width, (row, x0, x1) => {
        const base = (row - first) * width;
        for (let i = base + x0; i < base + x1; i++) if ((shadow[i] as number) < level) shadow[i] = level;
      });
    }
  }
  drawables.forEach((d, i) => {
    if (d.height && visible(d.polygon)) paint(i);
  });

  const colour = new Float32Array(width * rows * 3);
  const out = new Float32Array(3);
  const ps = frame.pixelSize;
  for (let r = 0; r < rows; r++) {
    const y = frame.originY - (first + r + 0.5) * ps;
    for (let c = 0; c < width; c++) {
      const x = frame.originX + (c + 0.5) * ps;
      const i = r * width + c;
      const id = ids[i] as number;
      if (id < 0) recipe.background(x, y, out);
      else (drawables[id] as Drawable).shade(x, y, out);
      const k = i * 3;
      if (shadow[i]) {
        colour[k] = (out[0] as number) * (SHADOW[0] as number);
        colour[k + 1] = (out[1] as number) * (SHADOW[1] as number);
        colour[k + 2] = (out[2] as number) * (SHADOW[2] as number);
      } else {
        colour[k] = out[0] as number;
        colour[k + 1] = out[1] as number;
        colour[k + 2] = out[2] as number;
      }
    }
  }
  return finishRows(recipe, colour, rowStart, rowEnd, noise);
}

function finishRows(
  recipe: SceneRecipe,
  colour: Float32Array,
  rowStart: number,
  rowEnd: number,
  noise: NoiseSet,
): { rgb: Uint8Array; cloudy: number } {
  const { frame, radiometry } = recipe;
  const width = frame.width;
  const rows = rowEnd - rowStart;
  const rgb = new Uint8Array(width * rows * 3);
  const ps = frame.pixelSize;
  const { gain, offset, haze, cloud, seed } = radiometry;
  const sigma = radiometry.noise;
  let cloudy = 0;
  for (let r = 0; r < rows; r++) {
    const src = r + 1; // row in the colour buffer
    const y = frame.originY - (rowStart + r + 0.5) * ps;
    for (let c = 0; c < width; c++) {
      const x = frame.originX + (c + 0.5) * ps;
      const left = c > 0 ? c - 1 : c;
      const right = c < width - 1 ? c + 1 : c;
      let density = 0;
      let cloudShadow = 1;
      if (cloud > 0) {
        density = cloudDensity(noise, x, y, recipe.cloudScale, cloud);
        const shadowDensity = cloudDensity(
          noise,
          x + 0.08 * recipe.cloudScale * 60,
          y + 0.05 * recipe.cloudScale * 60,
          recipe.cloudScale,
          cloud,
        );
        cloudShadow = 1 - 0.35 * shadowDensity;
        if (density > 0.15) cloudy++;
      }
      const grain =
        sigma * (GRAIN[(Math.imul(rowStart + r, 40503) + Math.imul(c, 9973) + seed) & GRAIN_MASK] as number);
      const up = (src - 1) * width * 3;
      const mid = src * width * 3;
      const down = (src + 1) * width * 3;
      const l3 = left * 3;
      const c3 = c * 3;
      const r3 = right * 3;
      for (let ch = 0; ch < 3; ch++) {
        // [1 2 1] ⊗ [1 2 1] / 16 blur
        const blurred =
          ((colour[up + l3 + ch] as number) +
            2 * (colour[up + c3 + ch] as number) +
            (colour[up + r3 + ch] as number) +
            2 * (colour[mid + l3 + ch] as number) +
            4 * (colour[mid + c3 + ch] as number) +
            2 * (colour[mid + r3 + ch] as number) +
            (colour[down + l3 + ch] as number) +
            2 * (colour[down + c3 + ch] as number) +
            (colour[down + r3 + ch] as number)) /
          16;
        let v = blurred * gain * cloudShadow + (offset[ch] as number);
        v = v * (1 - haze) + haze * (HAZE[ch] as number);
        v = v * (1 - density) + density * (CLOUD[ch] as number);
        v += grain;
        rgb[(r * width + c) * 3 + ch] = v < 0 ? 0 : v > 255 ? 255 : Math.round(v);
      }
    }
  }
  return { rgb, cloudy };
}

const HAZE = [178, 186, 198];
const GRAIN_MASK = (1 << 18) - 1;
/** Sensor grain: a table of roughly normal values, indexed by a pixel hash (cheaper than hashing per pixel). */
const GRAIN = (() => {
  const table = new Float32Array(GRAIN_MASK + 1);
  for (let i = 0; i < table.length; i++) table[i] = hash2(i, 17, 3) + hash2(i, 29, 5) + hash2(i, 41, 7) - 1.5;
  return table;
})();
const CLOUD = [238, 240, 244];

function cloudDensity(noise: NoiseSet, x: number, y: number, scale: number, amount: number): number {
  const n =
    sampleNoise(noise.coarse, x / scale, y / scale) +
    0.35 * sampleNoise(noise.medium, x / (scale * 0.2), y / (scale * 0.2));
  const d = (n - 0.35) * 1.6 * amount;
  return d <= 0 ? 0 : d >= 0.92 ? 0.92 : d;
}
