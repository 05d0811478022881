import { useMemo } from 'react';
import type { Layer } from '@mirante/shared';
import { useLotStatusesAt } from '../api';
import { layersAtDate } from '../style/layersAtDate';
import { toFeatureCollection } from '../style/layerStyles';

/** Whether the statuses asked for a date (null: none asked) are the ones loaded, not a previous date's. */
const loadedFor = (isoDate: string | null, loaded: { date: string } | undefined) =>
  isoDate === null || loaded?.date === isoDate.slice(0, 10);

/**
 * The layers and map features of the main map and of the compared 'Antes' map, lots with their status on each
 * map's date (null: their latest detection). The same collection is shared while nothing differs. `datesLoaded`
 * is false while a date's statuses are still those of the date shown before.
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
  return { data, beforeData, shownLayers, beforeLayers, datesLoaded };
}

export type DatedFeatures = ReturnType<typeof useDatedFeatures>;
