/**
 * Colour classes of single 8-bit RGB pixels, tuned on what Brazilian allotments look like from above at
 * 0.3–0.5 m: terra roxa (dark red-brown soil), ceramic roof tiles (brighter orange-red), fibre-cement roofs
 * (mid grey), concrete/white (bright grey), dark roofs/asphalt, vegetation, shadow, blue tarps. The order of the
 * tests matters: each pixel gets exactly one class.
 */
export const PIXEL_CLASSES = [
  'shadow',
  'vegetation',
  'soil',
  'ceramic',
  'concrete',
  'fibreCement',
  'dark',
  'blue',
  'other',
] as const;

export const PIXEL_CLASS_COUNT = PIXEL_CLASSES.length;

/** Brightness (mean of R, G, B) below which a pixel is shadow whatever its hue. */
const SHADOW_BELOW = 40;
/** Normalised excess green (2G − R − B) / (R + G + B) above which a pixel is vegetation. */
const VEGETATION_EXG = 0.05;
/** (R − B) / (R + G + B) above which a reddish pixel is soil or ceramic. */
const REDDISH = 0.12;
/** Brightness separating dark terra roxa (below) from sunlit ceramic tiles and brick (above). */
const SOIL_BELOW = 95;
/** (max − min) / max below which a pixel is grey. */
const GREY_SATURATION = 0.15;
const CONCRETE_ABOVE = 165;

/** Index into PIXEL_CLASSES. */
export function pixelClassOf(r: number, g: number, b: number): number {
  const sum = r + g + b;
  const brightness = sum / 3;
  if (brightness < SHADOW_BELOW) return 0;
  if (2 * g - r - b > VEGETATION_EXG * sum) return 1;
  if (r > g && r - b > REDDISH * sum) return brightness < SOIL_BELOW ? 2 : 3;
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  if (max - min < GREY_SATURATION * max) {
    if (brightness > CONCRETE_ABOVE) return 4;
    if (brightness >= SOIL_BELOW) return 5;
    return 6;
  }
  if (b > r + 15 && b > g) return 7;
  return 8;
}
