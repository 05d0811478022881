import { useEffect, useState } from 'react';
import type { EnvironmentFeature } from '@mirante/shared';
import { geometryBounds } from '../../map/detections/detectionDetail';
import { FIT_BOUNDS_OPTIONS } from '../../map/engine/fitBounds';
import type { MapInstance } from '../../map/engine/maplibre';
import { PROPOSALS_FILL } from '../proposalLayers';

/**
 * The map's side of the proposals: a click on one picks it (the pointer shows it can), and a proposal picked in
 * the list (`focus`) is brought into view when it is not wholly on screen. Returns the cursor to show.
 */
export function useProposalsOnMap(
  map: MapInstance | null,
  onPick: (featureId: number) => void,
  focus: EnvironmentFeature | null,
): string | undefined {
  const [hovering, setHovering] = useState(false);

  useEffect(() => {
    if (!map) return;
    // Layer events are looked up by id at each event: they survive the style changes (a new selection).
    const click = (event: { features?: { properties: { id?: unknown } }[] }) => {
      const id = event.features?.[0]?.properties.id;
      if (typeof id === 'number') onPick(id);
    };
    const enter = () => setHovering(true);
    const leave = () => setHovering(false);
    map.on('click', PROPOSALS_FILL, click);
    map.on('mouseenter', PROPOSALS_FILL, enter);
    map.on('mouseleave', PROPOSALS_FILL, leave);
    return () => {
      map.off('click', PROPOSALS_FILL, click);
      map.off('mouseenter', PROPOSALS_FILL, enter);
      map.off('mouseleave', PROPOSALS_FILL, leave);
    };
  }, [map, onPick]);

  useEffect(() => {
    if (!map || !focus) return;
    const [[west, south], [east, north]] = geometryBounds(focus.geojson);
    const view = map.getBounds();
    const onScreen = view.contains([west, south]) && view.contains([east, north]);
    if (!onScreen) map.fitBounds([west, south, east, north], FIT_BOUNDS_OPTIONS);
  }, [map, focus]);

  return hovering ? 'pointer' : undefined;
}
