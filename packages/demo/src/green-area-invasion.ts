import type { Feature, FeatureCollection, Polygon } from 'geojson';
import type { AllotmentLayout } from './allotment-layout';
import { distanceToRing, pointInRing } from './local-frame';
import { COLOURS, soil, surface, type MaterialContext, type Rgb } from './materials';
import { band } from './noise';
import { createRng, deriveSeed } from './prng';
import { utmToLonLat, type Utm } from './projection';
import type { RasterFrame } from './raster';
import { boxRing, roof, type OrientedBox } from './roofs';
import { drawable, type Drawable, type Shader } from './scene-engine';

/** An occupation of public green area (not a lot): its outline and the month (scene index) it began. */
export interface AreaInvasion {
  name: string;
  area: string;
  ring: Utm[];
  from: number;
}

/** Two occupations in the linear park, away from its edges: one early in the series, one later. */
export function greenAreaInvasions(layout: AllotmentLayout): AreaInvasion[] {
  const park = layout.areas.find((a) => a.type === 'AREA_VERDE' && a.name.includes('Parque'));
  const ring = park?.polygons
    .map((rings) => rings[0] ?? [])
    .reduce<Utm[] | undefined>((best, r) => (best && area(best) >= area(r) ? best : r), undefined);
  if (!park || !ring) return [];
  const rng = createRng(deriveSeed(layout.seed, 'green-area-invasions'));
  const xs = ring.map((p) => p[0]);
  const ys = ring.map((p) => p[1]);
  const [ax, ay] = [Math.cos(layout.gridAngle), Math.sin(layout.gridAngle)];
  const found: AreaInvasion[] = [];
  for (let attempt = 0; attempt < 400 && found.length < 2; attempt++) {
    const centre: Utm = [
      rng.range(Math.min(...xs), Math.max(...xs)),
      rng.range(Math.min(...ys), Math.max(...ys)),
    ];
    if (!pointInRing(centre, ring) || distanceToRing(centre, ring) < 24) continue;
    if (
      found.some((f) => Math.hypot((f.ring[0]?.[0] ?? 0) - centre[0], (f.ring[0]?.[1] ?? 0) - centre[1]) < 90)
    )
      continue;
    const box: OrientedBox = {
      cx: centre[0],
      cy: centre[1],
      ax,
      ay,
      halfLong: rng.range(16, 22),
      halfShort: 11,
    };
    found.push({
      name: `Ocupação irregular ${found.length + 1}`,
      area: park.name,
      ring: boxRing(box),
      from: found.length === 0 ? 5 : 12,
    });
  }
  return found;
}

/** Ground truth for the occupations: one polygon each, with the first date it is visible. */
export function areaInvasionTruth(
  invasions: readonly AreaInvasion[],
  dates: readonly string[],
): FeatureCollection<Polygon, { status: 'I'; name: string; area: string; fromDate: string }> {
  return {
    type: 'FeatureCollection',
    features: invasions.map(
      (inv): Feature<Polygon, { status: 'I'; name: string; area: string; fromDate: string }> => ({
        type: 'Feature',
        geometry: { type: 'Polygon', coordinates: [inv.ring.map((p) => utmToLonLat(p))] },
        properties: { status: 'I', name: inv.name, area: inv.area, fromDate: dates[inv.from] ?? '' },
      }),
    ),
  };
}

const SHACK_ROOFS: readonly Rgb[] = [
  COLOURS.zinc,
  COLOURS.rust,
  COLOURS.tarpBlue,
  [120, 96, 72],
  [140, 142, 140],
];

/**
 * The occupation at `month`: trampled ground with a ragged edge, shacks of zinc, tarp and scrap wood that
 * multiply over the months, and paths between them.
 */
export function areaInvasionDrawables(
  frame: RasterFrame,
  ctx: MaterialContext,
  invasion: AreaInvasion,
  month: number,
  seed: number,
): Drawable[] {
  if (month < invasion.from) return [];
  const age = month - invasion.from;
  const out: Drawable[] = [drawable(frame, [invasion.ring], trampled(ctx, invasion.ring))];
  const rng = createRng(deriveSeed(seed, invasion.name));
  const [a, b, , d] = invasion.ring as [Utm, Utm, Utm, Utm];
  const shacks = Math.min(14, 4 + age * 2);
  for (let i = 0; i < shacks; i++) {
    const s = rng.range(0.1, 0.9);
    const t = rng.range(0.12, 0.88);
    const cx = a[0] + (b[0] - a[0]) * s + (d[0] - a[0]) * t;
    const cy = a[1] + (b[1] - a[1]) * s + (d[1] - a[1]) * t;
    const angle = rng.range(-0.6, 0.6) + Math.atan2(b[1] - a[1], b[0] - a[0]);
    const box: OrientedBox = {
      cx,
      cy,
      ax: Math.cos(angle),
      ay: Math.sin(angle),
      halfLong: rng.range(1.6, 2.6),
      halfShort: rng.range(1.3, 2),
    };
    out.push(
      drawable(
        frame,
        [boxRing(box)],
        roof(ctx, box, 'flat', rng.pick(SHACK_ROOFS), 0.35, frame.pixelSize),
        2.3,
        ctx.sun,
      ),
    );
    if (rng.chance(0.5)) {
      const junk: OrientedBox = {
        ...box,
        cx: cx + box.ax * 3,
        cy: cy + box.ay * 3,
        halfLong: 0.7,
        halfShort: 0.5,
      };
      out.push(drawable(frame, [boxRing(junk)], surface(ctx, rng.pick(SHACK_ROOFS), 0.2, 0.1), 0.7, ctx.sun));
    }
  }
  return out;
}

function trampled(ctx: MaterialContext, ring: readonly Utm[]): Shader {
  const ground = soil(ctx, 0, 1.1, 0.45, 0.08);
  const { fine } = ctx.noise;
  return (x, y, out) => {
    ground(x, y, out);
    // Paths worn between the shacks: lighter, compacted lines.
    const path = Math.abs(band(fine, x * 0.7, y * 0.7, 12));
    if (path < 0.04) {
      out[0] = out[0]! * 1.15;
      out[1] = out[1]! * 1.12;
      out[2] = out[2]! * 1.1;
    }
    if (distanceToRing([x, y], ring) < 1.2 + 1.2 * band(fine, x, y, 5)) {
      out[1] = out[1]! * 1.12;
    }
  };
}

function area(ring: readonly Utm[]): number {
  let sum = 0;
  for (let i = 1; i < ring.length; i++) {
    const a = ring[i - 1] as Utm;
    const b = ring[i] as Utm;
    sum += a[0] * b[1] - b[0] * a[1];
  }
  return Math.abs(sum / 2);
}
