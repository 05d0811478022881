import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { overzoomedTile } from './overzoom-tile';

const opaqueTile = (format: 'webp' | 'png') => {
  const image = sharp({
    create: { width: 256, height: 256, channels: 3, background: { r: 200, g: 120, b: 40 } },
  });
  return (format === 'webp' ? image.webp({ lossless: true }) : image.png()).toBuffer();
};

describe('overzoomedTile', () => {
  for (const format of ['webp', 'png'] as const) {
    it(`enlarges an opaque stored ${format.toUpperCase()} tile (no alpha channel) into a 256 px tile of its colour`, async () => {
      const parent = await opaqueTile(format);
      const tile = await overzoomedTile(18, 20, 5, 7, async () => parent, 'png');
      expect(tile).not.toBeNull();
      const { data, info } = await sharp(tile!).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
      expect([info.width, info.height]).toEqual([256, 256]);
      expect([...data.subarray(0, 4)]).toEqual([200, 120, 40, 255]);
    });
  }
});
