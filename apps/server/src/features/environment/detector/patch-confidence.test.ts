import { describe, expect, it } from 'vitest';
import { patchConfidence, type PatchEvidence } from './patch-confidence';

/** A patch of `cells` cells all changed by `z` σ, on the default thresholds (8 σ strong, 4 σ weak). */
const patch = (z: number, cells = 2500, minCells = 250): PatchEvidence => ({
  z: Array.from({ length: cells }, () => z),
  areaCells: cells,
  minCells,
  strong: 8,
  weak: 4,
});

describe('a proposal’s confidence', () => {
  it('reads below 100 % for a clear change (every cell 4× the strong threshold, ten minimum units large)', () => {
    const confidence = patchConfidence(patch(32));
    expect(confidence).toBeLessThan(1);
    expect(confidence).toBeGreaterThan(0.85);
  });

  it('tells a change twice the strong threshold from one eight times it (both read 100 % by the old score)', () => {
    expect(patchConfidence(patch(16))).toBeLessThan(patchConfidence(patch(64)) - 0.15);
  });

  it('is half as high when half the outlined cells were not read (clouds, a closed gap)', () => {
    const read = patch(24);
    const halfRead = { ...read, z: read.z.map((z, i) => (i % 2 === 0 ? z : 0)) };
    // The median of half 24 σ and half 0 σ cells is 24 σ (upper median): only the support halves.
    expect(patchConfidence(halfRead)).toBeCloseTo(patchConfidence(read) / 2, 1);
  });

  it('is lower for a patch of the minimum unit’s size than for the same change ten units large', () => {
    expect(patchConfidence(patch(24, 250))).toBeLessThan(patchConfidence(patch(24, 2500)) * 0.6);
  });

  it('stays within 0–1 for extreme, opposite and missing evidence', () => {
    expect(patchConfidence(patch(1e9, 1e6))).toBeLessThanOrEqual(1);
    expect(patchConfidence(patch(-50))).toBe(0);
    expect(patchConfidence({ ...patch(20), z: [] })).toBe(0);
    expect(patchConfidence({ ...patch(20), minCells: 0 })).toBeGreaterThan(0);
  });
});
