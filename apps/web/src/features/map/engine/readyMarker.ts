declare global {
  interface Window {
    /** performance.now() of the first idle map (a rendered map), for the browser tests and bench/map. */
    __miranteMapReadyAt?: number;
  }
}

/** Marks the first fully rendered map on window and on its container (data-map-ready). */
export function markMapReady(container: HTMLElement): void {
  container.dataset.mapReady = 'true';
  window.__miranteMapReadyAt ??= performance.now();
}
