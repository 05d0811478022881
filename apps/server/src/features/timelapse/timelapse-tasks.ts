import sharp from 'sharp';
import { overlaySvg, type FrameOverlay } from './timelapse-overlay';

/** Below the stored tiles: what shows where no scene covers the view. */
const BACKGROUND = { r: 38, g: 42, b: 48 };
const CHANNELS = 3;

export interface ComposeFrameInput {
  /** The stored tiles (PNG or WebP) of the frame's scene and where each lands in the mosaic. */
  tiles: Array<{ bytes: Uint8Array; left: number; top: number }>;
  mosaicWidth: number;
  mosaicHeight: number;
  window: { left: number; top: number; width: number; height: number };
  overlay: FrameOverlay;
  /**
   * 'png': one encoded frame (the player's); 'webp': a still WebP for an animated WebP (muxed, not encoded
   * again); 'raw': RGB pixels for a GIF or an MP4.
   */
  output: 'png' | 'webp' | 'raw';
}

export interface EncodeAnimationInput {
  /** Each frame's RGB pixels, width × height × 3 bytes, in order. */
  frames: Uint8Array[];
  width: number;
  height: number;
  format: 'gif';
  frameMs: number;
}

const TILE = 256;
/** Encoder settings of a still WebP frame: effort 1 is about a third of the CPU of the default 4, ~10 % larger. */
const WEBP_FRAME = { quality: 75, effort: 1 } as const;

let blankTile: Promise<Buffer> | undefined;
/** A transparent tile, where the scene has none (outside its footprint). */
const blank = () =>
  (blankTile ??= sharp({ create: { width: TILE, height: TILE, channels: 4, background: '#00000000' } })
    .png()
    .toBuffer());

/**
 * One frame in one sharp pass: the tiles decoded and joined into the mosaic (libvips' arrayjoin, a blank
 * where a tile is missing), the window cut and scaled to the frame, laid on the background, the overlay (lots
 * and date, an SVG) drawn over it, and the frame encoded as asked.
 */
async function composeFrame(input: ComposeFrameInput): Promise<Uint8Array> {
  const { width, height } = input.overlay;
  const columns = Math.ceil(input.mosaicWidth / TILE);
  const rows = Math.ceil(input.mosaicHeight / TILE);
  const byPlace = new Map(input.tiles.map((tile) => [`${tile.left / TILE},${tile.top / TILE}`, tile.bytes]));
  const empty = await blank();
  const grid = Array.from({ length: rows * columns }, (_, index) => {
    const bytes = byPlace.get(`${index % columns},${Math.floor(index / columns)}`);
    return bytes ? Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) : empty;
  });
  // libvips joins two images or more; a one-tile mosaic is the tile itself.
  const drawn = (grid.length === 1 ? sharp(grid[0]) : sharp(grid, { join: { across: columns } }))
    .extract(input.window)
    .resize(width, height, { fit: 'fill', kernel: 'lanczos3' })
    .flatten({ background: BACKGROUND })
    .composite([{ input: Buffer.from(overlaySvg(input.overlay)), left: 0, top: 0 }])
    .removeAlpha();
  if (input.output === 'png') return drawn.png({ compressionLevel: 6 }).toBuffer();
  if (input.output === 'webp') return drawn.webp(WEBP_FRAME).toBuffer();
  return drawn.raw().toBuffer();
}

/** The frames as one animated GIF (one palette per frame), looping, each shown `frameMs`. */
async function encodeAnimation(input: EncodeAnimationInput): Promise<Uint8Array> {
  const { width, height, frames } = input;
  const frameBytes = width * height * CHANNELS;
  const pixels = Buffer.alloc(frameBytes * frames.length);
  frames.forEach((frame, index) => pixels.set(frame, index * frameBytes));
  const image = sharp(pixels, {
    raw: { width, height: height * frames.length, channels: CHANNELS, pageHeight: height },
    limitInputPixels: false,
  });
  const delay = frames.map(() => input.frameMs);
  return image.gif({ loop: 0, delay, effort: 1, dither: 0.6 }).toBuffer();
}

export const timelapseTasks = {
  composeTimelapseFrame: (input: ComposeFrameInput) => composeFrame(input),
  encodeTimelapse: (input: EncodeAnimationInput) => encodeAnimation(input),
};
