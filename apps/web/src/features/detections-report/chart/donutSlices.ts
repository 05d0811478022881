/** One ring segment of a donut chart: its SVG path and its share of the whole. */
export interface DonutSlice {
  path: string;
  share: number;
}

const TAU = 2 * Math.PI;

/** The point at `angle` (radians, clockwise from 12 o'clock) on a circle of `radius` centred on (0, 0). */
function pointAt(radius: number, angle: number): string {
  return `${coordinate(radius * Math.sin(angle))} ${coordinate(-radius * Math.cos(angle))}`;
}

/** Three decimals, and no '-0.000' for a value that rounds to zero. */
const coordinate = (value: number) => (Math.abs(value) < 0.0005 ? 0 : value).toFixed(3);

/** A ring segment from `start` to `end` (radians), outer then inner arc. */
function segment(outer: number, inner: number, start: number, end: number): string {
  const large = end - start > Math.PI ? 1 : 0;
  return [
    `M ${pointAt(outer, start)}`,
    `A ${outer} ${outer} 0 ${large} 1 ${pointAt(outer, end)}`,
    `L ${pointAt(inner, end)}`,
    `A ${inner} ${inner} 0 ${large} 0 ${pointAt(inner, start)}`,
    'Z',
  ].join(' ');
}

/**
 * Ring segments for `values`, in order and clockwise from 12 o'clock, on a donut centred on (0, 0). A value that is
 * the whole is drawn as two halves (one SVG arc cannot close a circle); zero and negative values get an empty path.
 */
export function donutSlices(values: readonly number[], outer: number, inner: number): DonutSlice[] {
  const total = values.reduce((sum, value) => sum + Math.max(0, value), 0);
  let start = 0;
  return values.map((value) => {
    const share = total > 0 ? Math.max(0, value) / total : 0;
    if (share === 0) return { path: '', share };
    const end = start + share * TAU;
    const path =
      share >= 1
        ? `${segment(outer, inner, 0, Math.PI)} ${segment(outer, inner, Math.PI, TAU)}`
        : segment(outer, inner, start, end);
    start = end;
    return { path, share };
  });
}
