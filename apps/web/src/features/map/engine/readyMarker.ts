import type { Map as MapInstance } from 'maplibre-gl';

declare global {
  interface Window {
    /** performance.now() of the first idle map (a rendered map), for the browser tests and bench/map. */
    __miranteMapReadyAt?: number;
  }
}

// MapLibre fires 'idle' only at the end of a frame: asking for one makes sure that a lowered signal rises again
// even when the change turns out to need no drawing (a style equal to the last one, a jump to the same place).
const markBusy = (map: MapInstance) => {
  map.getContainer().dataset.mapReady = 'false';
  map.triggerRepaint();
};

/**
 * Keeps the map's ready signal on its container: data-map-ready is 'true' only while the map is settled (MapLibre's
 * 'idle': style, sources and tiles loaded, no camera move, nothing left to draw) and 'false' from the moment a move
 * or a load starts; on each settle data-map-zoom and data-map-center ('lng,lat') say where the camera stopped.
 * The browser tests wait on it instead of sleeping.
 */
export function trackMapReady(map: MapInstance): void {
  const container = map.getContainer();
  markBusy(map);
  const busy = () => markBusy(map);
  map.on('movestart', busy);
  map.on('dataloading', busy);
  map.on('styledataloading', busy);
  map.on('idle', () => {
    const center = map.getCenter();
    container.dataset.mapZoom = map.getZoom().toFixed(3);
    container.dataset.mapCenter = `${center.lng.toFixed(6)},${center.lat.toFixed(6)}`;
    container.dataset.mapReady = 'true';
    window.__miranteMapReadyAt ??= performance.now();
  });
}

/** Lowers the ready signal before a change that MapLibre applies later (a new style). */
export function markMapChanging(map: MapInstance): void {
  markBusy(map);
}
