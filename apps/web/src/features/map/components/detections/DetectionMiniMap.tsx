import { useEffect, useMemo, useState } from 'react';
import type { LayerGeometry, Scene } from '@mirante/shared';
import { geometryBounds } from '../../detections/detectionDetail';
import { FIT_BOUNDS_OPTIONS } from '../../engine/fitBounds';
import type { MapInstance } from '../../engine/maplibre';
import { miniMapStyle } from '../../style/miniMapStyle';
import { MapView } from '../canvas/MapView';

export interface DetectionMiniMapProps {
  caption: string;
  scene: Scene | null;
  geometry: LayerGeometry;
  color: string;
  apiToken: string;
  /** Incremented by 'Centralizar': the map fits the detection again. */
  centerSignal: number;
}

/** One side of the detection detail's before/after view: the map shell with the scene and the detection's outline. */
export function DetectionMiniMap(props: DetectionMiniMapProps) {
  const { caption, scene, geometry, color, apiToken, centerSignal } = props;
  const [map, setMap] = useState<MapInstance | null>(null);
  const style = useMemo(
    () => miniMapStyle(scene, geometry, color, apiToken, window.location.origin),
    [scene, geometry, color, apiToken],
  );
  const bounds = useMemo(() => geometryBounds(geometry), [geometry]);

  useEffect(() => {
    if (centerSignal > 0) map?.fitBounds(bounds, FIT_BOUNDS_OPTIONS);
  }, [centerSignal, map, bounds]);

  return (
    <div className="detection-detail__map" data-testid="detection-mini-map">
      <span className="detection-detail__caption">{caption}</span>
      <MapView style={style} initialBounds={bounds} onReady={setMap} />
    </div>
  );
}
