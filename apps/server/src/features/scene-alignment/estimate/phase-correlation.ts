import { forward, inverseReal } from './fft2d';
import { edgeTaper, validStats, type GreyImage } from './grey-image';

/** Pixels over which a footprint's edge fades in. */
const EDGE_TAPER = 8;

export interface PhaseCorrelation {
  /** How far the moving image's content lies from the reference's, in pixels (x right, y down). */
  dx: number;
  dy: number;
  /** Height of the correlation peak (1 for identical images, near 0 for unrelated ones). */
  peak: number;
  /** The peak over the highest value away from it: how clearly one shift stands out. */
  peakRatio: number;
}

/**
 * Zero mean and unit variance over the valid pixels, zero elsewhere, faded in from the footprint's edges and
 * under a Hann window: neither the footprints' edges nor the FFT's wrap-around may look like content.
 */
function prepared(image: GreyImage): Float64Array {
  const { width, height } = image;
  const { mean, std } = validStats(image);
  const scale = std > 0 ? 1 / std : 0;
  const hannX = new Float64Array(width);
  const hannY = new Float64Array(height);
  for (let x = 0; x < width; x++) hannX[x] = 0.5 - 0.5 * Math.cos((2 * Math.PI * x) / (width - 1));
  for (let y = 0; y < height; y++) hannY[y] = 0.5 - 0.5 * Math.cos((2 * Math.PI * y) / (height - 1));
  const taper = edgeTaper(image, EDGE_TAPER);
  const out = new Float64Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      if (image.valid[i]) out[i] = (image.grey[i]! - mean) * scale * taper[i]! * hannX[x]! * hannY[y]!;
    }
  }
  return out;
}

/** Offset of the parabola's vertex through three samples around a maximum, within ±0.5. */
function parabolicOffset(left: number, centre: number, right: number): number {
  const denominator = left - 2 * centre + right;
  if (denominator >= 0) return 0;
  return Math.max(-0.5, Math.min(0.5, (0.5 * (left - right)) / denominator));
}

/**
 * Phase correlation of two images of the same size (powers of two): the normalised cross-power spectrum's
 * inverse has its peak at the shift between them. Only shifts within `maxShift` pixels are considered (the
 * whole half-window by default); the peak is refined to a fraction of a pixel by a parabola on each axis.
 */
export function phaseCorrelate(reference: GreyImage, moving: GreyImage, maxShift?: number): PhaseCorrelation {
  const { width, height } = reference;
  if (moving.width !== width || moving.height !== height) throw new Error('Imagens de tamanhos diferentes.');
  const a = forward(prepared(reference), width, height);
  const b = forward(prepared(moving), width, height);
  const cross = new Float64Array(a.data.length);
  for (let i = 0; i < cross.length; i += 2) {
    // moving × conj(reference), normalised to unit magnitude.
    const re = b.data[i]! * a.data[i]! + b.data[i + 1]! * a.data[i + 1]!;
    const im = b.data[i + 1]! * a.data[i]! - b.data[i]! * a.data[i + 1]!;
    const magnitude = Math.hypot(re, im);
    if (magnitude > 1e-12) {
      cross[i] = re / magnitude;
      cross[i + 1] = im / magnitude;
    }
  }
  const surface = inverseReal({ width, height, data: cross });
  const limitX = Math.min(maxShift ?? width, Math.floor(width / 2) - 1);
  const limitY = Math.min(maxShift ?? height, Math.floor(height / 2) - 1);
  const at = (sx: number, sy: number) =>
    surface[(((sy % height) + height) % height) * width + (((sx % width) + width) % width)]!;

  let best = -Infinity;
  let bestX = 0;
  let bestY = 0;
  for (let sy = -limitY; sy <= limitY; sy++) {
    for (let sx = -limitX; sx <= limitX; sx++) {
      const value = at(sx, sy);
      if (value > best) {
        best = value;
        bestX = sx;
        bestY = sy;
      }
    }
  }
  let second = 0;
  for (let sy = -limitY; sy <= limitY; sy++) {
    for (let sx = -limitX; sx <= limitX; sx++) {
      if (Math.abs(sx - bestX) <= 2 && Math.abs(sy - bestY) <= 2) continue;
      second = Math.max(second, at(sx, sy));
    }
  }
  return {
    dx: bestX + parabolicOffset(at(bestX - 1, bestY), best, at(bestX + 1, bestY)),
    dy: bestY + parabolicOffset(at(bestX, bestY - 1), best, at(bestX, bestY + 1)),
    peak: best,
    peakRatio: second > 0 ? best / second : Number.POSITIVE_INFINITY,
  };
}
