import type { LotPlan } from './allotment-layout';
import type { MaterialContext } from './materials';
import { band } from './noise';
import { hash2 } from './prng';
import type { Shader } from './scene-engine';

/** Lot-local coordinates of a world point: s along the street front, t from the street inwards. */
export function lotCoordinates(lot: LotPlan): (x: number, y: number) => [number, number] {
  const [ax, ay] = lot.along;
  const [ix, iy] = lot.inward;
  const ox = lot.centre[0] - (ax * lot.width) / 2 - (ix * lot.depth) / 2;
  const oy = lot.centre[1] - (ay * lot.width) / 2 - (iy * lot.depth) / 2;
  return (x, y) => {
    const dx = x - ox;
    const dy = y - oy;
    return [dx * ax + dy * ay, dx * ix + dy * iy];
  };
}

/**
 * Earthwork that doesn't stop exactly on the lot line: `inner` (scraped soil) over the part the machine
 * reached — `reach` of the depth from the street — and `outer` (the grass left standing) in a ragged margin
 * along the other sides.
 */
export function raggedEarthwork(
  ctx: MaterialContext,
  lot: LotPlan,
  inner: Shader,
  outer: Shader,
  reach: number,
): Shader {
  const local = lotCoordinates(lot);
  const { fine } = ctx.noise;
  const limit = lot.depth * reach;
  return (x, y, out) => {
    const [s, t] = local(x, y);
    const wobble = 0.7 * band(fine, x, y, 6) + 0.3 * (hash2(Math.floor(x * 2), Math.floor(y * 2), 41) - 0.5);
    const margin = Math.min(s, lot.width - s, limit - t, lot.depth - t);
    if (margin < 0.6 + wobble) outer(x, y, out);
    else inner(x, y, out);
  };
}

/**
 * Vacant-lot grass with what people do to it: mowed in stripes (`mowed`), a footpath cut diagonally across
 * (`path`), or left alone.
 */
export function vacantLotGrass(
  ctx: MaterialContext,
  lot: LotPlan,
  grass: Shader,
  mowed: boolean,
  path: boolean,
): Shader {
  if (!mowed && !path) return grass;
  const local = lotCoordinates(lot);
  const { fine } = ctx.noise;
  return (x, y, out) => {
    grass(x, y, out);
    const [s, t] = local(x, y);
    let k = 1;
    if (mowed) k *= Math.floor(s / 1.1) % 2 === 0 ? 1.08 : 0.97;
    if (path) {
      const line = t - (s / lot.width) * lot.depth + 1.5 * band(fine, x, y, 8);
      if (Math.abs(line) < 0.45) {
        out[0] = out[0]! + (146 - out[0]!) * 0.7;
        out[1] = out[1]! + (118 - out[1]!) * 0.7;
        out[2] = out[2]! + (92 - out[2]!) * 0.7;
      }
    }
    out[0] = out[0]! * k;
    out[1] = out[1]! * k;
    out[2] = out[2]! * k;
  };
}
