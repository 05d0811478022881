/**
 * Hysteresis thresholding (as in Canny's edge detector): the cells above `low` that are 4-connected to at least
 * one cell above `high`. A faint but coherent change (seedlings growing in rows) is kept whole around its strong
 * core; isolated noise above `low` with no strong cell is dropped. `values` NaN never pass.
 */
export function hysteresisMask(
  values: Float32Array,
  width: number,
  height: number,
  low: number,
  high: number,
): Uint8Array {
  const mask = new Uint8Array(values.length);
  const stack: number[] = [];
  for (let i = 0; i < values.length; i++) {
    if ((values[i] as number) >= high && mask[i] === 0) {
      mask[i] = 1;
      stack.push(i);
      while (stack.length > 0) {
        const at = stack.pop() as number;
        const x = at % width;
        const y = (at - x) / width;
        const visit = (n: number) => {
          if (mask[n] === 0 && (values[n] as number) >= low) {
            mask[n] = 1;
            stack.push(n);
          }
        };
        if (x > 0) visit(at - 1);
        if (x < width - 1) visit(at + 1);
        if (y > 0) visit(at - width);
        if (y < height - 1) visit(at + width);
      }
    }
  }
  return mask;
}

/** 4-connected components of a 0/1 mask: each cell's component number (1…count), 0 outside the mask. */
export function labelComponents(
  mask: Uint8Array,
  width: number,
  height: number,
): { labels: Int32Array; count: number } {
  const labels = new Int32Array(mask.length);
  let count = 0;
  const stack: number[] = [];
  for (let i = 0; i < mask.length; i++) {
    if (mask[i] !== 1 || labels[i] !== 0) continue;
    count += 1;
    labels[i] = count;
    stack.push(i);
    while (stack.length > 0) {
      const at = stack.pop() as number;
      const x = at % width;
      const y = (at - x) / width;
      const visit = (n: number) => {
        if (mask[n] === 1 && labels[n] === 0) {
          labels[n] = count;
          stack.push(n);
        }
      };
      if (x > 0) visit(at - 1);
      if (x < width - 1) visit(at + 1);
      if (y > 0) visit(at - width);
      if (y < height - 1) visit(at + width);
    }
  }
  return { labels, count };
}
