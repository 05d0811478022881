import { useCallback, useMemo } from 'react';
import type { Layer } from '@mirante/shared';
import { useLotStatusesAt } from '../api';
import type { LotStatusOnDate } from '../model/comparisonVerdict';
import { layersAtDate } from '../style/layersAtDate';
import { toFeatureCollection } from '../style/layerStyles';

/** Whether the statuses asked for a date (null: none asked) are the ones loaded, not a previous date's. */
const loadedFor = (isoDate: string | null, loaded: { date: string } | undefined) =>
  isoDate === null || loaded?.date === isoDate.slice(0, 10);

/**
 * The map features of the main map and of the compared 'Antes' map, lots coloured by their status on each map's
 * date (null: their latest detection); the same collection is shared while nothing differs. `statusOn` gives a
 * lot's status on the shown or the 'Antes' date as the map has it; `datesLoaded` is false while a date's
 * statuses are still those of the date shown before.
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
  const beforeLayers = useMemo(
    () => layersAtDate(layers, beforeDate ? beforeStatuses.data : undefined),
    [layers, beforeDate, beforeStatuses.data],
  );
  const data = useMemo(() => toFeatureCollection(shownLayers), [shownLayers]);
  const beforeData = useMemo(
    () => (beforeLayers === shownLayers ? data : toFeatureCollection(beforeLayers)),
    [beforeLayers, shownLayers, data],
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
  return { data, beforeData, statusOn, datesLoaded };
}

export type DatedFeatures = ReturnType<typeof useDatedFeatures>;
