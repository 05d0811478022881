import type { Local } from './local-frame';
import { deriveSeed } from './prng';

/** A blob in the strip's local frame (u along the stream, v across), irregular but smooth. */
export interface Patch {
  name: string;
  u: number;
  v: number;
  ru: number;
  rv: number;
}

/** Riparian forest cleared between scenes `cleared − 1` and `cleared`, recovering from `recovers` on. */
export interface Clearing extends Patch {
  cleared: number;
  recovers: number;
}

/** Pasture replanted with native seedlings at scene `planted`, in rows `rowAngle` (radians, local frame). */
export interface Planting extends Patch {
  planted: number;
  rowAngle: number;
}

export const CLEARINGS: readonly Clearing[] = [
  { name: 'Supressão 1', u: -220, v: 14, ru: 46, rv: 24, cleared: 2, recovers: 4 },
  { name: 'Supressão 2', u: 190, v: -22, ru: 36, rv: 22, cleared: 4, recovers: 99 },
];

export const PLANTINGS: readonly Planting[] = [
  { name: 'Recomposição 1', u: 20, v: 88, ru: 70, rv: 30, planted: 1, rowAngle: 0.12 },
  { name: 'Recomposição 2', u: 330, v: 80, ru: 50, rv: 26, planted: 2, rowAngle: -0.2 },
];

/** Outline radius (× the ellipse) at polar angle `a`: a few low harmonics with phases fixed by the name. */
export function patchRadius(p: Patch, a: number): number {
  const h = deriveSeed(0x5eed, p.name);
  const p1 = ((h & 0xff) / 255) * 6.283;
  const p2 = (((h >>> 8) & 0xff) / 255) * 6.283;
  const p3 = (((h >>> 16) & 0xff) / 255) * 6.283;
  return 1 + 0.16 * Math.sin(2 * a + p1) + 0.09 * Math.sin(3 * a + p2) + 0.05 * Math.sin(7 * a + p3);
}

/** < 1 inside the patch outline, 1 on it, > 1 outside (normalised radial distance). */
export function patchDistance(p: Patch, u: number, v: number): number {
  const du = (u - p.u) / p.ru;
  const dv = (v - p.v) / p.rv;
  const r = Math.sqrt(du * du + dv * dv);
  // Far from the patch the outline's wobble (at most ±30 %) can't matter; skip the trigonometry.
  if (r > 1.4) return r;
  return r / patchRadius(p, Math.atan2(dv, du));
}

/** The outline as a closed ring in the local frame (same shape the renderer fills). */
export function patchRing(p: Patch, points = 72): Local[] {
  return Array.from({ length: points + 1 }, (_, k): Local => {
    const a = ((k % points) / points) * Math.PI * 2;
    const r = patchRadius(p, a);
    return [p.u + p.ru * r * Math.cos(a), p.v + p.rv * r * Math.sin(a)];
  });
}
