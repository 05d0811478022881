import type { RasterFrame } from './raster';
import { noiseSet, renderSceneRows, type SceneRecipe } from './scene-engine';

/** A scene ready to be rendered row window by row window (memory stays proportional to the window). */
export interface SceneRaster {
  frame: RasterFrame;
  renderRows(rowStart: number, rowEnd: number): Uint8Array;
  /** Fraction of cloud-covered pixels among the rows rendered so far. */
  cloudFraction(): number;
}

export function sceneRaster(recipe: SceneRecipe, noiseSeed: number): SceneRaster {
  const noise = noiseSet(noiseSeed);
  let cloudy = 0;
  let rendered = 0;
  return {
    frame: recipe.frame,
    renderRows(rowStart, rowEnd) {
      const { rgb, cloudy: c } = renderSceneRows(recipe, rowStart, rowEnd, noise);
      cloudy += c;
      rendered += (rowEnd - rowStart) * recipe.frame.width;
      return rgb;
    },
    cloudFraction: () => (rendered === 0 ? 0 : cloudy / rendered),
  };
}

/** Renders the whole scene into one buffer (tests and previews of small scenes). */
export function renderWhole(scene: SceneRaster, chunkRows = 128): Uint8Array {
  const { width, height } = scene.frame;
  const all = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y += chunkRows) {
    const end = Math.min(height, y + chunkRows);
    all.set(scene.renderRows(y, end), y * width * 3);
  }
  return all;
}
