import { describe, expect, it } from 'vitest';
import { realCellKey } from './real-sets';

describe('real cell key', () => {
  it('tells apart cells at the same position of two images of one set (Rio has 5 tiles)', () => {
    const cell = { set: 'spacenet-rio-westzone', grid: 0, cellId: '0_0' };
    expect(realCellKey({ ...cell, group: 'img1' })).not.toBe(realCellKey({ ...cell, group: 'img2' }));
  });

  it('tells apart the same cell id on two grids of one image', () => {
    const cell = { set: 'spacenet-rio-westzone', group: 'img1', cellId: '12_40' };
    expect(realCellKey({ ...cell, grid: 0 })).not.toBe(realCellKey({ ...cell, grid: 1 }));
  });
});
