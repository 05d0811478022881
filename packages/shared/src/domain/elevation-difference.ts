/**
 * The colours of the elevation-difference map, shared by the server that paints the layer and the web legend
 * that explains it: blue where the ground was lowered (cut), red where it was raised (fill), nothing where the
 * change stays within the tolerance. The shade deepens linearly from the tolerance to the scale's end.
 */
export type Rgb = readonly [number, number, number];

/** Lightest and darkest blue (cut) and red (fill) — ColorBrewer's Blues and Reds. */
export const CUT_RAMP: readonly [Rgb, Rgb] = [
  [158, 202, 225],
  [8, 48, 107],
];
export const FILL_RAMP: readonly [Rgb, Rgb] = [
  [252, 174, 145],
  [165, 15, 21],
];
/** Opacity of the painted cells (0–255): the imagery beneath still reads through. */
export const DIFFERENCE_ALPHA = 220;

const mix = (from: Rgb, to: Rgb, t: number): Rgb =>
  [0, 1, 2].map((i) => Math.round(from[i]! + (to[i]! - from[i]!) * t)) as unknown as Rgb;

/** The colour of a change of `dz` metres; null (transparent) within the tolerance or without a value. */
export function differenceColour(dz: number, tolerance: number, scale: number): Rgb | null {
  if (!Number.isFinite(dz) || Math.abs(dz) <= tolerance) return null;
  const span = scale - tolerance;
  const t = span > 0 ? Math.min(1, (Math.abs(dz) - tolerance) / span) : 1;
  const [light, dark] = dz < 0 ? CUT_RAMP : FILL_RAMP;
  return mix(light, dark, t);
}

/** 1, 2, 2.5 or 5 × a power of ten, the smallest not below `value`. */
export function niceCeiling(value: number): number {
  if (!(value > 0)) return 0;
  const power = 10 ** Math.floor(Math.log10(value));
  const step = [1, 2, 2.5, 5, 10].find((factor) => factor * power >= value * (1 - 1e-9)) ?? 10;
  return step * power;
}

/**
 * The ramp's end (m) for changes whose typical large size is `typical` (a high percentile, so a lone spike
 * does not wash out every other colour): a round number, at least twice the tolerance and never zero.
 */
export function differenceScale(typical: number, tolerance: number): number {
  return niceCeiling(Math.max(typical, tolerance * 2, 0.1));
}

/** The legend's labels, deepest cut to deepest fill: the scale's ends and halves, "±tolerance" between. */
export function legendLabels(tolerance: number, scale: number): string[] {
  return [
    signedMetres(-scale),
    signedMetres(-scale / 2),
    `±${compactMetres.format(tolerance)} m`,
    signedMetres(scale / 2),
    signedMetres(scale),
  ];
}

const compactMetres = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 2 });

/** "−1,25 m", "+10 m": a signed change in metres as the legend writes it. */
export const signedMetres = (value: number) =>
  `${value > 0 ? '+' : value < 0 ? '−' : ''}${compactMetres.format(Math.abs(value))} m`;

const cssRgb = ([r, g, b]: Rgb) => `rgb(${r}, ${g}, ${b})`;

/** The legend bar as a CSS gradient: dark to light blue, a clear gap for "unchanged", light to dark red. */
export function legendGradient(tolerance: number, scale: number): string {
  const gap = scale > 0 ? Math.max(2, Math.min(30, (tolerance / scale) * 50)) : 10;
  const left = 50 - gap / 2;
  const right = 50 + gap / 2;
  return (
    `linear-gradient(to right, ${cssRgb(CUT_RAMP[1])} 0%, ${cssRgb(CUT_RAMP[0])} ${left}%, ` +
    `transparent ${left}%, transparent ${right}%, ${cssRgb(FILL_RAMP[0])} ${right}%, ${cssRgb(FILL_RAMP[1])} 100%)`
  );
}
