/**
 * A multiclass gradient-boosted tree model (softmax over per-class sums of regression trees), as stored in
 * model.json. Each tree is four parallel arrays over its nodes: `feature` (−1 for a leaf), `value` (split
 * threshold, or the leaf's score), `left` and `right` child indices. A sample goes left when
 * x[feature] <= threshold (missing values, NaN, go right).
 */
export interface CompactTree {
  feature: number[];
  value: number[];
  left: number[];
  right: number[];
}

export interface BoostedModel {
  format: 'mirante-gbt-1';
  classes: string[];
  features: string[];
  /** Initial score of each class (log prior). */
  bias: number[];
  /** Round-major: tree `round * classes.length + class`; leaf scores already include the learning rate. */
  trees: CompactTree[];
  /** How the model was trained (data, split, parameters), for the record. */
  training: Record<string, unknown>;
}

function treeScore(tree: CompactTree, x: ArrayLike<number>): number {
  let node = 0;
  for (;;) {
    const feature = tree.feature[node] as number;
    if (feature < 0) return tree.value[node] as number;
    node =
      (x[feature] as number) <= (tree.value[node] as number)
        ? (tree.left[node] as number)
        : (tree.right[node] as number);
  }
}

/** Class probabilities for one feature vector (in the model's feature order). */
export function predictProbabilities(model: BoostedModel, x: ArrayLike<number>): number[] {
  const k = model.classes.length;
  const scores = model.bias.slice();
  for (let t = 0; t < model.trees.length; t++) scores[t % k]! += treeScore(model.trees[t] as CompactTree, x);
  return softmax(scores);
}

export function softmax(scores: readonly number[]): number[] {
  const max = Math.max(...scores);
  const exps = scores.map((s) => Math.exp(s - max));
  const total = exps.reduce((a, b) => a + b, 0);
  return exps.map((e) => e / total);
}

/** Checks the shape of a parsed model.json (it is committed, but a bad merge should fail loudly). */
export function parseBoostedModel(json: unknown): BoostedModel {
  const model = json as Partial<BoostedModel> | null;
  if (
    !model ||
    model.format !== 'mirante-gbt-1' ||
    !Array.isArray(model.classes) ||
    !Array.isArray(model.features) ||
    !Array.isArray(model.bias) ||
    model.bias.length !== model.classes.length ||
    !Array.isArray(model.trees) ||
    model.trees.length % model.classes.length !== 0
  )
    throw new Error('model.json is not a mirante-gbt-1 model');
  return model as BoostedModel;
}
