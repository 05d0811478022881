import { useEffect, useState } from 'react';
import type { MapInstance } from '../../engine/maplibre';

export interface MirrorCursorProps {
  /** The map the cross is drawn over. */
  map: MapInstance;
  /** Where the pointer is on the other map, or null. */
  position: { lat: number; lng: number } | null;
}

/** A cross on one map at the place the pointer points to on the other (comparison modes). */
export function MirrorCursor({ map, position }: MirrorCursorProps) {
  const [, setTick] = useState(0);
  useEffect(() => {
    const rerender = () => setTick((value) => value + 1);
    map.on('move', rerender);
    return () => {
      map.off('move', rerender);
    };
  }, [map]);
  if (!position) return null;
  const point = map.project([position.lng, position.lat]);
  const container = map.getContainer();
  return (
    <span
      className="mirror-cursor"
      data-testid="mirror-cursor"
      aria-hidden
      style={{ left: container.offsetLeft + point.x, top: container.offsetTop + point.y }}
    />
  );
}
