import type { LotPlan } from './allotment-layout';
import type { LotState } from './lot-timeline';
import { COLOURS, grass, pile, soil, surface, treeCrown, type MaterialContext, type Rgb } from './materials';
import { createRng, deriveSeed, type Rng } from './prng';
import type { Utm } from './projection';
import type { RasterFrame } from './raster';
import { boxRing, roof, ROOF_COLOURS, type OrientedBox, type RoofStyle } from './roofs';
import { raggedEarthwork, vacantLotGrass } from './lot-ground';
import { drawable, type Drawable, type Shader } from './scene-engine';

/** Lot-local coordinates: s along the street front (0 … width), t from the street inwards (0 … depth). */
interface LotFrame {
  lot: LotPlan;
  at(s: number, t: number): Utm;
  box(s0: number, t0: number, s1: number, t1: number): OrientedBox;
  rect(s0: number, t0: number, s1: number, t1: number): Utm[];
}

function lotFrame(lot: LotPlan): LotFrame {
  const [ax, ay] = lot.along;
  const [ix, iy] = lot.inward;
  const ox = lot.centre[0] - (ax * lot.width) / 2 - (ix * lot.depth) / 2;
  const oy = lot.centre[1] - (ay * lot.width) / 2 - (iy * lot.depth) / 2;
  const at = (s: number, t: number): Utm => [ox + ax * s + ix * t, oy + ay * s + iy * t];
  return {
    lot,
    at,
    box(s0, t0, s1, t1) {
      const [cx, cy] = at((s0 + s1) / 2, (t0 + t1) / 2);
      const alongLonger = s1 - s0 >= t1 - t0;
      return alongLonger
        ? { cx, cy, ax, ay, halfLong: (s1 - s0) / 2, halfShort: (t1 - t0) / 2 }
        : { cx, cy, ax: ix, ay: iy, halfLong: (t1 - t0) / 2, halfShort: (s1 - s0) / 2 };
    },
    rect: (s0, t0, s1, t1) => [at(s0, t0), at(s1, t0), at(s1, t1), at(s0, t1), at(s0, t0)],
  };
}

/** The house a lot will get: fixed per lot, so the slab of 'E' is the footprint of the roof of 'C'. */
interface HousePlan {
  main: [number, number, number, number];
  wing: [number, number, number, number] | null;
  style: RoofStyle;
  colour: Rgb;
  height: number;
  pool: boolean;
  walls: boolean;
  pavedYard: boolean;
}

function planHouse(lot: LotPlan, rng: Rng): HousePlan {
  const front = rng.range(4, 5.5);
  const attachedLeft = rng.chance(0.4);
  const s0 = attachedLeft ? 0.3 : 1.5;
  const s1 = lot.width - (attachedLeft ? 1.5 : rng.chance(0.3) ? 0.3 : 1.5);
  const depth = rng.range(9, 13.5);
  const main: [number, number, number, number] = [s0, front, s1, front + depth];
  const wing: HousePlan['wing'] = rng.chance(0.45)
    ? [s0, front + depth, s0 + (s1 - s0) * rng.range(0.45, 0.65), front + depth + rng.range(3, 5)]
    : null;
  const roll = rng.next() * 100;
  let acc = 0;
  let colour = (ROOF_COLOURS[0] as { colour: Rgb }).colour;
  for (const option of ROOF_COLOURS) {
    acc += option.weight;
    if (roll < acc) {
      colour = option.colour;
      break;
    }
  }
  return {
    main,
    wing,
    style: rng.pick<RoofStyle>(['hip', 'hip', 'gable', 'gable', 'flat']),
    colour,
    height: rng.range(3.8, 5.5),
    pool: rng.chance(0.1),
    walls: rng.chance(0.45),
    pavedYard: rng.chance(0.3),
  };
}

export interface LotRenderInput {
  lot: LotPlan;
  state: LotState;
  month: number;
  ctx: MaterialContext;
  frame: RasterFrame;
  seed: number;
}

export function lotDrawables(input: LotRenderInput): Drawable[] {
  const { lot, state } = input;
  const lf = lotFrame(lot);
  const fixed = createRng(deriveSeed(input.seed, lot.lotKey));
  const house = planHouse(lot, fixed);
  const lush = fixed.next();
  const tone = fixed.next();
  const monthly = createRng(deriveSeed(input.seed, `${lot.lotKey}@${input.month}`));
  const out: Drawable[] = [];
  const add = (rings: Utm[][], shade: Shader, height = 0): void => {
    out.push(drawable(input.frame, rings, shade, height, input.ctx.sun));
  };
  const whole = lf.rect(0, 0, lot.width, lot.depth);
  const ctx = input.ctx;
  switch (state.status) {
    case 'V': {
      const care = fixed.next();
      add([whole], vacantLotGrass(ctx, lot, grass(ctx, lush, tone), care < 0.3, care > 0.85));
      const shrubs = Math.floor(fixed.next() * 3.2);
      for (let i = 0; i < shrubs; i++)
        addTree(
          add,
          ctx,
          lf.at(fixed.range(1, lot.width - 1), fixed.range(2, lot.depth - 1)),
          fixed.range(0.8, 1.8),
          fixed.next(),
        );
      break;
    }
    case 'B': {
      const stalledWeeds = Math.max(0, (state.monthsInStatus - 2) * 0.15);
      const scraped = soil(
        ctx,
        state.monthsInStatus === 0 ? 1 : 0.4,
        fixed.range(0, Math.PI),
        Math.min(0.8, stalledWeeds),
      );
      // Most machines scrape the whole lot; some stop short of the back, leaving the grass standing there.
      const reach = fixed.chance(0.7) ? 1.2 : fixed.range(0.6, 0.9);
      add([whole], raggedEarthwork(ctx, lot, scraped, grass(ctx, lush, tone), reach));
      const mounds = monthly.int(1, 3);
      for (let i = 0; i < mounds; i++)
        addPile(
          add,
          ctx,
          lf.at(monthly.range(2, lot.width - 2), monthly.range(3, lot.depth - 3)),
          monthly.range(0.8, 1.6),
          [98, 48, 36],
        );
      if (state.monthsInStatus === 0 && monthly.chance(0.25)) addMachine(add, ctx, lf, monthly);
      break;
    }
    case 'E':
      constructionSite(add, ctx, lf, house, state.progress, monthly, input.frame.pixelSize);
      break;
    case 'C':
      builtHouse(add, ctx, lf, house, state.monthsInStatus, fixed, input.frame.pixelSize);
      break;
    case 'I':
      invasion(add, ctx, lf, state.monthsInStatus, fixed, monthly);
      break;
    case 'O':
      otherUse(add, ctx, lf, fixed);
      break;
  }
  return out;
}

type Add = (rings: Utm[][], shade: Shader, height?: number) => void;

function addTree(add: Add, ctx: MaterialContext, [cx, cy]: Utm, radius: number, tone: number): void {
  const ring: Utm[] = [];
  for (let k = 0; k <= 10; k++)
    ring.push([
      cx + radius * Math.cos((k / 10) * Math.PI * 2),
      cy + radius * Math.sin((k / 10) * Math.PI * 2),
    ]);
  add([ring], treeCrown(ctx, cx, cy, radius, tone), radius * 1.6);
}

function addPile(add: Add, ctx: MaterialContext, [cx, cy]: Utm, radius: number, colour: Rgb): void {
  const ring: Utm[] = [];
  for (let k = 0; k <= 8; k++)
    ring.push([
      cx + radius * Math.cos((k / 8) * Math.PI * 2),
      cy + radius * 0.8 * Math.sin((k / 8) * Math.PI * 2),
    ]);
  add([ring], pile(ctx, cx, cy, radius, colour), radius * 0.6);
}

function addMachine(add: Add, ctx: MaterialContext, lf: LotFrame, rng: Rng): void {
  const s = rng.range(3, lf.lot.width - 5);
  const t = rng.range(6, lf.lot.depth - 8);
  add([lf.rect(s, t, s + 2.4, t + 5.5)], surface(ctx, [214, 168, 40], 0.08, 0.05), 2.8);
}

function constructionSite(
  add: Add,
  ctx: MaterialContext,
  lf: LotFrame,
  house: HousePlan,
  progress: number,
  rng: Rng,
  pixelSize: number,
): void {
  const { width, depth } = lf.lot;
  const yard = soil(ctx, 0.2, 0.3, 0.1, 0.12);
  add([lf.rect(0, 0, width, depth)], raggedEarthwork(ctx, lf.lot, yard, grass(ctx, 0.6, 0.4), 1.2));
  const parts = house.wing ? [house.main, house.wing] : [house.main];
  for (const [s0, t0, s1, t1] of parts)
    add([lf.rect(s0 - 0.2, t0 - 0.2, s1 + 0.2, t1 + 0.2)], surface(ctx, COLOURS.freshConcrete, 0.06, 0.08));
  const wallHeight = 0.8 + 2.2 * Math.min(1, progress * 1.6);
  if (progress > 0.1) {
    for (const [s0, t0, s1, t1] of parts) {
      const w = 0.3;
      const brick = surface(ctx, COLOURS.brick, 0.1, 0.06);
      add([lf.rect(s0, t0, s1, t0 + w)], brick, wallHeight);
      add([lf.rect(s0, t1 - w, s1, t1)], brick, wallHeight);
      add([lf.rect(s0, t0, s0 + w, t1)], brick, wallHeight);
      add([lf.rect(s1 - w, t0, s1, t1)], brick, wallHeight);
      const split = s0 + (s1 - s0) * 0.45;
      add([lf.rect(split, t0, split + w, t1)], brick, wallHeight);
      const mid = t0 + (t1 - t0) * 0.55;
      add([lf.rect(s0, mid, split, mid + w)], brick, wallHeight);
    }
  }
  if (progress > 0.55) {
    const [s0, t0, s1, t1] = house.main;
    const covered = Math.min(1, (progress - 0.55) / 0.4);
    const box = lf.box(s0, t0, s1, t0 + (t1 - t0) * covered);
    add(
      [boxRing(box)],
      roof(ctx, box, 'flat', covered < 0.6 ? COLOURS.plywood : house.colour, 0, pixelSize),
      wallHeight + 0.8,
    );
  }
  const frontT = house.main[1];
  addPile(
    add,
    ctx,
    lf.at(rng.range(1.5, width / 2), rng.range(1.2, frontT - 1.2)),
    rng.range(0.9, 1.3),
    COLOURS.sand,
  );
  if (rng.chance(0.7))
    addPile(
      add,
      ctx,
      lf.at(rng.range(width / 2, width - 1.5), rng.range(1.2, frontT - 1.2)),
      rng.range(0.6, 1),
      COLOURS.gravel,
    );
  const bs = rng.range(1, width - 3);
  add([lf.rect(bs, 0.8, bs + 2, 2)], surface(ctx, COLOURS.brick, 0.25, 0.1), 1);
}

function builtHouse(
  add: Add,
  ctx: MaterialContext,
  lf: LotFrame,
  house: HousePlan,
  months: number,
  rng: Rng,
  pixelSize: number,
): void {
  const { width, depth } = lf.lot;
  const young = months < 3;
  add(
    [lf.rect(0, 0, width, depth)],
    young
      ? soil(ctx, 0, 0.5, 0.35 + months * 0.2, 0.1)
      : house.pavedYard
        ? surface(ctx, COLOURS.pavers, 0.1, 0.08)
        : grass(ctx, 0.15, 0.2),
  );
  const [s0, t0, s1] = house.main;
  add([lf.rect(Math.max(0, s0), 0, Math.min(width, s0 + 3), t0)], surface(ctx, COLOURS.concrete, 0.06, 0.1));
  if (house.pool) {
    const pt = house.main[3] + 1.5;
    if (pt + 4 < depth - 0.8)
      add([lf.rect(s1 - 4.5, pt, s1 - 1.2, pt + 4)], surface(ctx, COLOURS.poolWater, 0.04, 0.03));
  }
  if (house.walls) {
    const wall = surface(ctx, COLOURS.wallWhite, 0.05, 0.08);
    add([lf.rect(0, depth - 0.25, width, depth)], wall, 2);
    add([lf.rect(0, 0.3, 0.25, depth)], wall, 2);
    add([lf.rect(width - 0.25, 0.3, width, depth)], wall, 2);
  }
  const parts = house.wing ? [house.main, house.wing] : [house.main];
  for (const [a0, b0, a1, b1] of parts) {
    const box = lf.box(a0, b0, a1, b1);
    add(
      [boxRing(box)],
      roof(ctx, box, house.style, house.colour, Math.min(0.4, 0.05 + months * 0.01), pixelSize),
      house.height,
    );
  }
  if (!young && rng.chance(0.4)) {
    const r = rng.range(1.2, 2.2);
    addTree(
      add,
      ctx,
      lf.at(rng.range(r, width - r), Math.min(depth - r, house.main[3] + r + 0.5)),
      r,
      rng.next(),
    );
  }
}

const SHACK_COLOURS: Rgb[] = [
  COLOURS.zinc,
  COLOURS.rust,
  COLOURS.tarpBlue,
  [140, 142, 140],
  [120, 96, 72],
  COLOURS.tarpBlue,
];
const CLUTTER: Rgb[] = [
  [200, 60, 50],
  [230, 230, 225],
  [40, 40, 45],
  [60, 110, 190],
  [210, 180, 60],
  [150, 150, 150],
];

function invasion(
  add: Add,
  ctx: MaterialContext,
  lf: LotFrame,
  months: number,
  fixed: Rng,
  monthly: Rng,
): void {
  const { width, depth } = lf.lot;
  add([lf.rect(0, 0, width, depth)], soil(ctx, 0, fixed.range(0, 3), 0.35, 0.06));
  const shacks = Math.min(4, 2 + Math.floor(months / 3));
  for (let i = 0; i < shacks; i++) {
    const w = fixed.range(3, 4.5);
    const d = fixed.range(3, 5);
    const [cx, cy] = lf.at(
      fixed.range(w / 2 + 0.3, width - w / 2 - 0.3),
      fixed.range(d / 2 + 0.5, depth - d / 2 - 0.5),
    );
    const angle = fixed.range(-0.5, 0.5) + Math.atan2(lf.lot.along[1], lf.lot.along[0]);
    const box: OrientedBox = {
      cx,
      cy,
      ax: Math.cos(angle),
      ay: Math.sin(angle),
      halfLong: Math.max(w, d) / 2,
      halfShort: Math.min(w, d) / 2,
    };
    const colour = fixed.pick(SHACK_COLOURS);
    add([boxRing(box)], roof(ctx, box, 'flat', colour, 0.3, 0.4), 2.4);
  }
  const clutter = 6 + Math.floor(monthly.next() * 8);
  for (let i = 0; i < clutter; i++) {
    const s = monthly.range(0.5, width - 1.5);
    const t = monthly.range(0.5, depth - 1.5);
    add(
      [lf.rect(s, t, s + monthly.range(0.5, 1.4), t + monthly.range(0.4, 1.2))],
      surface(ctx, monthly.pick(CLUTTER), 0.15, 0.1),
      0.6,
    );
  }
}

const CAR_COLOURS: Rgb[] = [
  [225, 226, 224],
  [180, 182, 184],
  [32, 33, 36],
  [150, 30, 30],
  [200, 202, 200],
  [60, 70, 90],
];
const CONTAINER_COLOURS: Rgb[] = [
  [180, 60, 40],
  [40, 90, 150],
  [200, 150, 40],
  [70, 120, 80],
];

function otherUse(add: Add, ctx: MaterialContext, lf: LotFrame, fixed: Rng): void {
  const { width, depth } = lf.lot;
  add([lf.rect(0, 0, width, depth)], surface(ctx, [164, 154, 138], 0.14, 0.12));
  const fence = surface(ctx, COLOURS.zinc, 0.05, 0.05);
  add([lf.rect(0, 0, width, 0.2)], fence, 2);
  add([lf.rect(0, 0, 0.2, depth)], fence, 2);
  add([lf.rect(width - 0.2, 0, width, depth)], fence, 2);
  if (fixed.chance(0.5)) {
    // Parking: cars nose-in along both sides.
    for (let t = 1.5; t + 2 < depth - 1; t += 2.6) {
      if (fixed.chance(0.75))
        add([lf.rect(0.6, t, 5, t + 1.8)], surface(ctx, fixed.pick(CAR_COLOURS), 0.05, 0.05), 1.5);
      if (fixed.chance(0.6) && width > 11)
        add(
          [lf.rect(width - 5, t, width - 0.6, t + 1.8)],
          surface(ctx, fixed.pick(CAR_COLOURS), 0.05, 0.05),
          1.5,
        );
    }
  } else {
    // Storage yard: a container, stacks of material and a sand pile.
    add(
      [lf.rect(1, depth - 7.5, 3.5, depth - 1.4)],
      surface(ctx, fixed.pick(CONTAINER_COLOURS), 0.05, 0.04),
      2.6,
    );
    for (let k = 0; k < 4; k++) {
      const s = fixed.range(4.5, width - 3);
      const t = fixed.range(2, depth - 4);
      add(
        [lf.rect(s, t, s + 1.8, t + 2.4)],
        surface(ctx, fixed.pick([COLOURS.plywood, COLOURS.brick, [120, 120, 124] as Rgb]), 0.2, 0.1),
        1.2,
      );
    }
    addPile(add, ctx, lf.at(width / 2, 3), 1.5, COLOURS.sand);
  }
}
