import { useEffect, useRef } from 'react';
import {
  TerraDraw,
  TerraDrawLineStringMode,
  TerraDrawPointMode,
  TerraDrawPolygonMode,
  ValidateNotSelfIntersecting,
  type GeoJSONStoreFeatures,
} from 'terra-draw';
import { TerraDrawMapLibreGLAdapter } from 'terra-draw-maplibre-gl-adapter';
import type { NoteGeometry, NoteType } from '@mirante/shared';
import type { MapInstance } from '../../map/engine/maplibre';

const COLOR = '#ffd400';
const MODE: Record<NoteType, 'polygon' | 'linestring' | 'point'> = {
  polygon: 'polygon',
  line: 'linestring',
  marker: 'point',
};

/** The drawn feature as the note's geometry (Terra Draw keeps lon/lat GeoJSON). */
const toGeometry = (feature: GeoJSONStoreFeatures): NoteGeometry | null => {
  const { geometry } = feature;
  if (geometry.type === 'Point')
    return { type: 'Point', coordinates: geometry.coordinates as [number, number] };
  if (geometry.type === 'LineString')
    return { type: 'LineString', coordinates: geometry.coordinates as [number, number][] };
  if (geometry.type === 'Polygon')
    return { type: 'Polygon', coordinates: geometry.coordinates as [number, number][][] };
  return null;
};

/**
 * Terra Draw on the new-note map in the note type's mode (a note's polygon may not cross itself). One
 * shape at a time: finishing a new one replaces the last and is reported through `onShape`. The type's mode
 * starts empty (the form clears the shape when the type changes); `initial` is the shape being edited.
 */
export function useNoteDraw(
  map: MapInstance | null,
  noteType: NoteType | undefined,
  initial: NoteGeometry | null,
  onShape: (geometry: NoteGeometry) => void,
): void {
  const report = useRef(onShape);
  const start = useRef(initial);
  useEffect(() => {
    report.current = onShape;
  }, [onShape]);

  useEffect(() => {
    if (!map || !noteType) return;
    const draw = new TerraDraw({
      adapter: new TerraDrawMapLibreGLAdapter({ map }),
      modes: [
        new TerraDrawPolygonMode({
          styles: { fillColor: COLOR, fillOpacity: 0.3, outlineColor: COLOR, outlineWidth: 3 },
          validation: (feature, { updateType }) =>
            updateType === 'finish' || updateType === 'commit'
              ? ValidateNotSelfIntersecting(feature)
              : { valid: true },
        }),
        new TerraDrawLineStringMode({ styles: { lineStringColor: COLOR, lineStringWidth: 3 } }),
        new TerraDrawPointMode({ styles: { pointColor: COLOR, pointWidth: 7 } }),
      ],
    });
    draw.start();
    draw.setMode(MODE[noteType]);
    const shape = start.current;
    if (shape && shape.type === { polygon: 'Polygon', line: 'LineString', marker: 'Point' }[noteType]) {
      draw.addFeatures([{ type: 'Feature', geometry: shape, properties: { mode: MODE[noteType] } }]);
    }
    start.current = null;
    draw.on('finish', (id) => {
      const finished = draw.getSnapshotFeature(id);
      if (!finished) return;
      const older = draw.getSnapshot().filter((feature) => feature.id !== id);
      if (older.length > 0) draw.removeFeatures(older.map((feature) => feature.id as string));
      const geometry = toGeometry(finished);
      if (geometry) report.current(geometry);
    });
    return () => {
      if (drawSourcesPresent(map)) draw.stop();
    };
  }, [map, noteType]);
}

/**
 * Whether Terra Draw's sources are still on the map. When the dialog closes, the map may already be removed or
 * restyled (which drops sources not in the style); Terra Draw's stop() then throws on the missing source and the
 * error would take the whole page down, while there is nothing left to clean.
 */
function drawSourcesPresent(map: MapInstance): boolean {
  try {
    return map.getSource('td-point') !== undefined;
  } catch {
    return false;
  }
}
