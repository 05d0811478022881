import { useEffect, useState } from 'react';
import { placedLabels, type PlacedLabel } from '../../export/exportLabels';
import type { LabelAnchor } from '../../style/labels';
import type { MapInstance } from '../../engine/maplibre';

export interface MapLabelsProps {
  map: MapInstance;
  anchors: readonly LabelAnchor[];
  lots: boolean;
  blocks: boolean;
}

/**
 * Lot, block and stage labels as DOM text over the canvas (no glyph server offline): only those in view, and
 * only while the camera is still.
 */
export function MapLabels({ map, anchors, lots, blocks }: MapLabelsProps) {
  const [placed, setPlaced] = useState<PlacedLabel[]>([]);

  useEffect(() => {
    const update = () => setPlaced(placedLabels(map, { anchors, lots, blocks }));
    // Hidden while the camera moves (no DOM work per frame while panning), placed again once it stops.
    const hide = () => setPlaced((current) => (current.length === 0 ? current : []));
    update();
    map.on('movestart', hide);
    map.on('moveend', update);
    map.on('resize', update);
    return () => {
      map.off('movestart', hide);
      map.off('moveend', update);
      map.off('resize', update);
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
