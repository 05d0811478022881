import { useEffect } from 'react';
import type { MapInstance } from '../engine/maplibre';

/** Keeps two maps on the same camera (centre, zoom, bearing, pitch): whichever moves leads. */
export function useSyncedMaps(a: MapInstance | null, b: MapInstance | null): void {
  useEffect(() => {
    if (!a || !b) return;
    let syncing = false;
    const follow = (from: MapInstance, to: MapInstance) => () => {
      if (syncing) return;
      syncing = true;
      to.jumpTo({
        center: from.getCenter(),
        zoom: from.getZoom(),
        bearing: from.getBearing(),
        pitch: from.getPitch(),
      });
      syncing = false;
    };
    const aToB = follow(a, b);
    const bToA = follow(b, a);
    aToB();
    a.on('move', aToB);
    b.on('move', bToA);
    return () => {
      a.off('move', aToB);
      b.off('move', bToA);
    };
  }, [a, b]);
}
