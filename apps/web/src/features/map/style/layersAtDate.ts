import type { Layer, LotStatusesAt } from '@mirante/shared';

/**
 * The layers with each lot's status on a date instead of its latest one (lots without a status yet become
 * unclassified). Returns the same array when no lot changes, so the map's source isn't sent again for nothing.
 */
export function layersAtDate(
  layers: readonly Layer[],
  statuses: LotStatusesAt | undefined,
): readonly Layer[] {
  if (!statuses) return layers;
  const byId = new Map(statuses.lots.map((lot) => [lot.id, lot]));
  let changed = false;
  const result = layers.map((layer) => {
    if (layer.type !== 'LOT') return layer;
    const found = byId.get(layer.id);
    const detectAllotment = found
      ? { detect_type: found.detect_type, date: found.date, precision: found.precision }
      : null;
    if (
      (layer.detectAllotment?.detect_type ?? null) === (detectAllotment?.detect_type ?? null) &&
      (layer.detectAllotment?.precision ?? null) === (detectAllotment?.precision ?? null)
    )
      return layer;
    changed = true;
    return { ...layer, detectAllotment };
  });
  return changed ? result : layers;
}
