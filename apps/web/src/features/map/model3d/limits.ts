/** The business limits: 3D zoom range 0.5 to 100 (camera distance), auto-rotation speed 0.01 (radians per frame). */
export const MODEL_3D = {
  minZoom: 0.5,
  maxZoom: 100,
  rotationSpeed: 0.01,
  /** The model is scaled to fit this size (largest side), so the zoom range means the same for every model. */
  fitSize: 10,
  zoomStep: 1.25,
} as const;

/** The camera distance after zooming in (factor < 1) or out (factor > 1), kept within the spec's range. */
export function clampZoom(distance: number, factor = 1): number {
  return Math.min(MODEL_3D.maxZoom, Math.max(MODEL_3D.minZoom, distance * factor));
}

/** Loading progress in whole percent; null when the size is unknown. */
export function loadingPercent(loaded: number, total: number): number | null {
  if (!(total > 0)) return null;
  return Math.min(100, Math.max(0, Math.round((loaded / total) * 100)));
}

/** The scene's model address with the session token (`api_token`), as the model loader can't send headers. */
export function model3dUrl(map3dUrl: string, apiToken: string, origin: string): string {
  const separator = map3dUrl.includes('?') ? '&' : '?';
  const base = /^https?:\/\//.test(map3dUrl) ? map3dUrl : `${origin}${map3dUrl}`;
  return `${base}${separator}api_token=${encodeURIComponent(apiToken)}`;
}
