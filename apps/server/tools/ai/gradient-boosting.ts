import { createRng } from '@mirante/demo/prng';
import { softmax, type BoostedModel, type CompactTree } from '../../src/features/detections/ai/boosted-model';

export interface BoostingParameters {
  rounds: number;
  learningRate: number;
  maxDepth: number;
  /** L2 regularisation of leaf scores. */
  lambda: number;
  /** Smallest hessian sum a child may have (guards against leaves fitted to a handful of samples). */
  minChildHessian: number;
  /** Fraction of samples drawn per round and of features per tree. */
  rowSample: number;
  featureSample: number;
  /** Quantile bins per feature for split finding. */
  bins: number;
  seed: number;
}

/** The validation pick of `npm run ai:tune` (bench/RESULTS.md, ai-tune section); the test layout played no part. */
export const DEFAULT_BOOSTING: BoostingParameters = {
  rounds: 200,
  learningRate: 0.15,
  maxDepth: 3,
  lambda: 1,
  minChildHessian: 1,
  rowSample: 0.8,
  featureSample: 0.8,
  bins: 48,
  seed: 7,
};

export interface TrainingSet {
  /** Row-major samples × features. */
  x: number[][];
  /** Class index per sample. */
  y: number[];
  classes: string[];
  features: string[];
}

interface BinnedData {
  /** Column-major bin index: bins[feature * n + sample]. */
  bins: Uint8Array;
  /** Per feature, the upper value of each bin (a split "bin ≤ b" becomes "x ≤ cuts[b]"). */
  cuts: number[][];
}

function binFeatures(x: number[][], featureCount: number, maxBins: number): BinnedData {
  const n = x.length;
  const bins = new Uint8Array(featureCount * n);
  const cuts: number[][] = [];
  for (let f = 0; f < featureCount; f++) {
    const sorted = Float64Array.from(x, (row) => row[f] as number).sort();
    const featureCuts: number[] = [];
    for (let b = 1; b < maxBins; b++) {
      // Rounded so the thresholds stored in model.json are exactly the ones training used.
      const cut = round(sorted[Math.min(n - 1, Math.floor((b * n) / maxBins))] as number, 6);
      if (featureCuts.length === 0 || cut > (featureCuts[featureCuts.length - 1] as number))
        featureCuts.push(cut);
    }
    featureCuts.push(Infinity);
    cuts.push(featureCuts);
    for (let i = 0; i < n; i++) {
      const value = (x[i] as number[])[f] as number;
      let lo = 0;
      let hi = featureCuts.length - 1;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (value <= (featureCuts[mid] as number)) hi = mid;
        else lo = mid + 1;
      }
      bins[f * n + i] = lo;
    }
  }
  return { bins, cuts };
}

interface TreeBuilder {
  data: BinnedData;
  n: number;
  gradient: Float64Array;
  hessian: Float64Array;
  features: number[];
  params: BoostingParameters;
  tree: CompactTree;
}

function addLeaf(b: TreeBuilder, g: number, h: number): number {
  b.tree.feature.push(-1);
  b.tree.value.push(round((-g / (h + b.params.lambda)) * b.params.learningRate));
  b.tree.left.push(-1);
  b.tree.right.push(-1);
  return b.tree.feature.length - 1;
}

function grow(b: TreeBuilder, samples: Uint32Array, depth: number): number {
  let g = 0;
  let h = 0;
  for (const i of samples) {
    g += b.gradient[i] as number;
    h += b.hessian[i] as number;
  }
  if (depth >= b.params.maxDepth || h < 2 * b.params.minChildHessian) return addLeaf(b, g, h);
  const { lambda, minChildHessian } = b.params;
  const parentScore = (g * g) / (h + lambda);
  let bestGain = 1e-9;
  let bestFeature = -1;
  let bestBin = -1;
  for (const f of b.features) {
    const cuts = b.data.cuts[f] as number[];
    const histG = new Float64Array(cuts.length);
    const histH = new Float64Array(cuts.length);
    const offset = f * b.n;
    for (const i of samples) {
      const bin = b.data.bins[offset + i] as number;
      histG[bin]! += b.gradient[i] as number;
      histH[bin]! += b.hessian[i] as number;
    }
    let gl = 0;
    let hl = 0;
    for (let bin = 0; bin < cuts.length - 1; bin++) {
      gl += histG[bin] as number;
      hl += histH[bin] as number;
      const hr = h - hl;
      if (hl < minChildHessian || hr < minChildHessian) continue;
      const gr = g - gl;
      const gain = (gl * gl) / (hl + lambda) + (gr * gr) / (hr + lambda) - parentScore;
      if (gain > bestGain) {
        bestGain = gain;
        bestFeature = f;
        bestBin = bin;
      }
    }
  }
  if (bestFeature < 0) return addLeaf(b, g, h);
  const offset = bestFeature * b.n;
  const left = samples.filter((i) => (b.data.bins[offset + i] as number) <= bestBin);
  const right = samples.filter((i) => (b.data.bins[offset + i] as number) > bestBin);
  const node = b.tree.feature.length;
  b.tree.feature.push(bestFeature);
  b.tree.value.push((b.data.cuts[bestFeature] as number[])[bestBin] as number);
  b.tree.left.push(-1);
  b.tree.right.push(-1);
  b.tree.left[node] = grow(b, left, depth + 1);
  b.tree.right[node] = grow(b, right, depth + 1);
  return node;
}

/** Leaf scores need no more than 5 significant digits; keeps model.json small. */
function round(value: number, digits = 5): number {
  return Number(value.toPrecision(digits));
}

/**
 * Trains softmax gradient boosting (Newton steps, one regression tree per class per round) with class weights
 * `weights[class]` multiplying each sample's gradient and hessian.
 */
export function trainBoostedTrees(
  set: TrainingSet,
  classWeights: number[],
  params: BoostingParameters = DEFAULT_BOOSTING,
): BoostedModel {
  const n = set.x.length;
  const k = set.classes.length;
  const d = set.features.length;
  const data = binFeatures(set.x, d, params.bins);
  const random = createRng(params.seed).next;
  const counts = new Array<number>(k).fill(0);
  for (const label of set.y) counts[label]! += 1;
  const bias = counts.map((c) => Math.log((c + 1) / (n + k)));
  const scores = Array.from({ length: k }, (_, c) => new Float64Array(n).fill(bias[c] as number));
  const trees: CompactTree[] = [];
  const gradient = new Float64Array(n);
  const hessian = new Float64Array(n);
  const probabilities = Array.from({ length: k }, () => new Float64Array(n));
  for (let round = 0; round < params.rounds; round++) {
    for (let i = 0; i < n; i++) {
      const p = softmax(scores.map((s) => s[i] as number));
      for (let c = 0; c < k; c++) probabilities[c]![i] = p[c] as number;
    }
    const picked: number[] = [];
    for (let i = 0; i < n; i++) if (random() < params.rowSample) picked.push(i);
    const samples = Uint32Array.from(picked);
    for (let c = 0; c < k; c++) {
      for (let i = 0; i < n; i++) {
        const p = probabilities[c]![i] as number;
        const weight = classWeights[set.y[i] as number] as number;
        gradient[i] = (p - (set.y[i] === c ? 1 : 0)) * weight;
        hessian[i] = Math.max(1e-6, p * (1 - p)) * weight;
      }
      const features = Array.from({ length: d }, (_, f) => f).filter(() => random() < params.featureSample);
      const tree: CompactTree = { feature: [], value: [], left: [], right: [] };
      grow({ data, n, gradient, hessian, features, params, tree }, samples, 0);
      trees.push(tree);
      const scoreOfClass = scores[c] as Float64Array;
      for (let i = 0; i < n; i++) scoreOfClass[i]! += leafValue(tree, data, n, i);
    }
  }
  return {
    format: 'mirante-gbt-1',
    classes: set.classes,
    features: set.features,
    bias: bias.map((b) => round(b)),
    trees,
    training: {
      ...params,
      samples: n,
      classCounts: Object.fromEntries(set.classes.map((c, i) => [c, counts[i]])),
    },
  };
}

function leafValue(tree: CompactTree, data: BinnedData, n: number, sample: number): number {
  let node = 0;
  for (;;) {
    const feature = tree.feature[node] as number;
    if (feature < 0) return tree.value[node] as number;
    // Same decision as on raw values: bin ≤ b ⇔ x ≤ cuts[b].
    const threshold = tree.value[node] as number;
    const cut = data.cuts[feature] as number[];
    const bin = data.bins[feature * n + sample] as number;
    node = (cut[bin] as number) <= threshold ? (tree.left[node] as number) : (tree.right[node] as number);
  }
}
