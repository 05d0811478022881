import type { MaterialContext, Rgb } from './materials';
import { sampleNoise } from './noise';
import type { Utm } from './projection';
import type { Shader } from './scene-engine';

/** An oriented rectangle in UTM metres. */
export interface OrientedBox {
  cx: number;
  cy: number;
  /** Unit vector of the long (ridge) axis. */
  ax: number;
  ay: number;
  halfLong: number;
  halfShort: number;
}

export type RoofStyle = 'gable' | 'hip' | 'flat';

export function boxRing(box: OrientedBox): Utm[] {
  const { cx, cy, ax, ay, halfLong: l, halfShort: s } = box;
  const bx = -ay;
  const by = ax;
  const corner = (i: number, j: number): Utm => [cx + ax * l * i + bx * s * j, cy + ay * l * i + by * s * j];
  return [corner(-1, -1), corner(1, -1), corner(1, 1), corner(-1, 1), corner(-1, -1)];
}

/** Sloped roof lit per facet, with ridge, eaves, tile courses (when the pixels are small enough) and weathering. */
export function roof(
  ctx: MaterialContext,
  box: OrientedBox,
  style: RoofStyle,
  colour: Rgb,
  weathering: number,
  pixelSize: number,
): Shader {
  const { cx, cy, ax, ay, halfLong, halfShort } = box;
  const bx = -ay;
  const by = ax;
  const pitch = style === 'flat' ? 0.05 : 0.42;
  const sinP = Math.sin(pitch);
  const cosP = Math.cos(pitch);
  const cosZ = ctx.sun.cosZenith;
  const sinZ = Math.sqrt(1 - cosZ * cosZ);
  const lx = ctx.sun.towards[0] * sinZ;
  const ly = ctx.sun.towards[1] * sinZ;
  const flat = 0.45 + 0.6 * cosZ;
  const light = (nx: number, ny: number): number =>
    (0.45 + 0.6 * Math.max(0, nx * lx + ny * ly + cosP * cosZ)) / flat;
  const litPlusShort = light(bx * sinP, by * sinP);
  const litMinusShort = light(-bx * sinP, -by * sinP);
  const litPlusLong = light(ax * sinP, ay * sinP);
  const litMinusLong = light(-ax * sinP, -ay * sinP);
  const { fine, medium } = ctx.noise;
  const courses = pixelSize < 0.15;
  return (x, y, out) => {
    const dx = x - cx;
    const dy = y - cy;
    const u = dx * ax + dy * ay;
    const w = dx * bx + dy * by;
    const toEnd = halfLong - Math.abs(u);
    const toSide = halfShort - Math.abs(w);
    let b: number;
    let slopeDistance: number;
    if (style === 'hip' && toEnd < toSide) {
      b = u > 0 ? litPlusLong : litMinusLong;
      slopeDistance = toEnd;
    } else {
      b = w > 0 ? litPlusShort : litMinusShort;
      slopeDistance = toSide;
    }
    if (style === 'flat') b = 1;
    if (style !== 'flat' && Math.abs(w) < 0.12 && toEnd > 0.3) b *= 1.08;
    if (Math.min(toEnd, toSide) < 0.18) b *= 0.8;
    if (courses && style !== 'flat') b *= 1 - 0.12 * Math.max(0, Math.sin(slopeDistance * 15.7));
    const stain = weathering * Math.max(0, sampleNoise(medium, x * 0.7, y * 0.7));
    b *= (1 + 0.06 * sampleNoise(fine, x * 5, y * 5)) * (1 - 0.45 * stain);
    out[0] = colour[0] * b;
    out[1] = colour[1] * b;
    out[2] = colour[2] * b;
  };
}

/** Roof colours common on new houses in Paraná: ceramic tiles, fibre-cement, dark concrete tiles, metal. */
export const ROOF_COLOURS: readonly { colour: Rgb; weight: number }[] = [
  { colour: [178, 92, 62], weight: 30 },
  { colour: [160, 78, 56], weight: 18 },
  { colour: [196, 120, 84], weight: 10 },
  { colour: [150, 152, 150], weight: 16 },
  { colour: [70, 70, 74], weight: 10 },
  { colour: [110, 72, 60], weight: 8 },
  { colour: [205, 208, 208], weight: 8 },
];
