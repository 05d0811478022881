import type { SceneRaster } from '@mirante/demo/scene-raster';
import { crsForEpsg } from '../../src/imagery/crs';
import type { PixelWindow, RasterSource } from '../../src/imagery/raster-source';

/** The demo generator's in-memory scene as a RasterSource (training and tests: no GeoTIFF round trip). */
export function sceneRasterSource(scene: SceneRaster, epsg: number): RasterSource {
  const { frame } = scene;
  return {
    width: frame.width,
    height: frame.height,
    crs: crsForEpsg(epsg),
    transform: {
      originX: frame.originX,
      originY: frame.originY,
      pixelWidth: frame.pixelSize,
      pixelHeight: -frame.pixelSize,
    },
    description: `demo scene ${frame.width}×${frame.height}`,
    readRgba(window: PixelWindow) {
      return Promise.resolve(cropToRgba(scene.renderRows(window.y0, window.y1), frame.width, window));
    },
    close: () => Promise.resolve(),
  };
}

function cropToRgba(rgb: Uint8Array, rowWidth: number, window: PixelWindow): Uint8Array {
  const columns = window.x1 - window.x0;
  const rows = window.y1 - window.y0;
  const out = new Uint8Array(columns * rows * 4);
  for (let y = 0; y < rows; y++) {
    for (let x = 0; x < columns; x++) {
      const from = (y * rowWidth + window.x0 + x) * 3;
      const to = (y * columns + x) * 4;
      out[to] = rgb[from] as number;
      out[to + 1] = rgb[from + 1] as number;
      out[to + 2] = rgb[from + 2] as number;
      out[to + 3] = 255;
    }
  }
  return out;
}
