import { difference, featureCollection, intersect, polygon } from '@turf/turf';
import type { Feature, MultiPolygon, Polygon } from 'geojson';
import { createRng, deriveSeed } from './prng';
import { lonLatToUtm, type Utm } from './projection';
import {
  convexHull,
  createLocalFrame,
  distanceToRing,
  localRect,
  localToUtm,
  pointInRing,
  utmToLocal,
  type Local,
} from './local-frame';
import { DEMO_SITES } from './sites';

/** Polygons → rings → points (closed rings), in UTM metres. */
export type UtmPolygons = Utm[][][];

export type AreaType = 'PPA' | 'AREA_VERDE' | 'RETENTION_BASIN' | 'CLUBE' | 'EPC';
export type NetworkType = 'WATER_SYSTEM' | 'SEWERAGE' | 'ELECTRICAL_SYSTEM' | 'DRAINAGE_SYSTEM';

export interface LotPlan {
  lotKey: string;
  number: number;
  block: string;
  stage: string;
  customerCode: string;
  /** Closed ring of 5 points. */
  ring: Utm[];
  centre: Utm;
  /** Unit vector along the street front. */
  along: Utm;
  /** Unit vector from the street into the lot. */
  inward: Utm;
  width: number;
  depth: number;
}

export interface BlockPlan {
  code: string;
  stage: string;
  ring: Utm[];
  /** The block grown by the sidewalk width, for the CALCADA ring and rendering. */
  sidewalkRing: Utm[];
}

export interface AreaPlan {
  type: AreaType;
  name: string;
  polygons: UtmPolygons;
}

export interface NetworkPlan {
  type: NetworkType;
  name: string;
  line: Utm[];
}

export interface AllotmentLayout {
  seed: number;
  space: string;
  /** Customer-code prefix, e.g. JDP. */
  prefix: string;
  outline: Utm[];
  gridAngle: number;
  stages: { name: string; ring: Utm[] }[];
  blocks: BlockPlan[];
  lots: LotPlan[];
  /** Paved streets (render only; not a layer type). */
  streets: UtmPolygons;
  /** A rural road outside the outline that the streets connect to (render only). */
  accessRoad: Utm[];
  areas: AreaPlan[];
  stream: Utm[];
  networks: NetworkPlan[];
}

const STREET = 14;
const SIDEWALK = 3;
const BLOCK_LENGTH = 156;
/** West edges of the three block columns (east → west: stages 1, 2, 3). */
const COLUMN_WEST = [284, 114, -56];
const GRID_WEST = -70;
const GRID_EAST = 454;
const TOP = 290;
const AVENUE_TOP = -262;
const CLUB_SPLIT_V = 20;
const EPC_SPLIT_U = -300;

export function generateAllotmentLayout(seed = 2025): AllotmentLayout {
  const rng = createRng(deriveSeed(seed, 'allotment-layout'));
  const site = DEMO_SITES.allotment;
  const outlineUtm = (site.outline.coordinates[0] ?? []).map((p) => lonLatToUtm([p[0] ?? 0, p[1] ?? 0]));
  const centroid = outlineUtm
    .slice(0, -1)
    .reduce<Utm>((s, p, _i, all) => [s[0] + p[0] / all.length, s[1] + p[1] / all.length], [0, 0]);
  const south0 = outlineUtm[0] as Utm;
  const south1 = outlineUtm[1] as Utm;
  const angle = Math.atan2(south1[1] - south0[1], south1[0] - south0[0]);
  const frame = createLocalFrame(centroid, angle);
  const outline = outlineUtm.map((p) => utmToLocal(frame, p));
  const toUtm = (ring: readonly Local[]): Utm[] => ring.map((p) => localToUtm(frame, p));

  const rowDepths: number[] = [];
  const rowTops: number[] = [];
  for (let top = TOP; ;) {
    const depth = rng.pick([25, 26, 27, 28]);
    if (top - 2 * depth < AVENUE_TOP) break;
    rowTops.push(top);
    rowDepths.push(depth);
    top -= 2 * depth + STREET;
  }

  const blocks: BlockPlan[] = [];
  const lots: LotPlan[] = [];
  COLUMN_WEST.forEach((west, column) => {
    const stage = `Etapa ${column + 1}`;
    rowTops.forEach((top, row) => {
      const depth = rowDepths[row] as number;
      const perSide = rng.chance(0.5) ? 12 : 13;
      const width = BLOCK_LENGTH / perSide;
      const code = `Q${String(blocks.length + 1).padStart(2, '0')}`;
      const blockLots: Omit<LotPlan, 'number' | 'lotKey' | 'customerCode'>[] = [];
      const addLot = (u0: number, v0: number, inwardV: number): void => {
        const ring = localRect(u0, v0, u0 + width, v0 + depth);
        const inside = ring.every((p) => pointInRing(p, outline) && distanceToRing(p, outline) >= 2);
        if (!inside) return;
        const centre = localToUtm(frame, [u0 + width / 2, v0 + depth / 2]);
        blockLots.push({
          block: code,
          stage,
          ring: toUtm(ring),
          centre,
          along: [frame.cos, frame.sin],
          inward: [-frame.sin * inwardV, frame.cos * inwardV],
          width,
          depth,
        });
      };
      for (let i = 0; i < perSide; i++) addLot(west + i * width, top - depth, -1);
      for (let i = perSide - 1; i >= 0; i--) addLot(west + i * width, top - 2 * depth, 1);
      if (blockLots.length < 6) return;
      const corners = blockLots.flatMap((lot) => lot.ring.slice(0, 4).map((p) => utmToLocal(frame, p)));
      const hull = convexHull(corners);
      const hullCentre = hull
        .slice(0, -1)
        .reduce<Local>((s, p, _i, all) => [s[0] + p[0] / all.length, s[1] + p[1] / all.length], [0, 0]);
      blocks.push({
        code,
        stage,
        ring: toUtm(hull),
        sidewalkRing: toUtm(growRect(hull, hullCentre, SIDEWALK)),
      });
      blockLots.forEach((lot, index) => {
        const number = index + 1;
        lots.push({
          ...lot,
          number,
          lotKey: `JDP-${code}-L${String(number).padStart(2, '0')}`,
          customerCode: `JDP-${code}-L${String(number).padStart(2, '0')}`,
        });
      });
    });
  });

  const stages = [1, 2, 3].map((n) => {
    const name = `Etapa ${n}`;
    const points = blocks
      .filter((b) => b.stage === name)
      .flatMap((b) => b.sidewalkRing.map((p) => utmToLocal(frame, p)));
    return { name, ring: toUtm(convexHull(points)) };
  });

  const streetRects: Local[][] = [];
  rowTops.forEach((top, row) => {
    const bottom = top - 2 * (rowDepths[row] as number);
    streetRects.push(localRect(GRID_WEST, bottom - STREET, GRID_EAST, bottom));
  });
  // The last row's street is the avenue along the linear park.
  const avenueBottom = (streetRects[streetRects.length - 1]?.[0] as Local)[1];
  for (const west of [...COLUMN_WEST, GRID_EAST]) {
    const u0 = west === GRID_EAST ? GRID_EAST - STREET : west - STREET;
    streetRects.push(localRect(u0, avenueBottom, u0 + STREET, TOP + 60));
  }
  const roadClip = growRect(outline, [0, 0], 18);
  const streets = streetRects.flatMap((rect) => clip(rect, roadClip)).map((poly) => poly.map(toUtm));

  const streamLocal: Local[] = [];
  const streamPhase = rng.range(0, Math.PI * 2);
  for (let u = -520; u <= 540; u += 10) streamLocal.push([u, streamV(u, streamPhase)]);
  const appBand: Local[] = [
    ...streamLocal.map(([u, v]): Local => [u, v + 30]),
    ...[...streamLocal].reverse().map(([u, v]): Local => [u, v - 30]),
  ];
  appBand.push(appBand[0] as Local);
  const basin: Local[] = [];
  for (let k = 0; k <= 24; k++) {
    const a = (k / 24) * Math.PI * 2;
    basin.push([365 + 34 * Math.cos(a), -303 + 18 * Math.sin(a)]);
  }
  basin[24] = basin[0] as Local;
  const minus = (a: Local[][][], b: Local[]): Local[][][] => a.flatMap((poly) => subtract(poly, b));
  const app = clip(appBand, outline);
  const park = minus(minus(clip(localRect(GRID_WEST, -600, 700, avenueBottom), outline), appBand), basin);
  const forest = minus(clip(localRect(-700, -600, GRID_WEST - STREET, CLUB_SPLIT_V), outline), appBand);
  const club = clip(localRect(EPC_SPLIT_U, CLUB_SPLIT_V, GRID_WEST - STREET, 600), outline);
  const institutional = clip(localRect(-700, CLUB_SPLIT_V, EPC_SPLIT_U, 600), outline);
  const areas: AreaPlan[] = [
    { type: 'PPA', name: 'APP Córrego das Palmeiras', polygons: app.map((p) => p.map(toUtm)) },
    { type: 'AREA_VERDE', name: 'Área Verde 1 — Mata', polygons: forest.map((p) => p.map(toUtm)) },
    { type: 'AREA_VERDE', name: 'Área Verde 2 — Parque Linear', polygons: park.map((p) => p.map(toUtm)) },
    { type: 'RETENTION_BASIN', name: 'Bacia de Retenção', polygons: [[toUtm(basin)]] },
    { type: 'CLUBE', name: 'Clube', polygons: club.map((p) => p.map(toUtm)) },
    { type: 'EPC', name: 'Área Institucional', polygons: institutional.map((p) => p.map(toUtm)) },
  ];

  const streamInside = clipLine(streamLocal, outline);
  const networks = buildNetworks(streetRects, outline, toUtm, avenueBottom);

  const northRoad: Local[] = [];
  const top = outline.slice(2, 5);
  for (const p of top) northRoad.push([p[0], p[1] + 14]);
  northRoad.unshift([(top[0] as Local)[0] + 60, (top[0] as Local)[1] + 14]);
  northRoad.push([(top[2] as Local)[0] - 60, (top[2] as Local)[1] + 10]);

  return {
    seed,
    space: site.space,
    prefix: 'JDP',
    outline: outlineUtm,
    gridAngle: angle,
    stages,
    blocks,
    lots,
    streets,
    accessRoad: toUtm(northRoad),
    areas,
    stream: toUtm(streamInside),
    networks,
  };
}

function streamV(u: number, phase: number): number {
  return -372 + 8 * Math.sin(u / 85 + phase) + 5 * Math.sin(u / 31 + 1.3 * phase);
}

/** Grows a convex ring away from a centre point by `amount` metres along each axis (for near-rectangles). */
function growRect(ring: readonly Local[], centre: Local, amount: number): Local[] {
  return ring.map(([u, v]) => [u + Math.sign(u - centre[0]) * amount, v + Math.sign(v - centre[1]) * amount]);
}

function toTurf(ring: readonly Local[]): Feature<Polygon> {
  return polygon([ring.map((p) => [p[0], p[1]])]);
}

function fromTurf(feature: Feature<Polygon | MultiPolygon> | null): Local[][][] {
  if (!feature) return [];
  const geometry = feature.geometry;
  const polys = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
  return polys
    .map((rings) => rings.map((ring) => ring.map((p): Local => [p[0] ?? 0, p[1] ?? 0])))
    .filter((rings) => ringArea(rings[0] ?? []) > 300);
}

/** Planar clipping (turf's polygon clipping works on any planar coordinates, here local metres). */
function clip(ring: readonly Local[], by: readonly Local[]): Local[][][] {
  return fromTurf(intersect(featureCollection([toTurf(ring), toTurf(by)])));
}

function subtract(poly: Local[][], hole: readonly Local[]): Local[][][] {
  const base = polygon(poly.map((ring) => ring.map((p) => [p[0], p[1]])));
  return fromTurf(difference(featureCollection([base, toTurf(hole)])));
}

/** The part of a polyline inside a convex ring, by sampling each segment every metre. */
function clipLine(line: readonly Local[], ring: readonly Local[], inset = 1): Local[] {
  const out: Local[] = [];
  for (let i = 1; i < line.length; i++) {
    const a = line[i - 1] as Local;
    const b = line[i] as Local;
    const steps = Math.max(1, Math.ceil(Math.hypot(b[0] - a[0], b[1] - a[1])));
    for (let s = i === 1 ? 0 : 1; s <= steps; s++) {
      const p: Local = [a[0] + ((b[0] - a[0]) * s) / steps, a[1] + ((b[1] - a[1]) * s) / steps];
      const inside = pointInRing(p, ring) && distanceToRing(p, ring) >= inset;
      if (inside && (s === steps || s === 0 || out.length === 0 || i === line.length - 1)) out.push(p);
      else if (inside && out.length > 0 && (s === steps || s % 10 === 0)) out.push(p);
    }
  }
  return out;
}

function buildNetworks(
  streetRects: Local[][],
  outline: Local[],
  toUtm: (ring: readonly Local[]) => Utm[],
  avenueBottom: number,
): NetworkPlan[] {
  const networks: NetworkPlan[] = [];
  const offsets: [NetworkType, string, number][] = [
    ['WATER_SYSTEM', 'Rede de água', 3],
    ['SEWERAGE', 'Rede de esgoto', 0],
    ['ELECTRICAL_SYSTEM', 'Rede elétrica', 5.5],
    ['DRAINAGE_SYSTEM', 'Drenagem pluvial', -3.5],
  ];
  streetRects.forEach((rect, index) => {
    const [u0, v0] = rect[0] as Local;
    const [u1, v1] = rect[2] as Local;
    const horizontal = u1 - u0 > v1 - v0;
    for (const [type, label, offset] of offsets) {
      const line: Local[] = horizontal
        ? [
            [u0, (v0 + v1) / 2 + offset],
            [u1, (v0 + v1) / 2 + offset],
          ]
        : [
            [(u0 + u1) / 2 + offset, v0],
            [(u0 + u1) / 2 + offset, v1],
          ];
      const inside = clipLine(line, outline, 4);
      if (inside.length >= 2)
        networks.push({ type, name: `${label} — Rua ${index + 1}`, line: toUtm(inside) });
    }
  });
  const outfall = clipLine(
    [
      [365, avenueBottom + STREET / 2 - 3.5],
      [365, -290],
    ],
    outline,
  );
  if (outfall.length >= 2)
    networks.push({
      type: 'DRAINAGE_SYSTEM',
      name: 'Drenagem pluvial — Lançamento na bacia',
      line: toUtm(outfall),
    });
  return networks;
}

function ringArea(ring: readonly Local[]): number {
  let sum = 0;
  for (let i = 1; i < ring.length; i++) {
    const a = ring[i - 1] as Local;
    const b = ring[i] as Local;
    sum += a[0] * b[1] - b[0] * a[1];
  }
  return Math.abs(sum) / 2;
}
