import {
  georeference,
  GeoreferenceError,
  type ControlPoint,
  type Georeference,
  type ImageSize,
} from '@mirante/shared';

/** A control point being marked: on the map, on the image, or both. */
export interface DraftPoint {
  map?: { lng: number; lat: number };
  image?: { x: number; y: number };
}

/** A, B, then C, D… */
export const pointLabel = (index: number) => String.fromCharCode(65 + index);

export const isComplete = (point: DraftPoint | undefined): point is Required<DraftPoint> =>
  point?.map !== undefined && point.image !== undefined;

export const toControlPoint = (point: Required<DraftPoint>): ControlPoint => ({
  ...point.map,
  ...point.image,
});

/** The states and transitions: clearing A clears B too (and any later point); clearing another point clears only it. */
export function clearPoint(points: readonly DraftPoint[], index: number): DraftPoint[] {
  if (index === 0) return [{}];
  if (index === 1) return [points[0] ?? {}, {}];
  return points.filter((_, i) => i !== index);
}

/** Sets one side (map or image) of a point, keeping the list's other points. */
export function markPoint(points: readonly DraftPoint[], index: number, mark: DraftPoint): DraftPoint[] {
  const next = [...points];
  while (next.length <= index) next.push({});
  next[index] = { ...next[index], ...mark };
  return next;
}

/** The fit of the complete points, or the reason there is none (fewer than two, aligned…). */
export function fitOf(
  points: readonly DraftPoint[],
  size: ImageSize,
): { fit: Georeference | null; error: string | null } {
  const complete = points.filter(isComplete).map(toControlPoint);
  if (complete.length < 2) return { fit: null, error: null };
  try {
    return { fit: georeference(complete, size), error: null };
  } catch (error) {
    if (error instanceof GeoreferenceError) return { fit: null, error: error.message };
    throw error;
  }
}
