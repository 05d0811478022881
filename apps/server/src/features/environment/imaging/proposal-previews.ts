import { ENVIRONMENT_CATEGORIES } from '@mirante/shared';
import type { ChangeGrid } from '../detector/change-grid';
import type { ChangePatch } from '../detector/detect-change';
import { cropGrid, gridImagePng } from './frame-image';

/** Longer side of a proposal's preview, px. */
export const PREVIEW_PX = 320;
/** Ground shown around a patch: half its size, at least this many cells each side. */
const MIN_MARGIN_CELLS = 24;

/** Before and after PNGs of one detector patch: the scenes cut around it, the patch outlined. */
export async function proposalPreviews(
  grid: ChangeGrid,
  before: Uint8Array,
  after: Uint8Array,
  patch: Pick<ChangePatch, 'category' | 'geometry' | 'cellBounds'>,
): Promise<{ before: Buffer; after: Buffer }> {
  const [c0, r0, c1, r1] = patch.cellBounds;
  const margin = Math.max(MIN_MARGIN_CELLS, Math.max(c1 - c0, r1 - r0) / 2);
  const window = { c0: c0 - margin, r0: r0 - margin, c1: c1 + margin, r1: r1 + margin };
  const color = ENVIRONMENT_CATEGORIES.find((c) => c.type === patch.category)?.color ?? '#f5a623';
  const drawn = [{ rings: patch.geometry.coordinates, color }];
  const cutBefore = cropGrid(before, grid, window);
  const cutAfter = cropGrid(after, grid, window);
  return {
    before: await gridImagePng(cutBefore.rgba, cutBefore.grid, drawn, PREVIEW_PX),
    after: await gridImagePng(cutAfter.rgba, cutAfter.grid, drawn, PREVIEW_PX),
  };
}
