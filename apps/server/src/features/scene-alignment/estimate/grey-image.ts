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
export function validStats(
  image: GreyImage,
  mask?: Uint8Array,
): { mean: number; std: number; count: number } {
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

/**
 * Weights that rise from 0 at the edge of the valid area to 1 `radius` pixels inside it (a raised cosine of the
 * chamfer distance to the nearest invalid pixel or the border), so a footprint's edge is no sharp feature.
 */
export function edgeTaper(image: GreyImage, radius: number): Float32Array {
  const { width, height, valid } = image;
  const distance = new Float32Array(width * height);
  const far = radius + 1;
  for (let i = 0; i < distance.length; i++) distance[i] = valid[i] ? far : 0;
  const at = (x: number, y: number) =>
    x < 0 || y < 0 || x >= width || y >= height ? 0 : distance[y * width + x]!;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      if (distance[i] === 0) continue;
      distance[i] = Math.min(
        distance[i]!,
        at(x - 1, y) + 1,
        at(x, y - 1) + 1,
        at(x - 1, y - 1) + 1.4,
        at(x + 1, y - 1) + 1.4,
      );
    }
  }
  for (let y = height - 1; y >= 0; y--) {
    for (let x = width - 1; x >= 0; x--) {
      const i = y * width + x;
      if (distance[i] === 0) continue;
      distance[i] = Math.min(
        distance[i]!,
        at(x + 1, y) + 1,
        at(x, y + 1) + 1,
        at(x + 1, y + 1) + 1.4,
        at(x - 1, y + 1) + 1.4,
      );
    }
  }
  const weights = new Float32Array(width * height);
  for (let i = 0; i < weights.length; i++) {
    const d = Math.min(distance[i]!, radius);
    weights[i] = 0.5 - 0.5 * Math.cos((Math.PI * d) / radius);
  }
  return weights;
}
