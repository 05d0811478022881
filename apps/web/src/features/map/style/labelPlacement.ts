import type { LabelAnchor } from './labels';

export interface ScreenPoint {
  x: number;
  y: number;
}

/** A label wanted on screen: its anchor projected, with its polygon's ring projected for lots. */
export interface LabelCandidate {
  id: number;
  kind: LabelAnchor['kind'];
  text: string;
  x: number;
  y: number;
  /** The lot's outer ring on screen; a lot's number must fit inside it. */
  ring?: readonly ScreenPoint[];
}

export interface LabelSize {
  width: number;
  height: number;
}

export interface PlacedLabel {
  id: number;
  kind: LabelAnchor['kind'];
  text: string;
  /** CSS pixels from the map's top left (the label's centre) */
  x: number;
  y: number;
}

interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** Space kept clear around each label (px), so two labels never touch. */
const GAP = 2;

function pointInRing(point: ScreenPoint, ring: readonly ScreenPoint[]): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const a = ring[i]!;
    const b = ring[j]!;
    if (a.y > point.y !== b.y > point.y && point.x < ((b.x - a.x) * (point.y - a.y)) / (b.y - a.y) + a.x)
      inside = !inside;
  }
  return inside;
}

/** Whether a box lies wholly inside a ring: its corners inside and no vertex of the ring inside the box. */
function boxInRing(box: Box, ring: readonly ScreenPoint[]): boolean {
  const corners = [
    { x: box.left, y: box.top },
    { x: box.right, y: box.top },
    { x: box.left, y: box.bottom },
    { x: box.right, y: box.bottom },
  ];
  if (!corners.every((corner) => pointInRing(corner, ring))) return false;
  return !ring.some((p) => p.x > box.left && p.x < box.right && p.y > box.top && p.y < box.bottom);
}

const overlaps = (a: Box, b: Box): boolean =>
  a.left < b.right + GAP && b.left < a.right + GAP && a.top < b.bottom + GAP && b.top < a.bottom + GAP;

const ORDER: Record<LabelAnchor['kind'], number> = { stage: 0, block: 1, lot: 2 };

/**
 * Which labels to draw (screen and exports alike): at most one per polygon; a lot's number only where its
 * whole text box fits inside the lot; never two labels over each other (stages first, then blocks, then lots,
 * in the given order within a kind). `size` measures a label's text box in CSS pixels.
 */
export function placeLabels(
  candidates: readonly LabelCandidate[],
  size: (text: string, kind: LabelAnchor['kind']) => LabelSize,
): PlacedLabel[] {
  const seen = new Set<number>();
  const taken: Box[] = [];
  const placed: PlacedLabel[] = [];
  const sorted = [...candidates].sort((a, b) => ORDER[a.kind] - ORDER[b.kind]);
  for (const candidate of sorted) {
    if (seen.has(candidate.id)) continue;
    const { width, height } = size(candidate.text, candidate.kind);
    const box = {
      left: candidate.x - width / 2,
      right: candidate.x + width / 2,
      top: candidate.y - height / 2,
      bottom: candidate.y + height / 2,
    };
    if (candidate.kind === 'lot' && (!candidate.ring || !boxInRing(box, candidate.ring))) continue;
    if (taken.some((other) => overlaps(box, other))) continue;
    seen.add(candidate.id);
    taken.push(box);
    placed.push({
      id: candidate.id,
      kind: candidate.kind,
      text: candidate.text,
      x: candidate.x,
      y: candidate.y,
    });
  }
  return placed;
}
