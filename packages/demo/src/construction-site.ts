import type { Feature, Geometry } from 'geojson';
import type { DemoLayerCollection, DemoLayerProperties } from './allotment-layers';
import type { DemoSiteGenerator } from './demo-sites';
import {
  asphalt,
  COLOURS,
  grass,
  pile,
  soil,
  surface,
  treeCrown,
  type MaterialContext,
  type Rgb,
} from './materials';
import { band } from './noise';
import { hash2 } from './prng';
import { lonLatToUtm, utmToLonLat, type Utm } from './projection';
import { frameAround, type RasterFrame } from './raster';
import { boxRing, roof, type OrientedBox } from './roofs';
import { drawable, noiseSet, type Drawable, type Shader } from './scene-engine';
import { constructionStageGlb, type ConstructionStage } from './construction-model';
import { formwork } from './formwork';
import { sceneRaster } from './scene-raster';
import { siteVehicles, workers, type WorkArea } from './site-actors';
import { siteGround } from './site-ground';
import { dryness, radiometryFor, sunFor } from './season';
import { DEMO_SITES } from './sites';

const DATES = ['2025-08-01', '2025-10-01', '2025-12-01', '2026-02-01', '2026-04-01', '2026-06-01'];
/** Floors of structure standing at each scene (0 = below ground work). */
const FLOORS = [0, 0, 0, 1, 4, 8];
const FLOOR_HEIGHT = 3;
/** Ground wetness at each scene (dry winter, wet summer), for moisture patches and puddles. */
const WETNESS = [0.1, 0.5, 0.9, 0.8, 0.4, 0.2];
/** Scenes taken on a concrete-pour day (the mixer truck is on site). */
const POURS = [2, 3, 5];
/** Building footprint inside the 60 × 80 m lot, metres from its south-west corner. */
const BUILDING = { x0: 14, y0: 16, x1: 46, y1: 58 };

/** What stands on site at scene `i`, as the scene's image draws it (structure, crane): its 3D model's plan. */
export function constructionStage(i: number): ConstructionStage {
  return {
    floors: FLOORS[i] ?? 0,
    floorHeight: FLOOR_HEIGHT,
    building: BUILDING,
    columnsShare: i === 5 ? 0.55 : 1,
    crane: i >= 2 ? { height: craneHeight(i), angle: craneAngle(i) } : null,
  };
}

const craneHeight = (i: number) => 30 + i * 3;
const craneAngle = (i: number) => 0.35 + i * 0.5;

export function constructionSite(seed: number): DemoSiteGenerator {
  const site = DEMO_SITES.construction;
  const ring = (site.outline.coordinates[0] ?? []).map((p) => lonLatToUtm([Number(p[0]), Number(p[1])]));
  const xs = ring.map((p) => p[0]);
  const ys = ring.map((p) => p[1]);
  const x0 = Math.min(...xs);
  const y0 = Math.min(...ys);
  const x1 = Math.max(...xs);
  const y1 = Math.max(...ys);
  const at = (dx: number, dy: number): Utm => [x0 + dx, y0 + dy];
  const rect = (a: number, b: number, c: number, d: number): Utm[] => [
    at(a, b),
    at(c, b),
    at(c, d),
    at(a, d),
    at(a, b),
  ];
  const layers = (): DemoLayerCollection => {
    const feature = (
      geometry: Geometry,
      properties: DemoLayerProperties,
    ): Feature<Geometry, DemoLayerProperties> => ({ type: 'Feature', geometry, properties });
    const poly = (r: Utm[]): Geometry => ({ type: 'Polygon', coordinates: [r.map((p) => utmToLonLat(p))] });
    return {
      type: 'FeatureCollection',
      features: [
        feature(site.outline, { type: 'LIMIT', name: 'Edifício Aurora — terreno' }),
        feature(poly(rect(BUILDING.x0, BUILDING.y0, BUILDING.x1, BUILDING.y1)), {
          type: 'OTHER',
          name: 'Projeção da torre',
        }),
      ],
    };
  };
  return {
    key: 'construction',
    space: site.space,
    kind: 'drone',
    basePixelSize: 0.05,
    dates: DATES,
    // A model for every scene with structure standing, each as that scene shows it (not the finished tower).
    modelDates: DATES.flatMap((_, i) => ((FLOORS[i] ?? 0) > 0 ? [i] : [])),
    model: (i) => constructionStageGlb(constructionStage(i)),
    layers,
    groundTruth: () => DATES.map((date, i) => ({ date, floors: FLOORS[i], phase: phaseName(i) })),
    render(dateIndex, pixelSize) {
      const date = DATES[dateIndex] as string;
      const frame = frameAround(x0, y0, x1, y1, pixelSize, 12);
      const ctx: MaterialContext = {
        noise: noiseSet(seed),
        dryness: dryness(date),
        sun: sunFor(date),
        seed,
        grainScale: 1 / pixelSize,
      };
      const drawables = siteDrawables(frame, ctx, dateIndex, { at, rect, width: x1 - x0, height: y1 - y0 });
      const radiometry = { ...radiometryFor(seed ^ 0xc0, date, 0), haze: 0.01, noise: 2 };
      return sceneRaster(
        { frame, background: grass(ctx, 0.2, 0.3), drawables, radiometry, cloudScale: 1 },
        seed,
      );
    },
  };
}

function phaseName(i: number): string {
  return (
    [
      'Escavação',
      'Contenção e estacas',
      'Fundações',
      'Térreo e pilares',
      'Estrutura — 4º pavimento',
      'Estrutura — 8º pavimento',
    ][i] ?? ''
  );
}

type AddShape = (
  r: Utm[],
  s: Shader,
  height?: number,
  base?: number,
  shadowLength?: number,
  floating?: boolean,
) => void;

interface LotGeometry {
  at(dx: number, dy: number): Utm;
  rect(a: number, b: number, c: number, d: number): Utm[];
  width: number;
  height: number;
}

function siteDrawables(frame: RasterFrame, ctx: MaterialContext, i: number, lot: LotGeometry): Drawable[] {
  const out: Drawable[] = [];
  const add: AddShape = (r, shade, height = 0, base = 0, shadowLength = height, floating = false) => {
    out.push(drawable(frame, [r], shade, height, ctx.sun, base, shadowLength, floating));
  };
  const { rect, width: W, height: H } = lot;
  // Streets north and east with sidewalks, kerbs and a dashed centre line.
  const pavers = paving(ctx);
  add(rect(-20, H, W + 20, H + 3.5), pavers);
  add(rect(W, -20, W + 3.5, H + 20), pavers);
  add(rect(-20, H + 3.5, W + 20, H + 16), roadWithLine(ctx, lot.at(0, H + 9.75), 'x'));
  add(rect(W + 3.5, -20, W + 16, H + 20), roadWithLine(ctx, lot.at(W + 9.75, 0), 'y'));
  // Neighbours: houses west and south, a low commercial roof south-east.
  const neighbour = (a: number, b: number, c: number, d: number, colour: Rgb, height: number): void => {
    const box = boxOf(lot, a, b, c, d);
    add(boxRing(box), roof(ctx, box, 'hip', colour, 0.25, frame.pixelSize), height);
  };
  neighbour(-11, 6, -2, 20, [172, 90, 62], 4.5);
  neighbour(-11, 30, -3, 44, [150, 150, 148], 4.5);
  neighbour(-12, 56, -2, 72, [168, 86, 60], 6);
  neighbour(4, -11, 22, -2, [120, 78, 62], 4);
  neighbour(30, -12, 56, -2, [190, 192, 190], 7);
  out.push(
    drawable(frame, [circle(lot.at(-4, 50), 3.5)], treeCrown(ctx, ...lot.at(-4, 50), 3.5, 0.4), 7, ctx.sun),
  );
  out.push(
    drawable(
      frame,
      [circle(lot.at(W + 1.8, 30), 2.6)],
      treeCrown(ctx, ...lot.at(W + 1.8, 30), 2.6, 0.7),
      6,
      ctx.sun,
    ),
  );
  // The site: compacted terra roxa with a gravel truck route from the gate, site office containers.
  const ground = siteGround(ctx, {
    origin: lot.at(0, 0),
    gate: [W - 6, H + 1],
    target: [W - 7, 6],
    wetness: WETNESS[i] ?? 0.3,
    seed: ctx.seed ^ i,
  });
  add(rect(0, 0, W, H), ground);
  const office = surface(ctx, [226, 228, 226], 0.04, 0.05);
  add(rect(2, H - 8, 8.1, H - 5.6), office, 2.6);
  add(rect(2, H - 5.2, 8.1, H - 2.8), office, 2.6);
  add(rect(2, H - 11.5, 4.4, H - 8.5), surface(ctx, [60, 110, 170], 0.04, 0.04), 2.4);
  const { x0, y0, x1, y1 } = BUILDING;
  if (i <= 2) excavation(add, ctx, lot, i);
  const floors = FLOORS[i] ?? 0;
  if (floors > 0) structure(add, ctx, lot, floors, i);
  // Material yard: sand, gravel, rebar bundles, pallets of blocks.
  out.push(
    drawable(frame, [circle(lot.at(6, 6), 2.6)], pile(ctx, ...lot.at(6, 6), 2.6, COLOURS.sand), 1.2, ctx.sun),
  );
  if (i >= 2)
    for (let k = 0; k < 6; k++)
      add(rect(50, 4 + k * 1.4, 58, 4.6 + k * 1.4), surface(ctx, [92, 70, 60], 0.3, 0.05), 0.3);
  if (i >= 3)
    for (let k = 0; k < 8; k++)
      add(
        rect(
          3 + (k % 4) * 1.4,
          18 + Math.floor(k / 4) * 1.4,
          4.2 + (k % 4) * 1.4,
          19.2 + Math.floor(k / 4) * 1.4,
        ),
        surface(ctx, COLOURS.brick, 0.2, 0.08),
        1.2,
      );
  // Hoarding (tapume) around the lot.
  const fence = surface(ctx, [196, 198, 196], 0.05, 0.06);
  add(rect(0, H - 0.1, W - 8, H), fence, 2.2);
  add(rect(W - 0.1, 0, W, H - 8), fence, 2.2);
  add(rect(0, 0, W, 0.1), fence, 2.2);
  add(rect(0, 0, 0.1, H), fence, 2.2);
  if (i >= 2) crane(add, ctx, lot, i, x0, y0, x1, y1);
  out.push(...workers(frame, ctx, workAreas(lot, i), ctx.seed ^ (i * 7919)));
  out.push(...siteVehicles(frame, ctx, lot.at(W - 7, H - 9 - i), Math.PI / 2 + 0.05, POURS.includes(i)));
  return out;
}

function excavation(
  add: (r: Utm[], s: Shader, h?: number) => void,
  ctx: MaterialContext,
  lot: LotGeometry,
  i: number,
): void {
  const { x0, y0, x1, y1 } = BUILDING;
  const dug = i === 0 ? 0.55 : 1;
  const top = y0 - 2 + (y1 - y0 + 4) * dug;
  add(lot.rect(x0 - 2, y0 - 2, x1 + 2, top), pit(ctx, lot, x0 - 2, y0 - 2, x1 + 2, top));
  add(lot.rect(x1 + 2, y1 - 10, x1 + 9, y1 - 5), soil(ctx, 0.6, 0.2, 0, 0.1));
  if (i >= 1) {
    const cap = surface(ctx, i === 2 ? COLOURS.concrete : [120, 120, 118], 0.08, 0.1);
    for (let gx = x0 + 2; gx <= x1 - 2; gx += 6)
      for (let gy = y0 + 2; gy <= y1 - 2; gy += 6)
        add(lot.rect(gx - 0.8, gy - 0.8, gx + 0.8, gy + 0.8), cap, 0.3);
  }
  if (i === 2) {
    const beam = surface(ctx, [150, 148, 142], 0.08, 0.05);
    for (let gx = x0 + 2; gx <= x1 - 2; gx += 6) add(lot.rect(gx - 0.2, y0 + 2, gx + 0.2, y1 - 2), beam, 0.4);
    add(lot.rect(x0 + 2, y0 + 2, x1 - 2, y0 + 14), rebar(ctx), 0.2);
  }
  const machine = surface(ctx, [222, 174, 38], 0.06, 0.05);
  const ex = i === 0 ? top - 3 : y1 - 8;
  add(lot.rect(x0 + 8, ex, x0 + 11, ex + 4.5), machine, 3);
  add(lot.rect(x0 + 9.1, ex + 4.5, x0 + 9.9, ex + 9), machine, 2);
  if (i === 0)
    add(lot.rect(x1 + 3, y1 - 3, x1 + 5.5, y1 + 6), surface(ctx, [236, 236, 232], 0.04, 0.05), 3.2);
}

/** The excavation: darker moist soil, walls lit or shaded by the sun depending on which way they face. */
function pit(ctx: MaterialContext, lot: LotGeometry, a: number, b: number, c: number, d: number): Shader {
  const floor = siteGround(ctx, {
    origin: lot.at(0, 0),
    gate: [c - 3, d],
    target: [a + 6, b + 4],
    wetness: 0.7,
    seed: ctx.seed ^ 0x517,
  });
  const [ox, oy] = lot.at(0, 0);
  const [sx, sy] = ctx.sun.towards;
  return (x, y, out) => {
    floor(x, y, out);
    const u = x - ox;
    const v = y - oy;
    const edges: [number, number, number][] = [
      [u - a, 1, 0],
      [c - u, -1, 0],
      [v - b, 0, 1],
      [d - v, 0, -1],
    ];
    for (const [distance, nx, ny] of edges) {
      if (distance < 1.5) {
        const k = 0.75 + 0.5 * (nx * sx + ny * sy);
        out[0] = out[0]! * k;
        out[1] = out[1]! * k;
        out[2] = out[2]! * k;
        return;
      }
    }
  };
}

function structure(
  add: (r: Utm[], s: Shader, h?: number, base?: number, shadowLength?: number) => void,
  ctx: MaterialContext,
  lot: LotGeometry,
  floors: number,
  i: number,
): void {
  const { x0, y0, x1, y1 } = BUILDING;
  const height = floors * FLOOR_HEIGHT;
  const slab = slabShader(ctx, i);
  add(lot.rect(x0, y0, x1, y1), slab, height, 0, height);
  const column = surface(ctx, [140, 140, 136], 0.06, 0.05);
  const partial = constructionStage(i).columnsShare;
  for (let gx = x0 + 0.5; gx <= x1 - 0.5; gx += 6.3) {
    for (let gy = y0 + 0.5; gy <= y0 + (y1 - y0) * partial; gy += 6.9)
      add(lot.rect(gx - 0.2, gy - 0.3, gx + 0.2, gy + 0.3), column, 3, height, 3);
  }
  add(lot.rect(x0 + 1, y1 - 12, x0 + 16, y1 - 1), formwork(ctx, lot.at(x0, y0), i), 0.1, height, 0);
  add(lot.rect(x0 + 18, y1 - 9, x1 - 2, y1 - 1), rebar(ctx), 0.1, height, 0);
  if (floors >= 4)
    add(lot.rect(x1 - 5, y0 + 2, x1 - 1.5, y0 + 5), surface(ctx, [90, 92, 96], 0.1, 0.05), 2.5, height, 2.5);
}

function slabShader(ctx: MaterialContext, i: number): Shader {
  const concrete = surface(ctx, i % 2 === 0 ? COLOURS.concrete : COLOURS.freshConcrete, 0.07, 0.12);
  const { fine, medium } = ctx.noise;
  return (x, y, out) => {
    concrete(x, y, out);
    // Trowel swirls, darker curing patches where the slab is still wet, and dust trodden in.
    const swirl = band(fine, x * 3 + i, y * 3, 2);
    const curing = band(medium, x + i * 13, y - 5, 12);
    const wet = curing > 0.25 ? 0.8 + 0.1 * (1 - Math.min(1, (curing - 0.25) * 8)) : 1;
    const k = (1 + 0.04 * swirl) * wet * (0.97 + 0.06 * hash2(Math.floor(x * 10), Math.floor(y * 10), i));
    out[0] = out[0]! * k * 1.01;
    out[1] = out[1]! * k;
    out[2] = out[2]! * k * 0.98;
  };
}

function rebar(ctx: MaterialContext): Shader {
  const base = surface(ctx, [126, 104, 88], 0.1, 0.1);
  return (x, y, out) => {
    base(x, y, out);
    const onBar = (((x * 6.67) % 1) + 1) % 1 < 0.25 || (((y * 6.67) % 1) + 1) % 1 < 0.25;
    const k = onBar ? 0.55 : 1.05;
    out[0] = out[0]! * k;
    out[1] = out[1]! * k;
    out[2] = out[2]! * k;
  };
}

/** Tower crane: mast by the building, a long lattice jib high above everything and its shadow far away. */
function crane(
  add: AddShape,
  ctx: MaterialContext,
  lot: LotGeometry,
  i: number,
  bx0: number,
  _by0: number,
  _bx1: number,
  by1: number,
): void {
  const mastX = bx0 - 4;
  const mastY = by1 - 6;
  const yellow: Rgb = [226, 182, 40];
  const lattice = (): Shader => {
    const base = surface(ctx, yellow, 0.05, 0.03);
    return (x, y, out) => {
      base(x, y, out);
      const k =
        (x + y) * 2.2 - Math.floor((x + y) * 2.2) < 0.5 !== (x - y) * 2.2 - Math.floor((x - y) * 2.2) < 0.5
          ? 0.55
          : 1.1;
      out[0] = out[0]! * k;
      out[1] = out[1]! * k;
      out[2] = out[2]! * k;
    };
  };
  const height = craneHeight(i);
  add(lot.rect(mastX - 1, mastY - 1, mastX + 1, mastY + 1), lattice(), 1, height, height);
  const angle = craneAngle(i);
  const jib: OrientedBox = {
    ...centreOf(lot, mastX + Math.cos(angle) * 16, mastY + Math.sin(angle) * 16),
    ax: Math.cos(angle),
    ay: Math.sin(angle),
    halfLong: 26,
    halfShort: 0.7,
  };
  add(boxRing(jib), lattice(), 1, height + 1, height + 1, true);
  const counter: OrientedBox = {
    ...centreOf(lot, mastX - Math.cos(angle) * 13, mastY - Math.sin(angle) * 13),
    ax: Math.cos(angle),
    ay: Math.sin(angle),
    halfLong: 2.5,
    halfShort: 1.2,
  };
  add(boxRing(counter), surface(ctx, [150, 150, 150], 0.08, 0.05), 1, height + 1, height + 1, true);
}

function centreOf(lot: LotGeometry, dx: number, dy: number): { cx: number; cy: number } {
  const [cx, cy] = lot.at(dx, dy);
  return { cx, cy };
}

function boxOf(lot: LotGeometry, a: number, b: number, c: number, d: number): OrientedBox {
  const [cx, cy] = lot.at((a + c) / 2, (b + d) / 2);
  return c - a >= d - b
    ? { cx, cy, ax: 1, ay: 0, halfLong: (c - a) / 2, halfShort: (d - b) / 2 }
    : { cx, cy, ax: 0, ay: 1, halfLong: (d - b) / 2, halfShort: (c - a) / 2 };
}

function circle([cx, cy]: Utm, r: number): Utm[] {
  return Array.from({ length: 17 }, (_, k): Utm => [
    cx + r * Math.cos((k / 16) * Math.PI * 2),
    cy + r * Math.sin((k / 16) * Math.PI * 2),
  ]);
}

/** Concrete sidewalk pavers (40 cm squares). */
function paving(ctx: MaterialContext): Shader {
  const base = surface(ctx, [176, 170, 160], 0.06, 0.1);
  return (x, y, out) => {
    base(x, y, out);
    const joint = ((x % 0.4) + 0.4) % 0.4 < 0.02 || ((y % 0.4) + 0.4) % 0.4 < 0.02 ? 0.82 : 1;
    out[0] = out[0]! * joint;
    out[1] = out[1]! * joint;
    out[2] = out[2]! * joint;
  };
}

function roadWithLine(ctx: MaterialContext, [cx, cy]: Utm, axis: 'x' | 'y'): Shader {
  const road = asphalt(ctx, 0.25);
  return (x, y, out) => {
    road(x, y, out);
    const across = axis === 'x' ? y - cy : x - cx;
    const along = axis === 'x' ? x : y;
    if (Math.abs(across) < 0.06 && ((along % 4) + 4) % 4 < 2) {
      out[0] = 214;
      out[1] = 176;
      out[2] = 60;
    }
  };
}

/** Where the crew stands at each scene: in the pit while digging, then mostly on the top slab. */
function workAreas(lot: LotGeometry, i: number): WorkArea[] {
  const { x0, y0, x1, y1 } = BUILDING;
  const [ax, ay] = lot.at(x0, y0);
  const [bx, by] = lot.at(x1, y1);
  const floors = FLOORS[i] ?? 0;
  const ground: WorkArea = { x0: ax - 8, y0: ay - 10, x1: ax - 2, y1: by, level: 0, people: 3 };
  if (floors === 0)
    return [ground, { x0: ax, y0: ay, x1: bx, y1: ay + (by - ay) * 0.6, level: 0, people: 9 }];
  return [
    ground,
    { x0: ax + 1, y0: ay + 1, x1: bx - 1, y1: by - 1, level: floors * FLOOR_HEIGHT, people: 12 },
  ];
}
