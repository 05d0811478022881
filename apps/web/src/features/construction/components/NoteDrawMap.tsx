import { useMemo, useState } from 'react';
import type { NoteGeometry, NoteType, Scene } from '@mirante/shared';
import { MapView } from '../../map/components/canvas/MapView';
import type { MapInstance } from '../../map/engine/maplibre';
import { useNoteDraw } from '../hooks/useNoteDraw';
import { noteDrawStyle } from '../map/noteStyles';

const HINTS: Record<NoteType, string> = {
  polygon: 'Clique para marcar os vértices; clique no primeiro ponto para fechar o polígono.',
  line: 'Clique para marcar os pontos; clique no último ponto para terminar a linha.',
  marker: 'Clique no mapa para posicionar o marcador.',
};

const sceneKey = (scene: Scene | null): string => (scene ? `${scene.id}:${scene.status}` : '');

export interface NoteDrawMapProps {
  scene: Scene | null;
  bounds: [[number, number], [number, number]];
  apiToken: string;
  noteType: NoteType | undefined;
  /** The shape being edited (drawn once when the map opens). */
  initial: NoteGeometry | null;
  onShape(geometry: NoteGeometry): void;
}

/** The new-note modal's drawing map: the inspection's image with Terra Draw in the note type's mode. */
export function NoteDrawMap({ scene, bounds, apiToken, noteType, initial, onShape }: NoteDrawMapProps) {
  const [map, setMap] = useState<MapInstance | null>(null);
  // A new style object replaces the map's style and with it Terra Draw's sources (then its stop() throws): the
  // style changes only when the scene shown does, not when a refetch hands over a copy of the same scene.
  const [shown, setShown] = useState(scene);
  if (sceneKey(shown) !== sceneKey(scene)) setShown(scene);
  const style = useMemo(() => noteDrawStyle(shown, apiToken, window.location.origin), [shown, apiToken]);
  useNoteDraw(map, noteType, initial, onShape);
  return (
    <div className="note-draw-map" data-testid="note-draw-map">
      <MapView style={style} initialBounds={bounds} onReady={setMap} />
      <div className="note-draw-map__hint">{noteType ? HINTS[noteType] : 'Escolha o tipo da anotação.'}</div>
    </div>
  );
}
