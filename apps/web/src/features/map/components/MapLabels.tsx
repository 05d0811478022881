import { useEffect, useState } from 'react';
import { labelsInView, type LabelAnchor } from '../map/labels';
import type { MapInstance } from '../map/maplibre';

interface PlacedLabel extends LabelAnchor {
  x: number;
  y: number;
}

export interface MapLabelsProps {
  map: MapInstance;
  anchors: readonly LabelAnchor[];
  lots: boolean;
  blocks: boolean;
}

/** Lot, block and stage labels as DOM text over the canvas (no glyph server offline), only those in view. */
export function MapLabels({ map, anchors, lots, blocks }: MapLabelsProps) {
  const [placed, setPlaced] = useState<PlacedLabel[]>([]);

  useEffect(() => {
    let frame = 0;
    const update = () => {
      frame = 0;
      const bounds = map.getBounds();
      const view = {
        west: bounds.getWest(),
        south: bounds.getSouth(),
        east: bounds.getEast(),
        north: bounds.getNorth(),
      };
      const shown = labelsInView(anchors, map.getZoom(), view, { lots, blocks });
      setPlaced(
        shown.map((anchor) => {
          const point = map.project([anchor.lng, anchor.lat]);
          return { ...anchor, x: point.x, y: point.y };
        }),
      );
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(update);
    };
    update();
    map.on('move', schedule);
    map.on('resize', schedule);
    return () => {
      map.off('move', schedule);
      map.off('resize', schedule);
      if (frame) cancelAnimationFrame(frame);
    };
  }, [map, anchors, lots, blocks]);

  return (
    <div className="map-labels" aria-hidden>
      {placed.map((label) => (
        <span
          key={label.id}
          className={`map-label map-label--${label.kind}`}
          style={{ transform: `translate(${label.x}px, ${label.y}px) translate(-50%, -50%)` }}
        >
          {label.text}
        </span>
      ))}
    </div>
  );
}
