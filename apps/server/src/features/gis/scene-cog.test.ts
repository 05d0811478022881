import { open } from 'node:fs/promises';
import path from 'node:path';
import { expect, it } from 'vitest';
import { hasCogLayout } from './scene-cog';

const TESTDATA = path.resolve(__dirname, '../../../../../testdata/imagery');

async function head(name: string): Promise<Buffer> {
  const file = await open(path.join(TESTDATA, name));
  try {
    const bytes = Buffer.alloc(1024);
    await file.read(bytes, 0, bytes.length, 0);
    return bytes;
  } finally {
    await file.close();
  }
}

it('tells a COG written by GDAL from a plain GeoTIFF by its first bytes', async () => {
  expect(hasCogLayout(await head('colorado_hro_rgb_0.15m_cog_jpeg.tif'))).toBe(true);
  expect(hasCogLayout(await head('landsat7_rgb_jpeg_cog_internal_mask_utm18n.tif'))).toBe(true);
  expect(hasCogLayout(await head('colorado_pixels_sirgas_utm22s_maringa.tif'))).toBe(false);
  expect(hasCogLayout(await head('landsat7_rgb_lzw_tiled_utm18n.tif'))).toBe(false);
});
