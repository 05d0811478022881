/** Seeded pseudo-random numbers and integer hashes: the generator never touches Math.random. */

export interface Rng {
  /** Uniform in [0, 1). */
  next(): number;
  /** Uniform in [min, max). */
  range(min: number, max: number): number;
  /** Integer in [min, max]. */
  int(min: number, max: number): number;
  /** True with probability p. */
  chance(p: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** Roughly normal (sum of three uniforms), mean 0, sd ≈ 1. */
  gauss(): number;
}

/** mulberry32: small, fast and good enough for procedural content. */
export function createRng(seed: number): Rng {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    range: (min, max) => min + (max - min) * next(),
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    chance: (p) => next() < p,
    pick: <T>(items: readonly T[]): T => {
      const item = items[Math.floor(next() * items.length)];
      if (item === undefined) throw new Error('pick from an empty list');
      return item;
    },
    gauss: () => (next() + next() + next() - 1.5) * 2,
  };
}

/** Derives an independent seed from a parent seed and a label, so sub-generators don't share streams. */
export function deriveSeed(seed: number, label: string | number): number {
  let h = hashInt(seed ^ 0x9e3779b9);
  const text = String(label);
  for (let i = 0; i < text.length; i++) h = hashInt(h ^ text.charCodeAt(i));
  return h;
}

/** 32-bit integer hash (lowbias32). */
export function hashInt(x: number): number {
  x = x >>> 0;
  x ^= x >>> 16;
  x = Math.imul(x, 0x7feb352d);
  x ^= x >>> 15;
  x = Math.imul(x, 0x846ca68b);
  x ^= x >>> 16;
  return x >>> 0;
}

/** Hash of an integer pair and a seed to [0, 1). */
export function hash2(x: number, y: number, seed: number): number {
  return hashInt(Math.imul(x, 0x27d4eb2d) ^ hashInt(Math.imul(y, 0x165667b1) ^ seed)) / 4294967296;
}
