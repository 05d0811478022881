import { EVD, Matrix } from 'ml-matrix';
import { kmeans } from 'ml-kmeans';
import { createRng } from '@mirante/demo/prng';
import { z } from 'zod';
import type { TextureAccumulator } from './texture-features';

/**
 * "Texture words": a dictionary of the small patterns of one project's own imagery, learnt without labels
 * (k-means on whitened patches of ~0.5 m texture cells, after Coates & Ng, "An analysis of single-layer networks
 * in unsupervised feature learning", 2011). A lot is described by how strongly each word appears in it, reduced to
 * a few principal components over the project's lots. The per-project model (project-adaptation.ts) may add them
 * to its features: the corrections then tell which of the project's own patterns mean roofs. Roof and tree
 * patterns differ from one sensor and place to another, so nothing here is trained on other imagery; the words
 * are learnt once per project, on its first analysed scene, so that every scene's lots are described alike.
 */
export const TEXTURE_WORD_FEATURES = ['kw0', 'kw1', 'kw2', 'kw3', 'kw4'] as const;
export type TextureWordName = (typeof TEXTURE_WORD_FEATURES)[number];

/** Patch side in texture cells (~3 m), words in the dictionary, whitened dimensions kept. */
const PATCH = 6;
const WORDS = 32;
const DIMENSIONS = 32;
/** Regularisation of the whitening (normalised patch units) and of the per-patch contrast normalisation (0–255²). */
const WHITENING_EPSILON = 0.1;
const CONTRAST_EPSILON = 10;
/** Patches sampled to learn the words, lots the words and components are learnt on, step between encoded patches. */
const SAMPLE_PATCHES = 20_000;
export const DICTIONARY_LOTS = 400;
const ENCODE_STEP = 2;
const KMEANS_ITERATIONS = 20;

export interface TextureDictionary {
  version: 1;
  /** Mean of the contrast-normalised patches and the whitening rows (DIMENSIONS × patch length). */
  mean: number[];
  whitening: number[][];
  /** Words: centroids in the whitened space. */
  words: number[][];
  /** Standardisation of a lot's word activations, then the principal components (one per TEXTURE_WORD_FEATURES). */
  activationMean: number[];
  activationScale: number[];
  components: number[][];
}

const numbers = z.array(z.number());
const dictionarySchema = z.object({
  version: z.literal(1),
  mean: numbers.length(PATCH * PATCH * 3),
  whitening: z.array(numbers.length(PATCH * PATCH * 3)).length(DIMENSIONS),
  words: z.array(numbers.length(DIMENSIONS)).length(WORDS),
  activationMean: numbers.length(WORDS),
  activationScale: numbers.length(WORDS),
  components: z.array(numbers.length(WORDS)).length(TEXTURE_WORD_FEATURES.length),
});

/** A stored dictionary, or null when it is not one this code reads (another version, damaged). */
export function parseTextureDictionary(value: unknown): TextureDictionary | null {
  const parsed = dictionarySchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** A lot's texture cells as mean colours (0–255), NaN where a cell has too few valid pixels. */
interface CellColours {
  columns: number;
  rows: number;
  rgb: Float32Array;
}

function cellColours(texture: TextureAccumulator): CellColours | null {
  const { cellColumns: columns, cellRows: rows, sums } = texture;
  if (!sums) return null;
  const minCount = Math.max(1, (texture.stride * texture.stride) / 2);
  const rgb = new Float32Array(columns * rows * 3).fill(Number.NaN);
  for (let cell = 0; cell < columns * rows; cell++) {
    const count = sums[cell * 4 + 3] as number;
    if (count < minCount) continue;
    for (let band = 0; band < 3; band++) rgb[cell * 3 + band] = (sums[cell * 4 + band] as number) / count;
  }
  return { columns, rows, rgb };
}

const PATCH_LENGTH = PATCH * PATCH * 3;

/** The contrast-normalised patch at (column, row), or false when a cell of it has no data. */
function readPatch(cells: CellColours, column: number, row: number, out: Float64Array): boolean {
  let sum = 0;
  let i = 0;
  for (let y = row; y < row + PATCH; y++)
    for (let x = column; x < column + PATCH; x++)
      for (let band = 0; band < 3; band++) {
        const value = cells.rgb[(y * cells.columns + x) * 3 + band] as number;
        if (Number.isNaN(value)) return false;
        out[i++] = value;
        sum += value;
      }
  const mean = sum / PATCH_LENGTH;
  let squares = 0;
  for (let j = 0; j < PATCH_LENGTH; j++) squares += ((out[j] as number) - mean) ** 2;
  const scale = 1 / Math.sqrt(squares / PATCH_LENGTH + CONTRAST_EPSILON);
  for (let j = 0; j < PATCH_LENGTH; j++) out[j] = ((out[j] as number) - mean) * scale;
  return true;
}

function forEachPatch(
  cells: CellColours,
  step: number,
  visit: (patch: Float64Array, column: number, row: number) => void,
): void {
  const patch = new Float64Array(PATCH_LENGTH);
  for (let row = 0; row + PATCH <= cells.rows; row += step)
    for (let column = 0; column + PATCH <= cells.columns; column += step)
      if (readPatch(cells, column, row, patch)) visit(patch, column, row);
}

/** The dictionary's matrices as flat typed arrays, made once per dictionary (encoding is the hot loop). */
interface FlatDictionary {
  mean: Float64Array;
  /** DIMENSIONS rows of PATCH_LENGTH. */
  whitening: Float64Array;
  dimensions: number;
  /** Words × dimensions. */
  words: Float64Array;
  wordCount: number;
}

const flattened = new WeakMap<object, FlatDictionary>();

function flat(dictionary: Pick<TextureDictionary, 'mean' | 'whitening' | 'words'>): FlatDictionary {
  let out = flattened.get(dictionary);
  if (!out) {
    out = {
      mean: Float64Array.from(dictionary.mean),
      whitening: Float64Array.from(dictionary.whitening.flat()),
      dimensions: dictionary.whitening.length,
      words: Float64Array.from(dictionary.words.flat()),
      wordCount: dictionary.words.length,
    };
    flattened.set(dictionary, out);
  }
  return out;
}

function whitenInto(dictionary: FlatDictionary, patch: Float64Array, out: Float64Array): void {
  for (let d = 0; d < dictionary.dimensions; d++) {
    let value = 0;
    const row = d * PATCH_LENGTH;
    for (let j = 0; j < PATCH_LENGTH; j++)
      value +=
        (dictionary.whitening[row + j] as number) * ((patch[j] as number) - (dictionary.mean[j] as number));
    out[d] = value;
  }
}

/** Mean "triangle" activation of each word over the lot's patches (Coates & Ng); null without a whole patch. */
function wordActivations(
  dictionary: Pick<TextureDictionary, 'mean' | 'whitening' | 'words'>,
  cells: CellColours,
): number[] | null {
  const f = flat(dictionary);
  const totals = new Float64Array(f.wordCount);
  const distances = new Float64Array(f.wordCount);
  const z = new Float64Array(f.dimensions);
  let patches = 0;
  forEachPatch(cells, ENCODE_STEP, (patch) => {
    whitenInto(f, patch, z);
    let meanDistance = 0;
    for (let k = 0; k < f.wordCount; k++) {
      let squares = 0;
      const row = k * f.dimensions;
      for (let d = 0; d < f.dimensions; d++)
        squares += ((z[d] as number) - (f.words[row + d] as number)) ** 2;
      distances[k] = Math.sqrt(squares);
      meanDistance += distances[k] as number;
    }
    meanDistance /= f.wordCount;
    for (let k = 0; k < f.wordCount; k++) totals[k]! += Math.max(0, meanDistance - (distances[k] as number));
    patches += 1;
  });
  return patches === 0 ? null : Array.from(totals, (total) => total / patches);
}

/** Eigenvectors of a symmetric matrix with the largest eigenvalues, largest first. */
function topEigen(matrix: number[][], count: number): { values: number[]; vectors: number[][] } {
  const evd = new EVD(new Matrix(matrix), { assumeSymmetric: true });
  const order = evd.realEigenvalues
    .map((value, index) => ({ value, index }))
    .sort((a, b) => b.value - a.value)
    .slice(0, count);
  const vectors = evd.eigenvectorMatrix;
  return {
    values: order.map((o) => o.value),
    vectors: order.map((o) => vectors.getColumn(o.index)),
  };
}

function covariance(rows: readonly ArrayLike<number>[], mean: readonly number[]): number[][] {
  const n = mean.length;
  const out = Array.from({ length: n }, () => new Array<number>(n).fill(0));
  const centred = new Float64Array(n);
  for (const row of rows) {
    for (let j = 0; j < n; j++) centred[j] = (row[j] as number) - (mean[j] as number);
    for (let a = 0; a < n; a++) {
      const va = centred[a] as number;
      const target = out[a] as number[];
      for (let b = a; b < n; b++) target[b]! += va * (centred[b] as number);
    }
  }
  for (let a = 0; a < n; a++)
    for (let b = a; b < n; b++) {
      const value = (out[a]![b] as number) / Math.max(1, rows.length - 1);
      out[a]![b] = value;
      out[b]![a] = value;
    }
  return out;
}

function columnMean(rows: readonly ArrayLike<number>[], length: number): number[] {
  const mean = new Array<number>(length).fill(0);
  for (const row of rows) for (let j = 0; j < length; j++) mean[j]! += row[j] as number;
  return mean.map((total) => total / Math.max(1, rows.length));
}

/**
 * Learns a project's dictionary from the texture of some of its lots (DICTIONARY_LOTS are enough); null when they
 * hold too few whole patches. Deterministic for the same lots (seeded sampling and k-means).
 */
export function learnTextureDictionary(
  textures: readonly TextureAccumulator[],
  seed = 1,
): TextureDictionary | null {
  const lots = textures.flatMap((texture) => {
    const cells = cellColours(texture);
    return cells ? [cells] : [];
  });
  // Where every whole patch is (lot, column, row): 400 lots hold ~350,000 of them, too many to keep as patches.
  const where: number[] = [];
  lots.forEach((cells, lot) => forEachPatch(cells, 1, (_, column, row) => where.push(lot, column, row)));
  const count = where.length / 3;
  if (count < WORDS * 10) return null;
  const random = createRng(seed).next;
  // An even random sample: a partial Fisher-Yates shuffle of the patches' indices, the first SAMPLE_PATCHES kept.
  const order = Uint32Array.from({ length: count }, (_, i) => i);
  for (let i = 0; i < Math.min(SAMPLE_PATCHES, count - 1); i++) {
    const j = i + Math.floor(random() * (count - i));
    [order[i], order[j]] = [order[j] as number, order[i] as number];
  }
  const sample = Array.from(order.subarray(0, SAMPLE_PATCHES), (index) => {
    const patch = new Float64Array(PATCH_LENGTH);
    const [lot, column, row] = where.slice(index * 3, index * 3 + 3) as [number, number, number];
    readPatch(lots[lot] as CellColours, column, row, patch);
    return patch;
  });
  const mean = columnMean(sample, PATCH_LENGTH);
  const { values, vectors } = topEigen(covariance(sample, mean), DIMENSIONS);
  const whitening = vectors.map((vector, d) =>
    vector.map((v) => v / Math.sqrt(Math.max(0, values[d] as number) + WHITENING_EPSILON)),
  );
  const flatWhitening = flat({ mean, whitening, words: [] });
  const whitened = sample.map((patch) => {
    const z = new Float64Array(DIMENSIONS);
    whitenInto(flatWhitening, patch, z);
    return Array.from(z);
  });
  const { centroids: words } = kmeans(whitened, WORDS, {
    seed,
    initialization: 'kmeans++',
    maxIterations: KMEANS_ITERATIONS,
  });
  const activations = lots.flatMap((cells) => {
    const a = wordActivations({ mean, whitening, words }, cells);
    return a ? [a] : [];
  });
  if (activations.length < TEXTURE_WORD_FEATURES.length + 2) return null;
  const activationMean = columnMean(activations, WORDS);
  const activationScale = columnMean(
    activations.map((a) => a.map((v, k) => (v - (activationMean[k] as number)) ** 2)),
    WORDS,
  ).map((variance) => Math.sqrt(variance) || 1);
  const standardised = activations.map((a) =>
    a.map((v, k) => (v - (activationMean[k] as number)) / (activationScale[k] as number)),
  );
  const principal = topEigen(
    covariance(standardised, new Array<number>(WORDS).fill(0)),
    TEXTURE_WORD_FEATURES.length,
  );
  // Each component scaled to unit variance over the lots, and signed so that the first word weighs positively:
  // the features then do not depend on the eigen solver's arbitrary signs.
  const components = principal.vectors.map((vector, c) => {
    const sign = (vector.find((v) => Math.abs(v) > 1e-9) ?? 1) < 0 ? -1 : 1;
    const scale = sign / Math.sqrt(Math.max(1e-9, principal.values[c] as number));
    return vector.map((v) => v * scale);
  });
  return { version: 1, mean, whitening, words, activationMean, activationScale, components };
}

/** The lot's texture-word features with the project's dictionary; null when the lot holds no whole patch. */
export function textureWords(
  texture: TextureAccumulator,
  dictionary: TextureDictionary,
): Record<TextureWordName, number> | null {
  const cells = cellColours(texture);
  const activations = cells ? wordActivations(dictionary, cells) : null;
  if (!activations) return null;
  const standardised = activations.map(
    (v, k) => (v - (dictionary.activationMean[k] as number)) / (dictionary.activationScale[k] as number),
  );
  return Object.fromEntries(
    TEXTURE_WORD_FEATURES.map((name, c) => [
      name,
      (dictionary.components[c] as number[]).reduce((sum, w, k) => sum + w * (standardised[k] as number), 0),
    ]),
  ) as Record<TextureWordName, number>;
}
