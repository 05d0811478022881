/** What an uploaded image may cost us to open. */
export interface ImageLimits {
  /** Largest width × height accepted. */
  maxPixels: number;
  /** Unpacked size / file size above which a large image counts as a decompression bomb. */
  maxCompressionRatio: number;
  /** Images that unpack to less than this are never treated as bombs. */
  minBombBytes: number;
}

export const DEFAULT_IMAGE_LIMITS: ImageLimits = {
  maxPixels: 1_000_000_000,
  maxCompressionRatio: 200,
  minBombBytes: 256 * 1024 * 1024,
};
