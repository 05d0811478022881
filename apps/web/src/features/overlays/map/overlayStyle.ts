import type { LayerSpecification, StyleSpecification } from 'maplibre-gl';
import type { Corners } from '@mirante/shared';
import { FILL_LAYER } from '../../map/style/layerStyles';

/** One plan drawn on a map: its image, where its corners go and how opaque it is (0–100, the business limits). */
export interface ShownOverlay {
  id: number | string;
  url: string;
  corners: Corners;
  opacity: number;
}

export const overlaySourceId = (id: number | string) => `overlay-${id}`;

/**
 * The style with the plans laid over the imagery as MapLibre image sources (four corners: a rotated plan stays
 * rotated): above the lots' and blocks' fills (opaque on the drawn map), under their outlines and labels.
 */
export function withOverlays(
  style: StyleSpecification,
  overlays: readonly ShownOverlay[],
): StyleSpecification {
  if (overlays.length === 0) return style;
  const sources = { ...style.sources };
  const planLayers: LayerSpecification[] = overlays.map((overlay) => {
    const id = overlaySourceId(overlay.id);
    sources[id] = { type: 'image', url: overlay.url, coordinates: overlay.corners };
    return {
      id,
      type: 'raster',
      source: id,
      paint: { 'raster-opacity': overlay.opacity / 100, 'raster-fade-duration': 0 },
    };
  });
  const fill = style.layers.findIndex((layer) => layer.id === FILL_LAYER);
  const at = fill === -1 ? style.layers.length : fill + 1;
  return {
    ...style,
    sources,
    layers: [...style.layers.slice(0, at), ...planLayers, ...style.layers.slice(at)],
  };
}
