import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openGeoTiff } from '../../../imagery/geotiff-source';
import { DEFAULT_IMAGE_LIMITS } from '../../../imagery/limits';
import type { PixelWindow, RasterSource } from '../../../imagery/raster-source';
import { unreadableReason } from './scene-readability';

/**
 * No real cloud-covered image exists in the test data (../shared/testdata has none), so the cloud is synthesised
 * over a real SpaceNet Rio tile (testdata/labelled, CC BY-SA 4.0): an opaque white core with a soft, thinning
 * edge where the ground shows through, as a cumulus looks from above.
 */
const TILE = path.resolve(
  import.meta.dirname,
  '../../../../../../testdata/labelled/spacenet_rio_img52_rgb_0.5m_epsg4326.tif',
);

/** `source` with a cloud centred on (cx, cy) (fractions of the size): opaque within `core`, gone at `edge` (radii as fractions of the width). */
function clouded(source: RasterSource, cx: number, cy: number, core: number, edge: number): RasterSource {
  const { width, height } = source;
  return {
    ...source,
    async readRgba(window: PixelWindow) {
      const rgba = await source.readRgba(window);
      const columns = window.x1 - window.x0;
      for (let y = window.y0; y < window.y1; y++)
        for (let x = window.x0; x < window.x1; x++) {
          const distance = Math.hypot(x / width - cx, ((y / height - cy) * height) / width);
          const cover = distance <= core ? 1 : Math.max(0, (edge - distance) / (edge - core));
          if (cover === 0) continue;
          const i = ((y - window.y0) * columns + (x - window.x0)) * 4;
          const cloud = [236, 239, 243];
          for (let band = 0; band < 3; band++)
            rgba[i + band] = Math.round(
              cover * (cloud[band] as number) + (1 - cover) * (rgba[i + band] as number),
            );
        }
      return rgba;
    },
  };
}

describe('scene readability on a real tile (SpaceNet Rio img52, 0.5 m)', () => {
  let tile: RasterSource;
  beforeAll(async () => {
    tile = await openGeoTiff(TILE, DEFAULT_IMAGE_LIMITS);
  });
  afterAll(() => tile.close());

  it('reads the clear tile', async () => {
    expect(await unreadableReason(tile)).toBeNull();
  });

  it('refuses the tile under a cloud covering most of it, saying how much is covered', async () => {
    const reason = await unreadableReason(clouded(tile, 0.5, 0.5, 0.55, 0.75));
    expect(reason).toMatch(/^Imagem não classificada: \d+% da imagem está coberta por nuvens\.$/);
    expect(Number(reason?.match(/(\d+)%/)?.[1])).toBeGreaterThanOrEqual(60);
  });

  it('still reads the tile when a small cloud covers a corner', async () => {
    expect(await unreadableReason(clouded(tile, 0.1, 0.1, 0.12, 0.2))).toBeNull();
  });
});
