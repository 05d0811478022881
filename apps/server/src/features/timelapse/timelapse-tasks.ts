import sharp from 'sharp';
import type { TimelapseFormat } from '@mirante/shared';
import { overlaySvg, type FrameOverlay } from './timelapse-overlay';

/** Below the stored tiles: what shows where no scene covers the view. */
const BACKGROUND = { r: 38, g: 42, b: 48 };
const CHANNELS = 3;

export interface ComposeFrameInput {
  /** The stored PNG tiles of the frame's scene and where each lands in the mosaic. */
  tiles: Array<{ png: Uint8Array; left: number; top: number }>;
  mosaicWidth: number;
  mosaicHeight: number;
  window: { left: number; top: number; width: number; height: number };
  overlay: FrameOverlay;
  /** 'png': one encoded frame (the player's); 'raw': RGB pixels for an animation. */
  output: 'png' | 'raw';
}

export interface EncodeAnimationInput {
  /** Each frame's RGB pixels, width × height × 3 bytes, in order. */
  frames: Uint8Array[];
  width: number;
  height: number;
  format: TimelapseFormat;
  frameMs: number;
}

/** One frame: the tiles stitched, the window cut and scaled to the frame, the overlay drawn over it. */
async function composeFrame(input: ComposeFrameInput): Promise<Uint8Array> {
  const { width, height } = input.overlay;
  const mosaic = await sharp({
    create: {
      width: input.mosaicWidth,
      height: input.mosaicHeight,
      channels: 4,
      background: { ...BACKGROUND, alpha: 1 },
    },
  })
    .composite(input.tiles.map((tile) => ({ input: Buffer.from(tile.png), left: tile.left, top: tile.top })))
    .raw()
    .toBuffer({ resolveWithObject: true });
  const scaled = await sharp(mosaic.data, { raw: mosaic.info })
    .extract(input.window)
    .resize(width, height, { fit: 'fill', kernel: 'lanczos3' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const drawn = sharp(scaled.data, { raw: scaled.info }).composite([
    { input: Buffer.from(overlaySvg(input.overlay)), left: 0, top: 0 },
  ]);
  if (input.output === 'png') return drawn.removeAlpha().png({ compressionLevel: 6 }).toBuffer();
  return drawn.removeAlpha().raw().toBuffer();
}

/** The frames as one animated WebP or GIF, looping, each shown `frameMs`. */
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
  if (input.format === 'gif') return image.gif({ loop: 0, delay, effort: 1, dither: 0.6 }).toBuffer();
  return image.webp({ loop: 0, delay, quality: 75, effort: 1 }).toBuffer();
}

export const timelapseTasks = {
  composeTimelapseFrame: (input: ComposeFrameInput) => composeFrame(input),
  encodeTimelapse: (input: EncodeAnimationInput) => encodeAnimation(input),
};
