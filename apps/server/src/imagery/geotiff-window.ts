import { getDecoder, Pool, type GeoTIFFImage } from 'geotiff';
import { createByteSpares } from './byte-spares';
import type { PixelWindow } from './raster-source';
import type { SampleArray } from './to-rgba';

const COMPRESSION_NONE = 1;
/** Decoders that geotiff.js itself keeps on the calling thread (cheap or browser-only). */
const INLINE_COMPRESSIONS = new Set([COMPRESSION_NONE, 50_001]);
/**
 * Images up to this many pixels are decoded on the calling thread: starting the two pool workers costs about
 * 0.4 s of CPU, more than decoding a few megapixels of JPEG or LZW inline.
 */
const INLINE_DECODE_PIXELS = 4_000_000;

export interface WindowReader {
  /** Interleaved samples of the window, as `readRasters({ interleave: true })` returns them. */
  read(window: PixelWindow): Promise<SampleArray>;
  /** The caller is done with samples `read` returned (they may back a later read). */
  recycle(samples: SampleArray): void;
  close(): Promise<void>;
}

type BlockDecoder = ReturnType<Pool['bindParameters']>;
type DecoderParameters = Parameters<Pool['bindParameters']>[1];

/**
 * The decoder `readRasters` would use. geotiff.js only exposes its decoder parameters to a pool's
 * `bindParameters`, so a one-pixel read through a stand-in pool captures them.
 */
async function blockDecoder(image: GeoTIFFImage, pool: Pool | null): Promise<BlockDecoder> {
  let bound: BlockDecoder | null = null;
  const capture = {
    bindParameters(compression: number, parameters: DecoderParameters): BlockDecoder {
      let inline: ReturnType<typeof getDecoder> | null = null;
      const decoder: BlockDecoder = pool
        ? pool.bindParameters(compression, parameters)
        : {
            decode: async (buffer) =>
              (await (inline ??= getDecoder(compression, parameters))).decode(buffer as ArrayBuffer),
          };
      bound = decoder;
      return decoder;
    },
  };
  await image.readRasters({ window: [0, 0, 1, 1], pool: capture as unknown as Pool });
  const decoder: BlockDecoder | null = bound;
  if (!decoder) throw new Error('geotiff.js não forneceu o decodificador.');
  return decoder;
}

function allEqual(values: ArrayLike<number>, expected: number): boolean {
  for (let i = 0; i < values.length; i++) if (values[i] !== expected) return false;
  return true;
}

/**
 * Windowed reads of a GeoTIFF. Compressed strips/tiles of large images are decoded by geotiff.js's worker
 * `Pool` (off the main thread). Unsigned 8-bit pixel-interleaved images (the usual orthomosaic) skip geotiff.js's per-sample
 * copy loop: whole block rows are copied with `set`, and the blocks under the last window are kept, since
 * consecutive tile rows overlap by a few source rows and tiled TIFFs share blocks between windows.
 */
export async function createWindowReader(image: GeoTIFFImage): Promise<WindowReader> {
  const directory = image.getFileDirectory();
  const compression = Number(directory.getValue('Compression') ?? COMPRESSION_NONE);
  const inline =
    INLINE_COMPRESSIONS.has(compression) || image.getWidth() * image.getHeight() <= INLINE_DECODE_PIXELS;
  const pool = inline ? null : new Pool(2);
  const bits = directory.getValue('BitsPerSample') as ArrayLike<number> | number | undefined;
  const formats = directory.getValue('SampleFormat') as ArrayLike<number> | number | undefined;
  const fast =
    image.planarConfiguration === 1 &&
    (typeof bits === 'number' ? bits === 8 : bits !== undefined && allEqual(bits, 8)) &&
    (formats === undefined || (typeof formats === 'number' ? formats === 1 : allEqual(formats, 1)));
  if (!fast) {
    return {
      read: (window) =>
        image.readRasters({
          window: [window.x0, window.y0, window.x1, window.y1],
          interleave: true,
          pool,
        }) as Promise<SampleArray>,
      recycle: () => undefined,
      close: async () => pool?.destroy(),
    };
  }

  const decoder = await blockDecoder(image, pool);
  const samples = image.getSamplesPerPixel();
  const tileWidth = image.getTileWidth();
  const tileHeight = image.getTileHeight();
  const width = image.getWidth();
  const height = image.getHeight();
  let kept = new Map<number, Promise<ArrayBuffer>>();
  const spares = createByteSpares();

  return {
    async read(window) {
      const windowWidth = window.x1 - window.x0;
      // Every byte is written below: the window lies inside the image, and its blocks cover it.
      const out = spares.take(windowWidth * (window.y1 - window.y0) * samples);
      const firstColumn = Math.floor(window.x0 / tileWidth);
      const lastColumn = Math.min(Math.ceil(window.x1 / tileWidth), Math.ceil(width / tileWidth));
      const firstRow = Math.floor(window.y0 / tileHeight);
      const lastRow = Math.min(Math.ceil(window.y1 / tileHeight), Math.ceil(height / tileHeight));
      const columns = Math.ceil(width / tileWidth);
      const blocks = new Map<number, Promise<ArrayBuffer>>();
      for (let row = firstRow; row < lastRow; row++) {
        for (let column = firstColumn; column < lastColumn; column++) {
          const index = row * columns + column;
          const block =
            kept.get(index) ??
            image.getTileOrStrip(column, row, 0, decoder).then((tile) => tile.data as ArrayBuffer);
          blocks.set(index, block);
        }
      }
      kept = blocks;
      await Promise.all(
        [...blocks].map(async ([index, pending]) => {
          const data = new Uint8Array(await pending);
          const row = Math.floor(index / columns);
          const column = index % columns;
          const top = row * tileHeight;
          const left = column * tileWidth;
          const x0 = Math.max(window.x0, left);
          const x1 = Math.min(window.x1, left + tileWidth, width);
          const y1 = Math.min(window.y1, top + image.getBlockHeight(row));
          const length = (x1 - x0) * samples;
          for (let y = Math.max(window.y0, top); y < y1; y++) {
            const from = ((y - top) * tileWidth + (x0 - left)) * samples;
            out.set(
              data.subarray(from, from + length),
              ((y - window.y0) * windowWidth + x0 - window.x0) * samples,
            );
          }
        }),
      );
      return out;
    },
    recycle(used) {
      if (used instanceof Uint8Array) spares.give(used);
    },
    async close() {
      kept = new Map();
      await pool?.destroy();
    },
  };
}
