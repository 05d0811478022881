import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import type { Layer } from '@mirante/shared';
import { geometryBounds } from '../detections/detectionDetail';
import { FIT_BOUNDS_OPTIONS } from '../engine/fitBounds';
import type { MapInstance } from '../engine/maplibre';

/** The query parameter an alert e-mail or the bell names a lot with (`/page/fusion-map?projeto=3&lote=41`). */
export const LOT_PARAM = 'lote';

/** The lot a link names, when it is one of the project's lots. */
export function lotOfParam(search: URLSearchParams, layers: readonly Layer[]): Layer | undefined {
  const raw = search.get(LOT_PARAM);
  const id = raw === null ? NaN : Number(raw);
  return Number.isInteger(id) ? layers.find((layer) => layer.id === id && layer.type === 'LOT') : undefined;
}

/**
 * Opens the map on the lot a link names (`?lote=`): selects it (its popup opens) and flies to it, once per
 * named lot, when the map and the project's layers are ready.
 */
export function useLotParam(
  map: MapInstance | null,
  layers: readonly Layer[],
  select: (lotId: number) => void,
): void {
  const [search] = useSearchParams();
  const opened = useRef<number | null>(null);
  useEffect(() => {
    if (!map) return;
    const lot = lotOfParam(search, layers);
    if (!lot || opened.current === lot.id) return;
    opened.current = lot.id;
    select(lot.id);
    map.fitBounds(geometryBounds(lot.geo_json), FIT_BOUNDS_OPTIONS);
  }, [map, layers, search, select]);
}
