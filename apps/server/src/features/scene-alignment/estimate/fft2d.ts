import FFT from 'fft.js';

/** A complex 2-D array, row-major, interleaved (re, im), of power-of-two width and height. */
export interface Spectrum {
  width: number;
  height: number;
  data: Float64Array;
}

const transforms = new Map<number, FFT>();

function fftOf(size: number): FFT {
  let fft = transforms.get(size);
  if (!fft) {
    fft = new FFT(size);
    transforms.set(size, fft);
  }
  return fft;
}

export function isPowerOfTwo(value: number): boolean {
  return value >= 2 && (value & (value - 1)) === 0;
}

/** Rows then columns through fft.js's 1-D transform (`inverse`: scaled by 1/(width·height)). */
function transform2d(input: Spectrum, inverse: boolean): Spectrum {
  const { width, height } = input;
  const rows = fftOf(width);
  const columns = fftOf(height);
  const data = new Float64Array(input.data);
  const line = new Float64Array(2 * Math.max(width, height));
  const out = new Float64Array(2 * Math.max(width, height));
  const rowIn = line.subarray(0, 2 * width);
  const rowOut = out.subarray(0, 2 * width);
  for (let y = 0; y < height; y++) {
    rowIn.set(data.subarray(2 * y * width, 2 * (y + 1) * width));
    if (inverse) rows.inverseTransform(rowOut, rowIn);
    else rows.transform(rowOut, rowIn);
    data.set(rowOut, 2 * y * width);
  }
  const columnIn = line.subarray(0, 2 * height);
  const columnOut = out.subarray(0, 2 * height);
  for (let x = 0; x < width; x++) {
    for (let y = 0; y < height; y++) {
      columnIn[2 * y] = data[2 * (y * width + x)]!;
      columnIn[2 * y + 1] = data[2 * (y * width + x) + 1]!;
    }
    if (inverse) columns.inverseTransform(columnOut, columnIn);
    else columns.transform(columnOut, columnIn);
    for (let y = 0; y < height; y++) {
      data[2 * (y * width + x)] = columnOut[2 * y]!;
      data[2 * (y * width + x) + 1] = columnOut[2 * y + 1]!;
    }
  }
  return { width, height, data };
}

/** The 2-D FFT of a real image (width and height powers of two). */
export function forward(real: Float64Array, width: number, height: number): Spectrum {
  if (!isPowerOfTwo(width) || !isPowerOfTwo(height)) {
    throw new Error(`FFT 2-D: ${width}×${height} não são potências de dois.`);
  }
  const data = new Float64Array(2 * width * height);
  for (let i = 0; i < width * height; i++) data[2 * i] = real[i]!;
  return transform2d({ width, height, data }, false);
}

/** The real part of the inverse 2-D FFT. */
export function inverseReal(spectrum: Spectrum): Float64Array {
  const back = transform2d(spectrum, true);
  const real = new Float64Array(spectrum.width * spectrum.height);
  for (let i = 0; i < real.length; i++) real[i] = back.data[2 * i]!;
  return real;
}
