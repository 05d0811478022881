import { useEffect, useRef } from 'react';
import { MAP_LIMITS, type LayerGeometry, type Scene } from '@mirante/shared';
import { geometryBounds } from '../../detections/detectionDetail';
import { miniMapStyle } from '../../style/miniMapStyle';
import { maplibregl } from '../../engine/maplibre';
import { drawSkyOnlyWhenStyled } from '../../engine/styleSky';

export interface DetectionMiniMapProps {
  caption: string;
  scene: Scene | null;
  geometry: LayerGeometry;
  color: string;
  apiToken: string;
  /** Incremented by 'Centralizar': the map fits the detection again. */
  centerSignal: number;
}

/** One side of the detection detail's before/after view. */
export function DetectionMiniMap(props: DetectionMiniMapProps) {
  const { caption, scene, geometry, color, apiToken, centerSignal } = props;
  const container = useRef<HTMLDivElement>(null);
  const map = useRef<maplibregl.Map | null>(null);

  useEffect(() => {
    if (!container.current) return;
    const instance = new maplibregl.Map({
      container: container.current,
      style: miniMapStyle(scene, geometry, color, apiToken, window.location.origin),
      bounds: geometryBounds(geometry),
      fitBoundsOptions: { padding: 40, maxZoom: MAP_LIMITS.fitBoundsMaxZoom },
      maxZoom: MAP_LIMITS.maxZoom,
      attributionControl: false,
    });
    drawSkyOnlyWhenStyled(instance);
    map.current = instance;
    return () => {
      map.current = null;
      instance.remove();
    };
  }, [scene, geometry, color, apiToken]);

  useEffect(() => {
    if (centerSignal > 0)
      map.current?.fitBounds(geometryBounds(geometry), { padding: 40, maxZoom: MAP_LIMITS.fitBoundsMaxZoom });
  }, [centerSignal, geometry]);

  return (
    <div className="detection-detail__map" data-testid="detection-mini-map">
      <span className="detection-detail__caption">{caption}</span>
      <div ref={container} />
    </div>
  );
}
