import type { BandLayout } from './band-layout';

export type SampleArray = ArrayLike<number>;

/** Per colour band: source values at the low and high percentiles, mapped to 0 and 255. */
export type StretchRanges = Array<[number, number]>;

/** The low/high percentiles of each colour band over `samples` (pixels with no data are left out). */
export function percentileStretch(
  samples: SampleArray,
  layout: BandLayout,
  lowPercentile = 0.02,
  highPercentile = 0.98,
): StretchRanges {
  const perBand: number[][] = layout.colorSamples.map(() => []);
  const count = Math.floor(samples.length / layout.samplesPerPixel);
  for (let pixel = 0; pixel < count; pixel++) {
    const base = pixel * layout.samplesPerPixel;
    if (!isDataPixel(samples, base, layout)) continue;
    layout.colorSamples.forEach((sample, band) => perBand[band]!.push(samples[base + sample]!));
  }
  return perBand.map((values) => {
    if (values.length === 0) return [0, 1];
    const sorted = Float64Array.from(values).sort();
    const low = sorted[Math.floor((sorted.length - 1) * lowPercentile)]!;
    const high = sorted[Math.floor((sorted.length - 1) * highPercentile)]!;
    return [low, high > low ? high : low + 1];
  });
}

function isDataPixel(samples: SampleArray, base: number, layout: BandLayout): boolean {
  if (layout.alphaSample !== null && samples[base + layout.alphaSample] === 0) return false;
  if (layout.nodata === null) return true;
  return !layout.colorSamples.every((sample) => samples[base + sample] === layout.nodata);
}

const clampByte = (value: number) => (value <= 0 ? 0 : value >= 255 ? 255 : Math.round(value));

/** The common 8-bit RGB(A) case in one tight loop (the general path costs ~4× more per pixel). */
function rgb8ToRgba(samples: SampleArray, layout: BandLayout, rgba: Uint8Array): Uint8Array {
  const step = layout.samplesPerPixel;
  const count = Math.floor(samples.length / step);
  const [c0, c1, c2] = layout.colorSamples as [number, number, number];
  const alpha = layout.alphaSample;
  const nodata = layout.nodata;
  for (let pixel = 0, base = 0, out = 0; pixel < count; pixel++, base += step, out += 4) {
    const r = samples[base + c0]!;
    const g = samples[base + c1]!;
    const b = samples[base + c2]!;
    const a = alpha === null ? 255 : samples[base + alpha]!;
    if (a === 0 || (r === nodata && g === nodata && b === nodata)) continue;
    rgba[out] = r;
    rgba[out + 1] = g;
    rgba[out + 2] = b;
    rgba[out + 3] = a;
  }
  return rgba;
}

/**
 * Interleaved source samples → 8-bit RGBA; nodata pixels and alpha 0 become transparent. Written into `into`
 * when given (4 bytes a pixel, any content), else into a new array.
 */
export function samplesToRgba(
  samples: SampleArray,
  layout: BandLayout,
  stretch: StretchRanges | null,
  into?: Uint8Array,
): Uint8Array {
  const count = Math.floor(samples.length / layout.samplesPerPixel);
  const rgba = into ? into.fill(0) : new Uint8Array(count * 4);
  if (!stretch && !layout.ycbcr && layout.colorSamples.length === 3 && layout.alphaMax === 255) {
    return rgb8ToRgba(samples, layout, rgba);
  }
  const [c0, c1, c2] = layout.colorSamples as [number, number?, number?];
  const grey = layout.colorSamples.length === 1;
  const scale = (value: number, band: number) => {
    if (!stretch) return value;
    const [low, high] = stretch[band]!;
    return ((value - low) * 255) / (high - low);
  };
  for (let pixel = 0; pixel < count; pixel++) {
    const base = pixel * layout.samplesPerPixel;
    const out = pixel * 4;
    if (!isDataPixel(samples, base, layout)) continue;
    let r: number;
    let g: number;
    let b: number;
    if (grey) {
      r = g = b = clampByte(scale(samples[base + c0]!, 0));
    } else if (layout.ycbcr) {
      const y = samples[base + c0]!;
      const cb = samples[base + c1!]! - 128;
      const cr = samples[base + c2!]! - 128;
      r = clampByte(y + 1.402 * cr);
      g = clampByte(y - 0.344136 * cb - 0.714136 * cr);
      b = clampByte(y + 1.772 * cb);
    } else {
      r = clampByte(scale(samples[base + c0]!, 0));
      g = clampByte(scale(samples[base + c1!]!, 1));
      b = clampByte(scale(samples[base + c2!]!, 2));
    }
    rgba[out] = r;
    rgba[out + 1] = g;
    rgba[out + 2] = b;
    rgba[out + 3] =
      layout.alphaSample === null
        ? 255
        : clampByte((samples[base + layout.alphaSample]! * 255) / layout.alphaMax);
  }
  return rgba;
}
