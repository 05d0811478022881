import { useMemo } from 'react';
import type { Layer } from '@mirante/shared';
import { useLotStatusesAt } from '../api';
import { layersAtDate } from '../style/layersAtDate';
import { toFeatureCollection } from '../style/layerStyles';

/**
 * The map features of the main map and of the compared 'Antes' map, lots coloured by their status on each
 * map's date (null: their latest detection). The same collection is shared while nothing differs.
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
  return { data, beforeData };
}
