import { TILE_SIZE } from './tile-math';

/**
 * A parent tile from its four children (null = empty): each output pixel is the alpha-weighted mean of a
 * 2×2 block, so transparent pixels don't darken the edges. Written into `out` (all zero on entry) and
 * returned; null when all children are empty.
 */
export function downsampleChildren(
  children: readonly [Uint8Array | null, Uint8Array | null, Uint8Array | null, Uint8Array | null],
  out?: Uint8Array,
): Uint8Array | null {
  if (children.every((child) => child === null)) return null;
  out ??= new Uint8Array(TILE_SIZE * TILE_SIZE * 4);
  const half = TILE_SIZE / 2;
  const stride = TILE_SIZE * 4;
  for (let quadrant = 0; quadrant < 4; quadrant++) {
    const child = children[quadrant as 0 | 1 | 2 | 3];
    if (!child) continue;
    const offsetX = (quadrant % 2) * half;
    const offsetY = Math.floor(quadrant / 2) * half;
    for (let y = 0; y < half; y++) {
      let a = 2 * y * stride;
      let target = ((offsetY + y) * TILE_SIZE + offsetX) * 4;
      for (let x = 0; x < half; x++, a += 8, target += 4) {
        const b = a + 4;
        const c = a + stride;
        const d = c + 4;
        const wa = child[a + 3]!;
        const wb = child[b + 3]!;
        const wc = child[c + 3]!;
        const wd = child[d + 3]!;
        if ((wa & wb & wc & wd) === 255) {
          out[target] = (child[a]! + child[b]! + child[c]! + child[d]! + 2) >> 2;
          out[target + 1] = (child[a + 1]! + child[b + 1]! + child[c + 1]! + child[d + 1]! + 2) >> 2;
          out[target + 2] = (child[a + 2]! + child[b + 2]! + child[c + 2]! + child[d + 2]! + 2) >> 2;
          out[target + 3] = 255;
          continue;
        }
        const alpha = wa + wb + wc + wd;
        if (alpha === 0) continue;
        out[target] = Math.round((child[a]! * wa + child[b]! * wb + child[c]! * wc + child[d]! * wd) / alpha);
        out[target + 1] = Math.round(
          (child[a + 1]! * wa + child[b + 1]! * wb + child[c + 1]! * wc + child[d + 1]! * wd) / alpha,
        );
        out[target + 2] = Math.round(
          (child[a + 2]! * wa + child[b + 2]! * wb + child[c + 2]! * wc + child[d + 2]! * wd) / alpha,
        );
        out[target + 3] = Math.round(alpha / 4);
      }
    }
  }
  return out;
}
