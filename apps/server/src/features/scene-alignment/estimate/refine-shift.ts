import { sampleBilinear, type GreyImage } from './grey-image';

export interface RefinedShift {
  /** The moving image's content lies at (x + dx, y + dy) for the reference's (x, y), in pixels. */
  dx: number;
  dy: number;
  /** Pearson correlation of the two images once aligned, over the pixels valid in both. */
  correlation: number;
  /** How many pixels it was measured on. */
  samples: number;
}

const MAX_ITERATIONS = 20;
const CONVERGED = 0.002;

/**
 * Gradient-based (Lucas–Kanade) refinement of a shift already right to within about a pixel: each step
 * linearises the reference around the current shift, solves the 2×2 least-squares system for the correction and
 * resamples the moving image bilinearly, until the correction is negligible. Brightness and contrast are
 * normalised on each side, so two dates with different light still compare.
 */
export function refineShift(
  reference: GreyImage,
  moving: GreyImage,
  start: { dx: number; dy: number },
): RefinedShift {
  const { width, height } = reference;
  const points: number[] = [];
  const gradX: number[] = [];
  const gradY: number[] = [];
  const refValues: number[] = [];
  for (let y = 1; y < height - 1; y++) {
    for (let x = 1; x < width - 1; x++) {
      const i = y * width + x;
      const { valid, grey } = reference;
      if (!valid[i] || !valid[i - 1] || !valid[i + 1] || !valid[i - width] || !valid[i + width]) continue;
      points.push(i);
      refValues.push(grey[i]!);
      gradX.push((grey[i + 1]! - grey[i - 1]!) / 2);
      gradY.push((grey[i + width]! - grey[i - width]!) / 2);
    }
  }
  let dx = start.dx;
  let dy = start.dy;
  let correlation = 0;
  let samples = 0;
  const moved = new Float64Array(points.length);
  for (let iteration = 0; iteration < MAX_ITERATIONS; iteration++) {
    let count = 0;
    let sumR = 0;
    let sumM = 0;
    let sumRR = 0;
    let sumMM = 0;
    for (let k = 0; k < points.length; k++) {
      const i = points[k]!;
      const value = sampleBilinear(moving, (i % width) + dx, Math.floor(i / width) + dy);
      moved[k] = value;
      if (Number.isNaN(value)) continue;
      const r = refValues[k]!;
      count++;
      sumR += r;
      sumM += value;
      sumRR += r * r;
      sumMM += value * value;
    }
    if (count < 16) return { dx, dy, correlation: 0, samples: count };
    const meanR = sumR / count;
    const meanM = sumM / count;
    const stdR = Math.sqrt(Math.max(1e-12, sumRR / count - meanR * meanR));
    const stdM = Math.sqrt(Math.max(1e-12, sumMM / count - meanM * meanM));
    let a11 = 0;
    let a12 = 0;
    let a22 = 0;
    let b1 = 0;
    let b2 = 0;
    let product = 0;
    for (let k = 0; k < points.length; k++) {
      const value = moved[k]!;
      if (Number.isNaN(value)) continue;
      const r = (refValues[k]! - meanR) / stdR;
      const m = (value - meanM) / stdM;
      const gx = gradX[k]! / stdR;
      const gy = gradY[k]! / stdR;
      a11 += gx * gx;
      a12 += gx * gy;
      a22 += gy * gy;
      b1 += gx * (m - r);
      b2 += gy * (m - r);
      product += r * m;
    }
    correlation = product / count;
    samples = count;
    const determinant = a11 * a22 - a12 * a12;
    if (Math.abs(determinant) < 1e-9) break;
    // moving(x + d) − reference(x) ≈ −e·∇reference(x), where e is what d still lacks.
    const ex = -(a22 * b1 - a12 * b2) / determinant;
    const ey = -(a11 * b2 - a12 * b1) / determinant;
    // A step this large means the start was not within a pixel: keep it bounded and let later steps finish.
    const step = Math.hypot(ex, ey);
    const scale = step > 1 ? 1 / step : 1;
    dx += ex * scale;
    dy += ey * scale;
    if (step < CONVERGED) break;
  }
  return { dx, dy, correlation, samples };
}
