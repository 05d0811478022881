/** What an uploaded image may cost us to open. */
export interface ImageLimits {
  /** Largest width × height accepted for a GeoTIFF (read window by window, never whole). */
  maxPixels: number;
  /**
   * Largest width × height accepted for a PNG/JPEG scene: sharp decodes such a file from its start for every
   * window read, so a larger one would hold both cores for minutes (a 30000×30000 PNG took 270 s).
   */
  maxPlainImagePixels: number;
  /** Unpacked size / file size above which a large image counts as a decompression bomb. */
  maxCompressionRatio: number;
  /** Images that unpack to less than this are never treated as bombs. */
  minBombBytes: number;
}

export const DEFAULT_IMAGE_LIMITS: ImageLimits = {
  maxPixels: 1_000_000_000,
  maxPlainImagePixels: 100_000_000,
  maxCompressionRatio: 200,
  minBombBytes: 256 * 1024 * 1024,
};

/**
 * Observation photos are shown whole in a viewer's browser: 50 MP (e.g. 8660 × 5773) already decodes to 200 MB
 * there. Checked from the file's header before anything decodes it.
 */
export const PHOTO_MAX_PIXELS = 50_000_000;

/** `1234567890` → `1235` (megapixels in messages). */
export const megapixels = (pixels: number): string => (pixels / 1e6).toFixed(0);
