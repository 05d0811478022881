import { COLOURS, surface, type MaterialContext } from './materials';
import { hash2 } from './prng';
import type { Utm } from './projection';
import type { Shader } from './scene-engine';

/**
 * Slab formwork from above: 2.44 × 1.22 m plywood sheets, each a slightly different tone (new, reused,
 * stained with release oil or concrete), dark joints between them and a few sheets missing.
 */
export function formwork(ctx: MaterialContext, [ox, oy]: Utm, seed: number): Shader {
  const ply = surface(ctx, COLOURS.plywood, 0.12, 0.1);
  return (x, y, out) => {
    ply(x, y, out);
    const u = x - ox;
    const v = y - oy;
    const col = Math.floor(u / 2.44);
    const row = Math.floor(v / 1.22);
    const sheet = hash2(col, row, seed);
    const su = u - col * 2.44;
    const sv = v - row * 1.22;
    let k = 0.78 + 0.34 * sheet;
    if (su < 0.03 || sv < 0.03) k *= 0.55;
    if (sheet < 0.04) k *= 0.45; // missing sheet: the shoring below shows through
    const grey = sheet > 0.8 ? 0.35 : 0; // reused sheets carry cement
    out[0] = (out[0]! + (160 - out[0]!) * grey) * k;
    out[1] = (out[1]! + (156 - out[1]!) * grey) * k;
    out[2] = (out[2]! + (148 - out[2]!) * grey) * k;
  };
}
