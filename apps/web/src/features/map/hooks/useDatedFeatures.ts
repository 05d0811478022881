import { useCallback, useMemo } from 'react';
import { needsReview, type Layer } from '@mirante/shared';
import { useLotStatusesAt } from '../api';
import type { LotStatusOnDate } from '../model/comparisonVerdict';
import { layersAtDate } from '../style/layersAtDate';

/** Whether the statuses asked for a date (null: none asked) are the ones loaded, not a previous date's. */
const loadedFor = (isoDate: string | null, loaded: { date: string } | undefined) =>
  isoDate === null || loaded?.date === isoDate.slice(0, 10);

/** A lot whose status (on the map's date) is an AI reading under the confidence threshold: 'A revisar'. */
const isToReview = (layer: Layer): boolean =>
  layer.type === 'LOT' && needsReview(layer.detectAllotment?.precision);

/**
 * The lots' statuses on the main map's date and on the compared 'Antes' map's (null: their latest detection), as
 * the maps colour them (the server's tiles of that date). `statusOn` gives a lot's status on the shown or the
 * 'Antes' date; `datesLoaded` is false while a date's statuses are still those of the date shown before.
 * `reviewCount`: lots 'A revisar' on the shown date.
 */
export function useDatedFeatures(
  projectId: number,
  layers: readonly Layer[],
  shownDate: string | null,
  beforeDate: string | null,
) {
  const shownStatuses = useLotStatusesAt(projectId, shownDate);
  const beforeStatuses = useLotStatusesAt(projectId, beforeDate);
  const shownLayers = useMemo(
    () => layersAtDate(layers, shownDate ? shownStatuses.data : undefined),
    [layers, shownDate, shownStatuses.data],
  );
  const reviewCount = useMemo(() => shownLayers.filter(isToReview).length, [shownLayers]);
  const datesLoaded = loadedFor(shownDate, shownStatuses.data) && loadedFor(beforeDate, beforeStatuses.data);
  const statusOn = useCallback(
    (side: 'shown' | 'before', lotId: number): LotStatusOnDate => {
      const statuses = side === 'shown' ? shownStatuses.data : beforeStatuses.data;
      const found = statuses?.lots.find((lot) => lot.id === lotId);
      return found ? { detect_type: found.detect_type, date: found.date, precision: found.precision } : null;
    },
    [shownStatuses.data, beforeStatuses.data],
  );
  return { statusOn, datesLoaded, reviewCount };
}

export type DatedFeatures = ReturnType<typeof useDatedFeatures>;
