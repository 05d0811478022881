import { useMemo, useState } from 'react';
import type { Layer, LayerType, Project, Scene } from '@mirante/shared';
import { MapLegend } from '../../map/components/canvas/MapLegend';
import { MapStatusBar } from '../../map/components/canvas/MapStatusBar';
import { MapView } from '../../map/components/canvas/MapView';
import type { MapInstance } from '../../map/engine/maplibre';
import { useMapCamera } from '../../map/hooks/useMapCamera';
import { useMapStyles } from '../../map/hooks/useMapStyles';
import { legendSections, lotLegendTitle } from '../../map/style/legendSections';

export interface AnalysisMapProps {
  project: Project;
  layers: readonly Layer[];
  visibleTypes: readonly LayerType[];
  /** The chosen analysis's after scene (null: the map without imagery). */
  scene: Scene | null;
  apiToken: string;
}

/** The analysis page's map: the after scene of the chosen analysis with the project's layers shown in Camadas. */
export function AnalysisMap({ project, layers, visibleTypes, scene, apiToken }: AnalysisMapProps) {
  const [map, setMap] = useState<MapInstance | null>(null);
  const [cursor, setCursor] = useState<{ lat: number; lng: number } | null>(null);
  const camera = useMapCamera(map, project.defaultZoom, project.bounds);
  const { style } = useMapStyles({
    projectId: project.id,
    layers,
    reviewOnly: false,
    mapType: 'satelite',
    scene,
    before: null,
    visibleTypes,
    apiToken,
  });
  const legend = useMemo(() => legendSections(visibleTypes, lotLegendTitle(false, null)), [visibleTypes]);
  return (
    <div className="map-stage environment-map" data-testid="map-stage">
      <MapView style={style} initialBounds={project.bounds} onReady={setMap} onCursor={setCursor} />
      <MapLegend sections={legend} />
      <MapStatusBar cursor={cursor} zoom={camera.zoom} sceneLabel={scene?.dateFormatted ?? null} />
    </div>
  );
}
