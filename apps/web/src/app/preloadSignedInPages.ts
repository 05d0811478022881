import mapWorkerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';

/**
 * Started when the sign-in form is sent: the signed-in shell's code, the map page's and its map worker's (the page
 * most users land on) download while the server checks the password, instead of one after the other once it has
 * answered. The login page itself downloads no map code. A failed download is left to the page that needs it.
 */
export function preloadSignedInPages(): void {
  const ignoreFailure = () => undefined;
  import('../features/shell/pages/ShellLayout').catch(ignoreFailure);
  import('./map/FusionMapPage').catch(ignoreFailure);
  // Immutable under /assets: the map's worker threads then start from the browser's cache.
  fetch(mapWorkerUrl).catch(ignoreFailure);
}
