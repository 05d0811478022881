/** Earth circumference at the equator (Web Mercator), metres. */
const EARTH = 40_075_016.686;
/** MapLibre's zoom counts 512-pixel tiles. */
const TILE = 512;
/** CSS pixels per metre (96 dpi). */
const PIXELS_PER_METRE = 96 / 0.0254;

/** Ground metres per CSS pixel at a latitude and zoom. */
export function metresPerPixel(latitude: number, zoom: number): number {
  return (EARTH * Math.cos((latitude * Math.PI) / 180)) / (TILE * 2 ** zoom);
}

/** The map scale denominator on screen (1:N), rounded to 2 significant digits. */
export function scaleDenominator(latitude: number, zoom: number): number {
  const raw = metresPerPixel(latitude, zoom) * PIXELS_PER_METRE;
  const magnitude = 10 ** Math.max(0, Math.floor(Math.log10(raw)) - 1);
  return Math.round(raw / magnitude) * magnitude;
}

/** A round scale-bar length (1, 2 or 5 × 10ⁿ metres) no longer than `maxPixels`, and its width in pixels. */
export function scaleBar(
  latitude: number,
  zoom: number,
  maxPixels: number,
): { metres: number; pixels: number } {
  const perPixel = metresPerPixel(latitude, zoom);
  const limit = perPixel * maxPixels;
  const magnitude = 10 ** Math.floor(Math.log10(limit));
  const step = [5, 2, 1].find((factor) => factor * magnitude <= limit) ?? 1;
  const metres = step * magnitude;
  return { metres, pixels: metres / perPixel };
}

/** 'Escala 1:2.500' */
export function formatScale(denominator: number): string {
  return `Escala 1:${denominator.toLocaleString('pt-BR')}`;
}
