// polylabel 2 ships no types: the pole of inaccessibility of a polygon (rings of [x, y]) and its distance to
// the nearest edge, found to within `precision` (same units as the coordinates).
declare module 'polylabel' {
  export default function polylabel(
    polygon: readonly (readonly (readonly number[])[])[],
    precision?: number,
  ): [number, number] & { distance: number };
}
