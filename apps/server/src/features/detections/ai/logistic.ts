/** A standardised L2-regularised logistic regression: p = σ(bias + Σ wᵢ (xᵢ − meanᵢ) / scaleᵢ). */
export interface LogisticModel {
  mean: number[];
  scale: number[];
  weights: number[];
  bias: number;
}

export const sigmoid = (z: number): number => 1 / (1 + Math.exp(-Math.max(-30, Math.min(30, z))));

export function logisticScore(model: LogisticModel, x: ArrayLike<number>): number {
  let z = model.bias;
  for (let i = 0; i < model.weights.length; i++) {
    const v = Number.isFinite(x[i]) ? (x[i] as number) : (model.mean[i] as number);
    z += (model.weights[i] as number) * ((v - (model.mean[i] as number)) / (model.scale[i] as number));
  }
  return z;
}

export interface LogisticOptions {
  /** L2 penalty on the weights (not the bias), per sample. */
  l2: number;
  iterations: number;
  /** Per-sample weights (default 1). */
  sampleWeights?: readonly number[];
}

/**
 * Fits by Newton's method (iteratively reweighted least squares): few features and at most a few thousand
 * samples, so each step solves a small dense system. Deterministic.
 */
export function fitLogistic(
  x: readonly (readonly number[])[],
  y: readonly number[],
  options: LogisticOptions,
): LogisticModel {
  const n = x.length;
  const d = x[0]?.length ?? 0;
  const mean = new Array<number>(d).fill(0);
  const scale = new Array<number>(d).fill(0);
  for (const row of x) for (let j = 0; j < d; j++) mean[j]! += (row[j] as number) / n;
  for (const row of x)
    for (let j = 0; j < d; j++) scale[j]! += ((row[j] as number) - (mean[j] as number)) ** 2 / n;
  for (let j = 0; j < d; j++) scale[j] = Math.sqrt(scale[j] as number) || 1;
  const z = x.map((row) => row.map((v, j) => (v - (mean[j] as number)) / (scale[j] as number)));
  const w = new Array<number>(d + 1).fill(0);
  const weightOf = (i: number): number => options.sampleWeights?.[i] ?? 1;
  const totalWeight = Array.from({ length: n }, (_, i) => weightOf(i)).reduce((a, b) => a + b, 0) || 1;
  for (let iteration = 0; iteration < options.iterations; iteration++) {
    const gradient = new Array<number>(d + 1).fill(0);
    const hessian = Array.from({ length: d + 1 }, () => new Array<number>(d + 1).fill(0));
    for (let i = 0; i < n; i++) {
      const row = z[i] as number[];
      let score = w[d] as number;
      for (let j = 0; j < d; j++) score += (w[j] as number) * (row[j] as number);
      const p = sigmoid(score);
      const sw = weightOf(i) / totalWeight;
      const r = (p - (y[i] as number)) * sw;
      const h = Math.max(1e-6, p * (1 - p)) * sw;
      for (let a = 0; a <= d; a++) {
        const va = a === d ? 1 : (row[a] as number);
        gradient[a]! += r * va;
        for (let b = a; b <= d; b++) hessian[a]![b]! += h * va * (b === d ? 1 : (row[b] as number));
      }
    }
    for (let a = 0; a <= d; a++) {
      for (let b = 0; b < a; b++) hessian[a]![b] = hessian[b]![a] as number;
      if (a < d) {
        gradient[a]! += options.l2 * (w[a] as number);
        hessian[a]![a]! += options.l2;
      } else hessian[a]![a]! += 1e-9;
    }
    const step = solve(hessian, gradient);
    for (let a = 0; a <= d; a++) w[a]! -= step[a] as number;
  }
  return { mean, scale, weights: w.slice(0, d), bias: w[d] as number };
}

/** Gaussian elimination with partial pivoting (the matrix is symmetric positive definite). */
function solve(matrix: number[][], vector: number[]): number[] {
  const m = matrix.map((row, i) => [...row, vector[i] as number]);
  const size = vector.length;
  for (let col = 0; col < size; col++) {
    let pivot = col;
    for (let r = col + 1; r < size; r++) if (Math.abs(m[r]![col]!) > Math.abs(m[pivot]![col]!)) pivot = r;
    [m[col], m[pivot]] = [m[pivot]!, m[col]!];
    const p = m[col]![col] || 1e-12;
    for (let r = col + 1; r < size; r++) {
      const f = m[r]![col]! / p;
      for (let c = col; c <= size; c++) m[r]![c]! -= f * m[col]![c]!;
    }
  }
  const out = new Array<number>(size).fill(0);
  for (let r = size - 1; r >= 0; r--) {
    let s = m[r]![size]!;
    for (let c = r + 1; c < size; c++) s -= m[r]![c]! * out[c]!;
    out[r] = s / (m[r]![r] || 1e-12);
  }
  return out;
}
