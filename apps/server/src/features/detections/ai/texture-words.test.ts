import { createRng } from '@mirante/demo/prng';
import { describe, expect, it } from 'vitest';
import { createTextureAccumulator, type TextureAccumulator } from './texture-features';
import {
  learnTextureDictionary,
  parseTextureDictionary,
  TEXTURE_WORD_FEATURES,
  textureWords,
} from './texture-words';

/** A lot of `columns` × `rows` texture cells (stride 1) whose colour at each cell is `colour(x, y)`. */
function lotTexture(
  columns: number,
  rows: number,
  colour: (x: number, y: number) => [number, number, number],
): TextureAccumulator {
  const texture = createTextureAccumulator(1, 0, columns - 1, 0, rows - 1);
  const sums = new Float32Array(columns * rows * 4);
  for (let y = 0; y < rows; y++)
    for (let x = 0; x < columns; x++) {
      const [r, g, b] = colour(x, y);
      sums.set([r, g, b, 1], (y * columns + x) * 4);
    }
  texture.sums = sums;
  return texture;
}

const random = createRng(5).next;
/** Roofs: flat blocks with straight edges and a dark shadow strip; trees: speckled green-brown. */
const roof = () => {
  const edge = 6 + Math.floor(random() * 8);
  return lotTexture(24, 50, (x, y) =>
    y % 20 === edge % 20 ? [40, 40, 45] : x < edge ? [190, 185, 180] : [120, 110, 100],
  );
};
const tree = () =>
  lotTexture(24, 50, () => {
    const v = random();
    return [70 + 60 * v, 80 + 50 * random(), 50 + 30 * v];
  });

describe('texture words', () => {
  const lots = Array.from({ length: 40 }, (_, i) => (i % 2 === 0 ? roof() : tree()));
  const dictionary = learnTextureDictionary(lots);

  it('learns the same dictionary from the same lots (seeded sampling and k-means)', () => {
    expect(dictionary).not.toBeNull();
    expect(learnTextureDictionary(lots)).toEqual(dictionary);
  });

  it("describes flat straight-edged lots and speckled lots apart: some word component's means differ by more than 3 sds", () => {
    if (!dictionary) throw new Error('no dictionary');
    const words = lots.map((texture) => textureWords(texture, dictionary));
    expect(words.every((w) => w !== null)).toBe(true);
    const separations = TEXTURE_WORD_FEATURES.map((name) => {
      const of = (parity: number) => words.filter((_, i) => i % 2 === parity).map((w) => w?.[name] ?? 0);
      const mean = (v: number[]) => v.reduce((a, b) => a + b, 0) / v.length;
      const sd = (v: number[]) => Math.sqrt(mean(v.map((x) => (x - mean(v)) ** 2)));
      const [a, b] = [of(0), of(1)];
      return Math.abs(mean(a) - mean(b)) / Math.max(1e-9, (sd(a) + sd(b)) / 2);
    });
    expect(Math.max(...separations)).toBeGreaterThan(3);
  });

  it('reads no words in a lot smaller than a patch, and learns no dictionary from too few patches', () => {
    if (!dictionary) throw new Error('no dictionary');
    expect(
      textureWords(
        lotTexture(4, 4, () => [100, 100, 100]),
        dictionary,
      ),
    ).toBeNull();
    expect(learnTextureDictionary([lotTexture(7, 7, () => [100, 100, 100])])).toBeNull();
  });

  it('reads back a stored dictionary and refuses a damaged one', () => {
    const stored: unknown = JSON.parse(JSON.stringify(dictionary));
    expect(parseTextureDictionary(stored)).toEqual(dictionary);
    expect(parseTextureDictionary({ ...(stored as object), words: [[1, 2]] })).toBeNull();
    expect(parseTextureDictionary({ ...(stored as object), version: 2 })).toBeNull();
    expect(parseTextureDictionary(null)).toBeNull();
  });
});
