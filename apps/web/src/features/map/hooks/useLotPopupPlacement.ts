import { useEffect, useMemo } from 'react';
import type { Layer } from '@mirante/shared';
import type { MapInstance } from '../engine/maplibre';
import { lotPopupPlacement } from '../model/lotPopupPlacement';

/** map.css: the popup's margins (left edge; right edge beside the tool column) and widths. */
const LEFT_MARGIN = 12;
const RIGHT_MARGIN = 64;
const WIDTH = { lot: 700, compare: 430 } as const;

function outerRing(lot: Layer): number[][] {
  const geometry = lot.geo_json;
  if (geometry.type === 'Polygon') return geometry.coordinates[0] ?? [];
  if (geometry.type === 'MultiPolygon') return geometry.coordinates[0]?.[0] ?? [];
  return [];
}

/**
 * Which side the lot popup takes, panning the map once per clicked lot when it would still cover the lot (the
 * popup is 700 px of a ~1000 px map at 1366×768).
 */
export function useLotPopupPlacement(
  map: MapInstance | null,
  lot: Layer | null,
  variant: keyof typeof WIDTH,
): 'left' | 'right' {
  const lotId = lot?.id ?? null;
  // Worked out once per clicked lot (where it is on screen then); later moves are the person's own.
  const placement = useMemo(() => {
    if (!map || !lot) return null;
    const ring = outerRing(lot);
    if (ring.length === 0) return null;
    const xs = ring.map(([lng = 0, lat = 0]) => map.project([lng, lat]).x);
    const stageWidth = map.getContainer().clientWidth;
    return lotPopupPlacement({
      stageWidth,
      lotLeft: Math.min(...xs),
      lotRight: Math.max(...xs),
      popupWidth: Math.min(WIDTH[variant], stageWidth - 96),
      leftMargin: LEFT_MARGIN,
      rightMargin: RIGHT_MARGIN,
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per clicked lot: the lot object changes on every render, its id does not
  }, [map, lotId, variant]);
  useEffect(() => {
    if (map && placement && placement.shiftX !== 0) map.panBy([-placement.shiftX, 0], { duration: 300 });
  }, [map, placement]);
  return placement?.side ?? 'right';
}
