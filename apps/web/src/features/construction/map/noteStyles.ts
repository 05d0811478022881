import type { LayerSpecification, StyleSpecification } from 'maplibre-gl';
import type { Note, Scene } from '@mirante/shared';
import { sceneRasterLayer, sceneRasterSource } from '../../map/style/sceneRaster';

export const NOTES_SOURCE = 'construction-notes';

/** The notes of an inspection as one GeoJSON source's data (each feature coloured by its category). */
export function notesCollection(notes: readonly Note[]) {
  return {
    type: 'FeatureCollection' as const,
    features: notes.map((note) => ({
      ...note.layerGeojson,
      properties: { ...note.layerGeojson.properties, name: note.name },
    })),
  };
}

/** Layers drawing notes on a map: polygons filled and outlined, lines, markers as circles. */
export function notesLayers(source: string = NOTES_SOURCE): LayerSpecification[] {
  const color = ['get', 'color'] as unknown as string;
  return [
    {
      id: `${source}-fill`,
      type: 'fill',
      source,
      filter: ['==', ['geometry-type'], 'Polygon'],
      paint: { 'fill-color': color, 'fill-opacity': 0.3 },
    },
    {
      id: `${source}-line`,
      type: 'line',
      source,
      filter: ['!=', ['geometry-type'], 'Point'],
      paint: { 'line-color': color, 'line-width': 3 },
    },
    {
      id: `${source}-marker`,
      type: 'circle',
      source,
      filter: ['==', ['geometry-type'], 'Point'],
      paint: {
        'circle-color': color,
        'circle-radius': 7,
        'circle-stroke-color': '#ffffff',
        'circle-stroke-width': 2,
      },
    },
  ];
}

/** The drawing map of the new-note modal: the inspection's scene (once tiled) over a dark background. */
export function noteDrawStyle(scene: Scene | null, apiToken: string, origin: string): StyleSpecification {
  const showScene = scene !== null && scene.status === 'ready';
  return {
    version: 8,
    sources: showScene
      ? {
          scene: sceneRasterSource(scene, apiToken, origin),
        }
      : {},
    layers: [
      { id: 'background', type: 'background', paint: { 'background-color': '#1d2125' } },
      ...(showScene ? [sceneRasterLayer('scene')] : []),
    ],
  };
}
