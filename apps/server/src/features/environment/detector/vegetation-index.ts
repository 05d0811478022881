/**
 * ExG − ExR (Meyer & Camargo Neto 2008, "Verification of color vegetation indices for automated crop imaging
 * applications"): excess green minus excess red on chromatic coordinates (r, g, b divided by their sum), so it
 * reads RGB alone and is steady under brightness changes. Vegetation is positive, soil and dry grass negative.
 * NaN for black (no information).
 */
export function excessGreenMinusRed(red: number, green: number, blue: number): number {
  const total = red + green + blue;
  if (total === 0) return Number.NaN;
  const r = red / total;
  const g = green / total;
  const b = blue / total;
  return 2 * g - r - b - (1.4 * r - g);
}

/** The index of every RGBA pixel; NaN where alpha is 0 (no data) or the pixel is black. */
export function vegetationIndexGrid(rgba: Uint8Array, cells: number): Float32Array {
  const out = new Float32Array(cells);
  for (let i = 0; i < cells; i++) {
    const o = i * 4;
    out[i] =
      rgba[o + 3] === 0
        ? Number.NaN
        : excessGreenMinusRed(rgba[o] as number, rgba[o + 1] as number, rgba[o + 2] as number);
  }
  return out;
}

/** Mean of R, G and B (0–255) of every RGBA pixel; NaN where alpha is 0. */
export function brightnessGrid(rgba: Uint8Array, cells: number): Float32Array {
  const out = new Float32Array(cells);
  for (let i = 0; i < cells; i++) {
    const o = i * 4;
    out[i] =
      rgba[o + 3] === 0
        ? Number.NaN
        : ((rgba[o] as number) + (rgba[o + 1] as number) + (rgba[o + 2] as number)) / 3;
  }
  return out;
}
