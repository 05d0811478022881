/**
 * Mean of each cell's (2·radius+1)² neighbourhood, ignoring NaN cells (summed-area tables, O(cells)). A cell
 * that is NaN stays NaN: smoothing never invents data where a scene has none.
 */
export function boxMean(values: Float32Array, width: number, height: number, radius: number): Float32Array {
  const stride = width + 1;
  const sums = new Float64Array(stride * (height + 1));
  const counts = new Uint32Array(stride * (height + 1));
  for (let y = 0; y < height; y++) {
    let rowSum = 0;
    let rowCount = 0;
    for (let x = 0; x < width; x++) {
      const v = values[y * width + x] as number;
      if (!Number.isNaN(v)) {
        rowSum += v;
        rowCount += 1;
      }
      const at = (y + 1) * stride + x + 1;
      sums[at] = (sums[at - stride] as number) + rowSum;
      counts[at] = (counts[at - stride] as number) + rowCount;
    }
  }
  const out = new Float32Array(width * height);
  for (let y = 0; y < height; y++) {
    const y0 = Math.max(0, y - radius);
    const y1 = Math.min(height, y + radius + 1);
    for (let x = 0; x < width; x++) {
      if (Number.isNaN(values[y * width + x] as number)) {
        out[y * width + x] = Number.NaN;
        continue;
      }
      const x0 = Math.max(0, x - radius);
      const x1 = Math.min(width, x + radius + 1);
      const a = y0 * stride + x0;
      const b = y0 * stride + x1;
      const c = y1 * stride + x0;
      const d = y1 * stride + x1;
      const n = (counts[d] as number) - (counts[b] as number) - (counts[c] as number) + (counts[a] as number);
      const s = (sums[d] as number) - (sums[b] as number) - (sums[c] as number) + (sums[a] as number);
      out[y * width + x] = s / n;
    }
  }
  return out;
}
