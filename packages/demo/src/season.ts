import { createRng, deriveSeed } from './prng';
import type { Radiometry, Sun } from './scene-engine';

/** Calendar month 1–12 of an ISO date. */
export function calendarMonth(date: string): number {
  return Number(date.slice(5, 7));
}

const DRYNESS = [0, 0, 0.1, 0.25, 0.4, 0.55, 0.75, 1, 0.9, 0.5, 0.2, 0.05];

/** Northern Paraná: wet summer (Oct–Mar), dry winter peaking in August. */
export function dryness(date: string): number {
  return DRYNESS[calendarMonth(date) - 1] ?? 0;
}

/** Sun of a ~10:30 local-time satellite pass at 23.4° S: high and east in summer, low and north-east in winter. */
export function sunFor(date: string): Sun {
  const m = calendarMonth(date);
  const winter = Math.cos((2 * Math.PI * (m - 6)) / 12);
  const zenith = ((32 + 18 * winter) * Math.PI) / 180;
  const azimuth = ((72 - 30 * winter) * Math.PI) / 180;
  return {
    towards: [Math.sin(azimuth), Math.cos(azimuth)],
    shadowRatio: Math.tan(zenith),
    cosZenith: Math.cos(zenith),
  };
}

/** Per-scene gain, colour offset, haze and grain; `cloud` is set by the caller for the few cloudy dates. */
export function radiometryFor(seed: number, date: string, cloud: number): Radiometry {
  const rng = createRng(deriveSeed(seed, `radiometry@${date}`));
  return {
    gain: rng.range(0.93, 1.07),
    offset: [rng.range(-4, 4), rng.range(-4, 4), rng.range(-3, 5)],
    haze: rng.range(0.02, 0.12),
    cloud,
    noise: rng.range(2.5, 3.8),
    seed: deriveSeed(seed, `grain@${date}`),
  };
}
