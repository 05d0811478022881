import { useEffect, useState } from 'react';
import type { StyleSpecification } from 'maplibre-gl';
import { MapView } from '../../map/components/canvas/MapView';
import { maplibregl, type MapInstance } from '../../map/engine/maplibre';

export interface MapMark {
  label: string;
  lng: number;
  lat: number;
  active: boolean;
}

export interface PointMapProps {
  style: StyleSpecification;
  bounds: [[number, number], [number, number]];
  marks: readonly MapMark[];
  onMark?(position: { lng: number; lat: number }): void;
  testId: string;
}

/** A wizard map: click to mark the active point; each marked point shows its letter. */
export function PointMap({ style, bounds, marks, onMark, testId }: PointMapProps) {
  const [map, setMap] = useState<MapInstance | null>(null);

  useEffect(() => {
    if (!map || !onMark) return;
    const click = (event: maplibregl.MapMouseEvent) =>
      onMark({ lng: event.lngLat.lng, lat: event.lngLat.lat });
    map.on('click', click);
    map.getCanvas().style.cursor = 'crosshair';
    return () => {
      map.off('click', click);
    };
  }, [map, onMark]);

  useEffect(() => {
    if (!map) return;
    const markers = marks.map((mark) => {
      const element = document.createElement('div');
      element.className = `overlay-mark${mark.active ? ' overlay-mark--active' : ''}`;
      element.textContent = mark.label;
      element.dataset.testid = `map-mark-${mark.label}`;
      return new maplibregl.Marker({ element }).setLngLat([mark.lng, mark.lat]).addTo(map);
    });
    return () => markers.forEach((marker) => marker.remove());
  }, [map, marks]);

  return (
    <div className="overlay-point-map" data-testid={testId}>
      <MapView style={style} initialBounds={bounds} onReady={setMap} />
    </div>
  );
}
