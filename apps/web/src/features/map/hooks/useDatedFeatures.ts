import { useCallback, useMemo } from 'react';
import { needsReview, type Layer } from '@mirante/shared';
import { useLotStatusesAt } from '../api';
import type { LotStatusOnDate } from '../model/comparisonVerdict';
import { layersAtDate } from '../style/layersAtDate';
import { toFeatureCollection } from '../style/layerStyles';

/** Whether the statuses asked for a date (null: none asked) are the ones loaded, not a previous date's. */
const loadedFor = (isoDate: string | null, loaded: { date: string } | undefined) =>
  isoDate === null || loaded?.date === isoDate.slice(0, 10);

/** A lot whose status (on the map's date) is an AI reading under the confidence threshold: 'A revisar'. */
const isToReview = (layer: Layer): boolean =>
  layer.type === 'LOT' && needsReview(layer.detectAllotment?.precision);

/** Without `only`, the layers as they are; with it, every lot not to review is left out. */
function reviewFilter(layers: readonly Layer[], only: boolean): readonly Layer[] {
  return only ? layers.filter((layer) => layer.type !== 'LOT' || isToReview(layer)) : layers;
}

/**
 * The map features of the main map and of the compared 'Antes' map, lots coloured by their status on each map's
 * date (null: their latest detection); the same collection is shared while nothing differs. `statusOn` gives a
 * lot's status on the shown or the 'Antes' date as the map has it; `datesLoaded` is false while a date's
 * statuses are still those of the date shown before. `reviewCount`: lots 'A revisar' on the shown date; with
 * `reviewOnly` only those lots are drawn.
 */
export function useDatedFeatures(
  projectId: number,
  layers: readonly Layer[],
  shownDate: string | null,
  beforeDate: string | null,
  reviewOnly = false,
) {
  const shownStatuses = useLotStatusesAt(projectId, shownDate);
  const beforeStatuses = useLotStatusesAt(projectId, beforeDate);
  const shownLayers = useMemo(
    () => layersAtDate(layers, shownDate ? shownStatuses.data : undefined),
    [layers, shownDate, shownStatuses.data],
  );
  const beforeLayers = useMemo(
    () => layersAtDate(layers, beforeDate ? beforeStatuses.data : undefined),
    [layers, beforeDate, beforeStatuses.data],
  );
  const reviewCount = useMemo(() => shownLayers.filter(isToReview).length, [shownLayers]);
  const data = useMemo(
    () => toFeatureCollection(reviewFilter(shownLayers, reviewOnly)),
    [shownLayers, reviewOnly],
  );
  const beforeData = useMemo(
    () => (beforeLayers === shownLayers ? data : toFeatureCollection(reviewFilter(beforeLayers, reviewOnly))),
    [beforeLayers, shownLayers, data, reviewOnly],
  );
  const datesLoaded = loadedFor(shownDate, shownStatuses.data) && loadedFor(beforeDate, beforeStatuses.data);
  const statusOn = useCallback(
    (side: 'shown' | 'before', lotId: number): LotStatusOnDate => {
      const statuses = side === 'shown' ? shownStatuses.data : beforeStatuses.data;
      const found = statuses?.lots.find((lot) => lot.id === lotId);
      return found ? { detect_type: found.detect_type, date: found.date, precision: found.precision } : null;
    },
    [shownStatuses.data, beforeStatuses.data],
  );
  return { data, beforeData, statusOn, datesLoaded, reviewCount };
}

export type DatedFeatures = ReturnType<typeof useDatedFeatures>;
