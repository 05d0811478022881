import { useEffect } from 'react';
import type { ImageSource } from 'maplibre-gl';
import type { DsmDifference } from '@mirante/shared';
import type { MapInstance } from '../../map/engine/maplibre';

export const DIFFERENCE_SOURCE = 'dsm-difference';
export const DIFFERENCE_LAYER = 'dsm-difference';

/**
 * Draws the elevation-difference image over the imagery of the map screen (under the notes, which are added
 * after it). A new style (map type, scene) drops added sources, so it is put back on every style load.
 */
export function useDifferenceOnMap(map: MapInstance | null, shown: DsmDifference | null): void {
  useEffect(() => {
    if (!map || !shown) return;
    const apply = () => {
      const source = map.getSource<ImageSource>(DIFFERENCE_SOURCE);
      if (source) {
        if (source.url !== shown.image) source.updateImage({ url: shown.image, coordinates: shown.corners });
        return;
      }
      try {
        map.addSource(DIFFERENCE_SOURCE, { type: 'image', url: shown.image, coordinates: shown.corners });
        map.addLayer({
          id: DIFFERENCE_LAYER,
          type: 'raster',
          source: DIFFERENCE_SOURCE,
          paint: { 'raster-fade-duration': 0, 'raster-resampling': 'nearest' },
        });
      } catch {
        // A style still loading refuses new sources: the next 'styledata' or 'idle' adds it.
      }
    };
    apply();
    map.on('styledata', apply);
    map.on('idle', apply);
    return () => {
      map.off('styledata', apply);
      map.off('idle', apply);
      if (!map.getStyle()) return;
      if (map.getLayer(DIFFERENCE_LAYER)) map.removeLayer(DIFFERENCE_LAYER);
      if (map.getSource(DIFFERENCE_SOURCE)) map.removeSource(DIFFERENCE_SOURCE);
    };
  }, [map, shown]);
}
