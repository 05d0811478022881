/**
 * Otsu's threshold (1979): the value that best splits the finite values into two classes (maximum
 * between-class variance), over a 256-bin histogram between their minimum and maximum. NaN when there are no
 * finite values or they are all equal.
 */
export function otsuThreshold(values: ArrayLike<number>, bins = 256): number {
  let min = Infinity;
  let max = -Infinity;
  for (let i = 0; i < values.length; i++) {
    const v = values[i] as number;
    if (!Number.isFinite(v)) continue;
    if (v < min) min = v;
    if (v > max) max = v;
  }
  if (!(max > min)) return Number.NaN;
  const histogram = new Float64Array(bins);
  const scale = bins / (max - min);
  let total = 0;
  for (let i = 0; i < values.length; i++) {
    const v = values[i] as number;
    if (!Number.isFinite(v)) continue;
    const bin = Math.min(bins - 1, Math.floor((v - min) * scale));
    histogram[bin] = (histogram[bin] as number) + 1;
    total += 1;
  }
  let sumAll = 0;
  for (let i = 0; i < bins; i++) sumAll += i * (histogram[i] as number);
  let weightBelow = 0;
  let sumBelow = 0;
  let best = -1;
  let bestBin = 0;
  for (let i = 0; i < bins - 1; i++) {
    weightBelow += histogram[i] as number;
    if (weightBelow === 0) continue;
    const weightAbove = total - weightBelow;
    if (weightAbove === 0) break;
    sumBelow += i * (histogram[i] as number);
    const meanBelow = sumBelow / weightBelow;
    const meanAbove = (sumAll - sumBelow) / weightAbove;
    const between = weightBelow * weightAbove * (meanBelow - meanAbove) ** 2;
    if (between > best) {
      best = between;
      bestBin = i;
    }
  }
  return min + (bestBin + 1) / scale;
}
