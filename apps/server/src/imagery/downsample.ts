import { TILE_SIZE } from './tile-math';

/**
 * A parent tile from its four children (null = empty): each output pixel is the alpha-weighted mean of a
 * 2×2 block, so transparent pixels don't darken the edges. Returns null when all children are empty.
 */
export function downsampleChildren(
  children: readonly [Uint8Array | null, Uint8Array | null, Uint8Array | null, Uint8Array | null],
): Uint8Array | null {
  if (children.every((child) => child === null)) return null;
  const out = new Uint8Array(TILE_SIZE * TILE_SIZE * 4);
  const half = TILE_SIZE / 2;
  children.forEach((child, quadrant) => {
    if (!child) return;
    const offsetX = (quadrant % 2) * half;
    const offsetY = Math.floor(quadrant / 2) * half;
    for (let y = 0; y < half; y++) {
      for (let x = 0; x < half; x++) {
        let r = 0;
        let g = 0;
        let b = 0;
        let alpha = 0;
        for (let dy = 0; dy < 2; dy++) {
          for (let dx = 0; dx < 2; dx++) {
            const at = ((2 * y + dy) * TILE_SIZE + 2 * x + dx) * 4;
            const weight = child[at + 3]!;
            r += child[at]! * weight;
            g += child[at + 1]! * weight;
            b += child[at + 2]! * weight;
            alpha += weight;
          }
        }
        if (alpha === 0) continue;
        const target = ((offsetY + y) * TILE_SIZE + offsetX + x) * 4;
        out[target] = Math.round(r / alpha);
        out[target + 1] = Math.round(g / alpha);
        out[target + 2] = Math.round(b / alpha);
        out[target + 3] = Math.round(alpha / 4);
      }
    }
  });
  return out;
}
