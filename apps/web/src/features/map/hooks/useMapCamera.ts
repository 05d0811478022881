import { useCallback, useEffect, useState } from 'react';
import { FIT_BOUNDS_OPTIONS } from '../engine/fitBounds';
import type { MapInstance } from '../engine/maplibre';

/** The map's zoom and bearing as React state (status bar, rotate slider), rotating and fitting the project. */
export function useMapCamera(
  map: MapInstance | null,
  initialZoom: number,
  bounds: [[number, number], [number, number]],
) {
  const [zoom, setZoom] = useState(initialZoom);
  const [bearing, setBearing] = useState(0);

  useEffect(() => {
    if (!map) return;
    const onZoom = () => setZoom(map.getZoom());
    const onRotate = () =>
      setBearing((now) => (Math.abs(now - map.getBearing()) % 360 < 0.01 ? now : map.getBearing()));
    onZoom();
    map.on('zoom', onZoom);
    map.on('rotate', onRotate);
    return () => {
      map.off('zoom', onZoom);
      map.off('rotate', onRotate);
    };
  }, [map]);

  const rotate = useCallback(
    (value: number) => {
      setBearing(value);
      map?.setBearing(value);
    },
    [map],
  );
  const fit = useCallback(() => map?.fitBounds(bounds, FIT_BOUNDS_OPTIONS), [map, bounds]);
  return { zoom, bearing, rotate, fit };
}
