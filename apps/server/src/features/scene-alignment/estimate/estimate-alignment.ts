import sharp from 'sharp';
import { lonLatToMercator, mercatorResolution, MERCATOR_HALF_WORLD } from '../../../imagery/tile-math';
import { phaseCorrelate, type PhaseCorrelation } from './phase-correlation';
import { refineShift } from './refine-shift';
import type { ArchiveFiles, PixelWindow } from './tile-window';

/** A ready scene as the estimate reads it: its PMTiles archive on this machine and where it lies. */
export interface AlignmentScene {
  archive: string;
  /** [west, south, east, north], WGS 84 */
  bounds: readonly [number, number, number, number];
  minZoom: number;
  maxZoom: number;
  /** Its offset today, ground metres east and north. */
  offset: readonly [number, number];
}

export type AlignmentOutcome = 'match' | 'aligned' | 'weak' | 'little_overlap';

export interface AlignmentEstimate {
  outcome: AlignmentOutcome;
  /** The offset that lays the scene over the reference as the map shows it, ground metres east/north. */
  offsetX: number;
  offsetY: number;
  /** How far the scene's content lies from the reference's, ground metres east/north. */
  shiftX: number;
  shiftY: number;
  /** 0–1: correlation of the two images once aligned. */
  confidence: number;
  /** 0–1: the common area over the smaller scene's footprint box. */
  overlap: number;
  /** Ground size of a pixel at the zoom the shift was measured on, metres. */
  pixelSize: number;
  /** WebP images of one window: the reference, the scene as it is, the scene with the offset proposed. */
  previews: { reference: Uint8Array; before: Uint8Array; after: Uint8Array } | null;
}

/** Below this share of common area a match would rest on too little ground. */
export const MIN_OVERLAP = 0.2;
/** The common area must be at least this many pixels across at full resolution. */
const MIN_COMMON_PIXELS = 32;
/** Below this correlation once aligned, the two scenes are not judged to show the same ground. */
export const MIN_CONFIDENCE = 0.5;
/** The largest window (pixels a side) correlated at each level. */
const WINDOW = 512;
/** Zoom levels climbed from one estimate to the next: the error of one level (±½ px) becomes ±4 px. */
const LEVEL_STEP = 3;
const PREVIEW_WIDTH = 640;
const PREVIEW_HEIGHT = 400;

interface PixelRect {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

function pixelRect(bounds: readonly [number, number, number, number], z: number): PixelRect {
  const [west, south, east, north] = bounds;
  const resolution = mercatorResolution(z);
  const [minX, minY] = lonLatToMercator(west, south);
  const [maxX, maxY] = lonLatToMercator(east, north);
  return {
    left: (minX + MERCATOR_HALF_WORLD) / resolution,
    right: (maxX + MERCATOR_HALF_WORLD) / resolution,
    top: (MERCATOR_HALF_WORLD - maxY) / resolution,
    bottom: (MERCATOR_HALF_WORLD - minY) / resolution,
  };
}

function intersect(
  a: readonly [number, number, number, number],
  b: readonly [number, number, number, number],
): [number, number, number, number] | null {
  const box: [number, number, number, number] = [
    Math.max(a[0], b[0]),
    Math.max(a[1], b[1]),
    Math.min(a[2], b[2]),
    Math.min(a[3], b[3]),
  ];
  return box[0] < box[2] && box[1] < box[3] ? box : null;
}

const areaOf = (rect: PixelRect) => Math.max(0, rect.right - rect.left) * Math.max(0, rect.bottom - rect.top);

function powerOfTwoBelow(value: number): number {
  return 2 ** Math.floor(Math.log2(Math.max(2, value)));
}

function powerOfTwoAbove(value: number): number {
  return Math.max(32, 2 ** Math.ceil(Math.log2(Math.max(2, value))));
}

function unite(
  a: readonly [number, number, number, number],
  b: readonly [number, number, number, number],
): [number, number, number, number] {
  return [Math.min(a[0], b[0]), Math.min(a[1], b[1]), Math.max(a[2], b[2]), Math.max(a[3], b[3])];
}

/** The window of at most `width` × `height` pixels centred on `rect`. */
function centredWindow(rect: PixelRect, z: number, width: number, height: number): PixelWindow {
  const centreX = (rect.left + rect.right) / 2;
  const centreY = (rect.top + rect.bottom) / 2;
  return { z, left: Math.round(centreX - width / 2), top: Math.round(centreY - height / 2), width, height };
}

const moved = (window: PixelWindow, dx: number, dy: number): PixelWindow => ({
  ...window,
  left: window.left + dx,
  top: window.top + dy,
});

/** Metres on the ground per Web Mercator pixel at zoom z, at the latitude of a scene's centre. */
function groundPixel(bounds: readonly [number, number, number, number], z: number): number {
  return Math.cos((((bounds[1] + bounds[3]) / 2) * Math.PI) / 180) * mercatorResolution(z);
}

const noEstimate = (outcome: AlignmentOutcome, overlap: number, pixelSize: number): AlignmentEstimate => ({
  outcome,
  offsetX: 0,
  offsetY: 0,
  shiftX: 0,
  shiftY: 0,
  confidence: 0,
  overlap,
  pixelSize,
  previews: null,
});

/**
 * How far `scene` lies from `reference` over their common area, from their stored tiles: phase correlation of
 * the whole common area at a zoom where it fits in 512 px, then again every three zooms on a 512 px window
 * at the centre (the moving side read where the previous level put it), down to the coarser scene's native
 * zoom, where a gradient refinement takes the shift to a fraction of a pixel. Refuses (outcome) rather than
 * guesses when the common area is small or the aligned images do not correlate.
 */
export async function estimateAlignment(
  files: ArchiveFiles,
  reference: AlignmentScene,
  scene: AlignmentScene,
): Promise<AlignmentEstimate> {
  const fineZoom = Math.min(reference.maxZoom, scene.maxZoom);
  const pixelSize = groundPixel(scene.bounds, fineZoom);
  const common = intersect(reference.bounds, scene.bounds);
  if (!common) return noEstimate('little_overlap', 0, pixelSize);
  const lowestZoom = Math.max(reference.minZoom, scene.minZoom);
  // The first level sees both footprints whole (their union), so that any shift leaving them a common area is
  // within half its window, which is what phase correlation can tell apart from the wrap-around.
  const union = unite(reference.bounds, scene.bounds);
  let coarseZoom = fineZoom;
  while (coarseZoom > lowestZoom) {
    const rect = pixelRect(union, coarseZoom);
    if (Math.max(rect.right - rect.left, rect.bottom - rect.top) <= WINDOW) break;
    coarseZoom--;
  }

  // Overlap: the pixels valid in both over the common box, against the smaller footprint box.
  const commonRect = pixelRect(common, coarseZoom);
  const fineRect = pixelRect(common, fineZoom);
  const commonWidth = Math.max(1, Math.min(2 * WINDOW, Math.floor(commonRect.right - commonRect.left)));
  const commonHeight = Math.max(1, Math.min(2 * WINDOW, Math.floor(commonRect.bottom - commonRect.top)));
  const whole = centredWindow(commonRect, coarseZoom, commonWidth, commonHeight);
  const [refWhole, sceneWhole] = [
    await files.grey(reference.archive, whole),
    await files.grey(scene.archive, whole),
  ];
  let both = 0;
  for (let i = 0; i < refWhole.valid.length; i++) if (refWhole.valid[i] && sceneWhole.valid[i]) both++;
  const smaller = Math.min(
    areaOf(pixelRect(reference.bounds, coarseZoom)),
    areaOf(pixelRect(scene.bounds, coarseZoom)),
  );
  const overlap = Math.min(1, ((both / (commonWidth * commonHeight)) * areaOf(commonRect)) / smaller);
  if (
    overlap < MIN_OVERLAP ||
    fineRect.right - fineRect.left < MIN_COMMON_PIXELS ||
    fineRect.bottom - fineRect.top < MIN_COMMON_PIXELS
  ) {
    return noEstimate('little_overlap', overlap, pixelSize);
  }

  // Coarse to fine: (dx, dy) is the shift in pixels of the current zoom.
  let dx = 0;
  let dy = 0;
  let zoom = coarseZoom;
  let first: PhaseCorrelation | null = null;
  let weakestRatio = Number.POSITIVE_INFINITY;
  let window: PixelWindow;
  for (;;) {
    if (first) {
      const rect = pixelRect(common, zoom);
      const width = powerOfTwoBelow(Math.min(WINDOW, rect.right - rect.left));
      const height = powerOfTwoBelow(Math.min(WINDOW, rect.bottom - rect.top));
      window = centredWindow(rect, zoom, width, height);
    } else {
      const rect = pixelRect(union, zoom);
      const width = powerOfTwoAbove(Math.min(WINDOW, rect.right - rect.left));
      const height = powerOfTwoAbove(Math.min(WINDOW, rect.bottom - rect.top));
      window = centredWindow(rect, zoom, width, height);
    }
    const startX = Math.round(dx);
    const startY = Math.round(dy);
    const correlation = phaseCorrelate(
      await files.grey(reference.archive, window),
      await files.grey(scene.archive, moved(window, startX, startY)),
      first ? 2 ** (LEVEL_STEP + 2) : undefined,
    );
    first ??= correlation;
    weakestRatio = Math.min(weakestRatio, correlation.peakRatio);
    dx = startX + correlation.dx;
    dy = startY + correlation.dy;
    if (zoom >= fineZoom) break;
    const next = Math.min(fineZoom, zoom + LEVEL_STEP);
    dx *= 2 ** (next - zoom);
    dy *= 2 ** (next - zoom);
    zoom = next;
  }
  const startX = Math.round(dx);
  const startY = Math.round(dy);
  const refined = refineShift(
    await files.grey(reference.archive, window),
    await files.grey(scene.archive, moved(window, startX, startY)),
    { dx: dx - startX, dy: dy - startY },
  );
  // The refinement only polishes a shift already right within a pixel: wandering further means no true match.
  const wandered = Math.hypot(refined.dx - (dx - startX), refined.dy - (dy - startY)) > 1.5;
  dx = startX + refined.dx;
  dy = startY + refined.dy;

  // Sure only if every level's correlation peak stood out (1 − 1/ratio: a ratio of 2 gives 0.5, unrelated
  // pictures stay near 1) and the aligned images correlate.
  const confidence = wandered ? 0 : Math.max(0, Math.min(1, refined.correlation, 1 - 1 / weakestRatio));
  const shiftX = dx * pixelSize;
  const shiftY = -dy * pixelSize;
  const offsetX = reference.offset[0] - shiftX;
  const offsetY = reference.offset[1] - shiftY;
  if (confidence < MIN_CONFIDENCE) return { ...noEstimate('weak', overlap, pixelSize), confidence };
  const outcome =
    Math.hypot(offsetX - scene.offset[0], offsetY - scene.offset[1]) < pixelSize / 2 ? 'aligned' : 'match';
  const estimate = { outcome, offsetX, offsetY, shiftX, shiftY, confidence, overlap, pixelSize } as const;
  return { ...estimate, previews: await previews(files, reference, scene, common, estimate) };
}

/**
 * One window of the common area near full resolution, as the map shows it: the reference with its offset,
 * the scene with its offset of today, and the scene with the offset proposed.
 */
async function previews(
  files: ArchiveFiles,
  reference: AlignmentScene,
  scene: AlignmentScene,
  common: [number, number, number, number],
  proposal: { offsetX: number; offsetY: number },
): Promise<AlignmentEstimate['previews']> {
  const zoom = Math.max(
    Math.min(reference.maxZoom, scene.maxZoom) - 1,
    Math.max(reference.minZoom, scene.minZoom),
  );
  const rect = pixelRect(common, zoom);
  const width = Math.max(16, Math.min(PREVIEW_WIDTH, Math.floor(rect.right - rect.left)));
  const height = Math.max(16, Math.min(PREVIEW_HEIGHT, Math.floor(rect.bottom - rect.top)));
  const window = centredWindow(rect, zoom, width, height);
  // A scene shown with offset (east, north) shows at (x, y) the stored pixel (x − east, y + north).
  const shown = (item: AlignmentScene, east: number, north: number) => {
    const size = groundPixel(item.bounds, zoom);
    return moved(window, -Math.round(east / size), Math.round(north / size));
  };
  const webp = async (file: string, at: PixelWindow) =>
    new Uint8Array(
      await sharp(await files.rgba(file, at), { raw: { width, height, channels: 4 } })
        .webp({ quality: 80 })
        .toBuffer(),
    );
  return {
    reference: await webp(reference.archive, shown(reference, reference.offset[0], reference.offset[1])),
    before: await webp(scene.archive, shown(scene, scene.offset[0], scene.offset[1])),
    after: await webp(scene.archive, shown(scene, proposal.offsetX, proposal.offsetY)),
  };
}
