/** A single-band image with a validity mask (0 where the scene has no data). */
export interface GreyImage {
  width: number;
  height: number;
  grey: Float32Array;
  valid: Uint8Array;
}

export function emptyGrey(width: number, height: number): GreyImage {
  return {
    width,
    height,
    grey: new Float32Array(width * height),
    valid: new Uint8Array(width * height),
  };
}

/** Mean and standard deviation over the valid pixels (`mask` narrows them further). */
export function validStats(image: GreyImage, mask?: Uint8Array): { mean: number; std: number; count: number } {
  let sum = 0;
  let squares = 0;
  let count = 0;
  for (let i = 0; i < image.grey.length; i++) {
    if (!image.valid[i] || (mask && !mask[i])) continue;
    const value = image.grey[i]!;
    sum += value;
    squares += value * value;
    count++;
  }
  if (count === 0) return { mean: 0, std: 0, count };
  const mean = sum / count;
  return { mean, std: Math.sqrt(Math.max(0, squares / count - mean * mean)), count };
}

/** Bilinear sample at (x, y); NaN where any of the four pixels is invalid or outside. */
export function sampleBilinear(image: GreyImage, x: number, y: number): number {
  const x0 = Math.floor(x);
  const y0 = Math.floor(y);
  if (x0 < 0 || y0 < 0 || x0 + 1 >= image.width || y0 + 1 >= image.height) return Number.NaN;
  const i = y0 * image.width + x0;
  const { valid, grey } = image;
  if (!valid[i] || !valid[i + 1] || !valid[i + image.width] || !valid[i + image.width + 1]) return Number.NaN;
  const fx = x - x0;
  const fy = y - y0;
  const top = grey[i]! * (1 - fx) + grey[i + 1]! * fx;
  const bottom = grey[i + image.width]! * (1 - fx) + grey[i + image.width + 1]! * fx;
  return top * (1 - fy) + bottom * fy;
}
