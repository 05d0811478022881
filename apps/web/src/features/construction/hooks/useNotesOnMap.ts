import { useEffect } from 'react';
import type { GeoJSONSource } from 'maplibre-gl';
import type { Note } from '@mirante/shared';
import type { MapInstance } from '../../map/engine/maplibre';
import { NOTES_SOURCE, notesCollection, notesLayers } from '../map/noteStyles';

/**
 * Draws the selected inspection's notes on the map screen, above the imagery and lots. A new style (map type,
 * scene) drops added sources, so they are put back on every style load.
 */
export function useNotesOnMap(map: MapInstance | null, notes: readonly Note[]): void {
  useEffect(() => {
    if (!map) return;
    const data = notesCollection(notes);
    const apply = () => {
      if (!map.isStyleLoaded()) return;
      const source = map.getSource<GeoJSONSource>(NOTES_SOURCE);
      if (source) {
        source.setData(data);
        return;
      }
      map.addSource(NOTES_SOURCE, { type: 'geojson', data });
      for (const layer of notesLayers()) map.addLayer(layer);
    };
    apply();
    map.on('styledata', apply);
    return () => {
      map.off('styledata', apply);
      if (!map.getStyle()) return;
      for (const layer of notesLayers()) if (map.getLayer(layer.id)) map.removeLayer(layer.id);
      if (map.getSource(NOTES_SOURCE)) map.removeSource(NOTES_SOURCE);
    };
  }, [map, notes]);
}
