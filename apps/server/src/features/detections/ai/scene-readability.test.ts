import { describe, expect, it } from 'vitest';
import { crsForEpsg } from '../../../imagery/crs';
import type { RasterSource } from '../../../imagery/raster-source';
import { unreadableReason } from './scene-readability';

/** A 200 × 200 raster in SIRGAS 2000 / UTM 22S whose every pixel is `colour(x, y)`. */
function raster(
  pixelMetres: number,
  colour: (x: number, y: number) => [number, number, number],
): RasterSource {
  const size = 200;
  return {
    width: size,
    height: size,
    crs: crsForEpsg(31982),
    transform: { originX: 400_000, originY: 7_400_000, pixelWidth: pixelMetres, pixelHeight: -pixelMetres },
    description: 'test',
    readRgba({ x0, y0, x1, y1 }) {
      const out = new Uint8Array((x1 - x0) * (y1 - y0) * 4);
      for (let y = y0; y < y1; y++)
        for (let x = x0; x < x1; x++) out.set([...colour(x, y), 255], ((y - y0) * (x1 - x0) + (x - x0)) * 4);
      return Promise.resolve(out);
    },
    close: () => Promise.resolve(),
  };
}

const suburb = (x: number, y: number): [number, number, number] =>
  (x + y) % 7 < 3 ? [90, 130, 60] : [180, 90, 70];

describe('scene readability', () => {
  it('reads a colour scene of 0.5 m', async () => {
    expect(await unreadableReason(raster(0.5, suburb))).toBeNull();
  });

  it('refuses a panchromatic scene, a coarse one and a cloud-covered one, saying why', async () => {
    expect(await unreadableReason(raster(0.5, (x) => [x % 255, x % 255, x % 255]))).toMatch(/pancromática/);
    expect(await unreadableReason(raster(450, suburb))).toMatch(
      /^Imagem não classificada: a resolução \(45\d m por pixel\) é grosseira demais para ler lotes; a I\.A precisa de pixels de até 2 m\.$/,
    );
    expect(
      await unreadableReason(raster(0.5, (x, y) => (x < 150 || y < 20 ? [235, 238, 240] : suburb(x, y)))),
    ).toMatch(/^Imagem não classificada: \d+% da imagem está coberta por nuvens\.$/);
  });
});
