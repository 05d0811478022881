import { useCallback, useEffect, useState } from 'react';
import type { ImageSource, MapSourceDataEvent } from 'maplibre-gl';
import type { MapInstance } from '../../map/engine/maplibre';
import { overlaySourceId } from '../map/overlayStyle';

export interface OverlayLoadFailures {
  /** Ids of the saved plans whose image the map could not load. */
  failed: ReadonlySet<number>;
  /** Asks the map for the plan's image again. */
  retry(id: number): void;
}

/** The saved plan's id of an image source of withOverlays (not the wizard's preview). */
function overlayIdOf(sourceId: unknown): number | null {
  const match = typeof sourceId === 'string' ? /^overlay-(\d+)$/.exec(sourceId) : null;
  return match ? Number(match[1]) : null;
}

const without = (set: ReadonlySet<number>, id: number) => {
  if (!set.has(id)) return set;
  const next = new Set(set);
  next.delete(id);
  return next;
};

/**
 * The error catalogue 'Não foi possível carregar a sobreposição' on the main map: MapLibre reports an image source that failed
 * to load as an 'error' event naming the source (or, before the map is handed over, as a loaded source without an
 * image); a plan whose image later arrives (a retry, or shown again) is
 * cleared by the source's 'metadata' data event.
 */
export function useOverlayLoadFailures(
  map: MapInstance | null,
  shownIds: readonly number[],
): OverlayLoadFailures {
  const [failed, setFailed] = useState<ReadonlySet<number>>(() => new Set());
  useEffect(() => {
    if (!map) return;
    const onError = (event: object) => {
      const id = overlayIdOf('sourceId' in event ? event.sourceId : undefined);
      if (id !== null) setFailed((current) => (current.has(id) ? current : new Set(current).add(id)));
    };
    const onData = (event: MapSourceDataEvent) => {
      const id = overlayIdOf(event.sourceId);
      if (id !== null && event.sourceDataType === 'metadata') setFailed((current) => without(current, id));
    };
    // The map is handed over on its 'load': a plan may have failed before anyone listened. A loaded image source
    // without an image is one that failed.
    const scan = requestAnimationFrame(() => {
      const early = shownIds.filter((id) => {
        const source = map.getSource<ImageSource>(overlaySourceId(id));
        return source?.loaded() === true && !source.image;
      });
      if (early.length > 0) setFailed((current) => new Set([...current, ...early]));
    });
    map.on('error', onError);
    map.on('sourcedata', onData);
    return () => {
      cancelAnimationFrame(scan);
      map.off('error', onError);
      map.off('sourcedata', onData);
    };
  }, [map, shownIds]);
  const retry = useCallback(
    (id: number) => {
      setFailed((current) => without(current, id));
      const source = map?.getSource<ImageSource>(overlaySourceId(id));
      // A failed image is not cached: the same address is asked again.
      if (source?.url) source.updateImage({ url: source.url, coordinates: source.coordinates });
    },
    [map],
  );
  return { failed, retry };
}
