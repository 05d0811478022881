import sharp from 'sharp';
import type { TimelapseFormat } from '@mirante/shared';
import { overlaySvg, type FrameOverlay } from './timelapse-overlay';

/** Below the stored tiles: what shows where no scene covers the view. */
const BACKGROUND = { r: 38, g: 42, b: 48 };
const CHANNELS = 3;
const RGBA = 4;

export interface ComposeFrameInput {
  /** The stored tiles (PNG or WebP) of the frame's scene and where each lands in the mosaic. */
  tiles: Array<{ bytes: Uint8Array; left: number; top: number }>;
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
  format: Exclude<TimelapseFormat, 'mp4'>;
  frameMs: number;
}

/**
 * The tiles decoded and copied row by row into one RGBA mosaic (transparent where no tile is): tiles of one
 * scene never overlap, so a copy is all the stitching needs.
 */
async function stitchedMosaic(input: ComposeFrameInput): Promise<Uint8Array> {
  const { mosaicWidth, mosaicHeight } = input;
  const mosaic = new Uint8Array(mosaicWidth * mosaicHeight * RGBA);
  await Promise.all(
    input.tiles.map(async (tile) => {
      const { data, info } = await sharp(tile.bytes)
        .ensureAlpha()
        .raw()
        .toBuffer({ resolveWithObject: true });
      const width = Math.min(info.width, mosaicWidth - tile.left);
      const rows = Math.min(info.height, mosaicHeight - tile.top);
      for (let row = 0; row < rows; row += 1) {
        const from = row * info.width * RGBA;
        mosaic.set(
          data.subarray(from, from + width * RGBA),
          ((tile.top + row) * mosaicWidth + tile.left) * RGBA,
        );
      }
    }),
  );
  return mosaic;
}

/**
 * One frame in one sharp pass over the stitched tiles: the window cut and scaled to the frame, laid on the
 * background, the overlay (lots and date, an SVG) drawn over it.
 */
async function composeFrame(input: ComposeFrameInput): Promise<Uint8Array> {
  const { width, height } = input.overlay;
  const mosaic = await stitchedMosaic(input);
  const drawn = sharp(mosaic, {
    raw: { width: input.mosaicWidth, height: input.mosaicHeight, channels: RGBA },
  })
    .extract(input.window)
    .resize(width, height, { fit: 'fill', kernel: 'lanczos3' })
    .flatten({ background: BACKGROUND })
    .composite([{ input: Buffer.from(overlaySvg(input.overlay)), left: 0, top: 0 }]);
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
