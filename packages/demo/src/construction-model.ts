import { buildingGlbFromBoxes, type ModelBox } from './building-model';

/**
 * The Edifício Aurora structure at one scene, as the scene's image shows it: the concrete frame standing so far
 * (open slabs on columns, no facade yet), the top slab's formwork and rebar, the next floor's columns rising on
 * part of it, and the tower crane with its jib turned as in the image. Metres, +Y up, origin at the footprint
 * centre; +X east, −Z north (glTF), from the same plan as construction-site.ts.
 */
export interface ConstructionStage {
  floors: number;
  floorHeight: number;
  /** The building footprint in the lot, metres from its south-west corner. */
  building: { x0: number; y0: number; x1: number; y1: number };
  /** Share of the top slab (from its south edge) where the next floor's columns already stand. */
  columnsShare: number;
  /** Tower crane: mast height and jib angle (radians from east, counter-clockwise), or null before it arrives. */
  crane: { height: number; angle: number } | null;
}

export function constructionStageBoxes(stage: ConstructionStage): ModelBox[] {
  const { x0, y0, x1, y1 } = stage.building;
  const cx = (x0 + x1) / 2;
  const cy = (y0 + y1) / 2;
  // Plan point (metres in the lot) to model x and z.
  const px = (x: number) => x - cx;
  const pz = (y: number) => -(y - cy);
  const boxes: ModelBox[] = [];
  const box = (
    material: ModelBox['material'],
    a: number,
    b: number,
    c: number,
    d: number,
    bottom: number,
    top: number,
    yaw = 0,
  ) => {
    boxes.push({
      material,
      centre: [px((a + c) / 2), (bottom + top) / 2, pz((b + d) / 2)],
      half: [(c - a) / 2, (top - bottom) / 2, (d - b) / 2],
      yaw,
    });
  };
  const h = stage.floorHeight;
  const slab = 0.25;
  const columnsAt = (share: number) => {
    const out: [number, number][] = [];
    for (let gx = x0 + 0.5; gx <= x1 - 0.5; gx += 6.3)
      for (let gy = y0 + 0.5; gy <= y0 + (y1 - y0) * share; gy += 6.9) out.push([gx, gy]);
    return out;
  };
  for (let floor = 1; floor <= stage.floors; floor++) {
    box('concrete', x0, y0, x1, y1, floor * h - slab, floor * h);
    for (const [gx, gy] of columnsAt(1))
      box('column', gx - 0.2, gy - 0.3, gx + 0.2, gy + 0.3, (floor - 1) * h, floor * h - slab);
  }
  const top = stage.floors * h;
  if (stage.floors > 0) {
    // The open top slab: formwork and rebar laid on it, the next floor's columns rising on part of it.
    box('formwork', x0 + 1, y1 - 12, x0 + 16, y1 - 1, top, top + 0.1);
    box('rebar', x0 + 18, y1 - 9, x1 - 2, y1 - 1, top, top + 0.1);
    for (const [gx, gy] of columnsAt(stage.columnsShare))
      box('column', gx - 0.2, gy - 0.3, gx + 0.2, gy + 0.3, top, top + h);
  }
  if (stage.crane) {
    const mastX = x0 - 4;
    const mastY = y1 - 6;
    const { height, angle } = stage.crane;
    box('crane', mastX - 1, mastY - 1, mastX + 1, mastY + 1, 0, height);
    const along = (d: number): [number, number] => [mastX + Math.cos(angle) * d, mastY + Math.sin(angle) * d];
    const [jx, jy] = along(16);
    box('crane', jx - 26, jy - 0.7, jx + 26, jy + 0.7, height, height + 1, angle);
    const [kx, ky] = along(-13);
    box('counterweight', kx - 2.5, ky - 1.2, kx + 2.5, ky + 1.2, height, height + 1.6, angle);
  }
  return boxes;
}

export function constructionStageGlb(stage: ConstructionStage): Buffer {
  return buildingGlbFromBoxes(constructionStageBoxes(stage));
}
