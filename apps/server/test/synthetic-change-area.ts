import type { Polygon } from 'geojson';
import { areaMask, gridOver } from '../src/features/environment/detector/change-grid';

export type Rgb = [number, number, number];

/** A 400 × 300 m area at 2 m cells, where the change detector's unit tests paint their scenes. */
const syntheticRegion: Polygon = {
  type: 'Polygon',
  coordinates: [
    [
      [-47.0, -22.0],
      [-47.0 + 400 / 103_000, -22.0],
      [-47.0 + 400 / 103_000, -22.0 + 300 / 110_574],
      [-47.0, -22.0 + 300 / 110_574],
      [-47.0, -22.0],
    ],
  ],
};
export const syntheticGrid = gridOver(syntheticRegion, 2);
export const syntheticMask = areaMask(syntheticGrid, syntheticRegion);

export const FOREST: Rgb = [45, 75, 40];
export const PASTURE: Rgb = [120, 125, 80];
export const SOIL: Rgb = [150, 95, 65];
/** A 200 × 200 m forest block (cells 20–119 both ways). */
export const inForest = (x: number, y: number) => x >= 20 && x < 120 && y >= 20 && y < 120;

/** The grid painted cell by cell, as RGBA, with a fixed jitter of 0–8 so the scene's σ is not zero. */
export function paintScene(paint: (x: number, y: number) => Rgb): Uint8Array {
  const { width, height } = syntheticGrid;
  const rgba = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const [r, g, b] = paint(x, y);
      const jitter = ((x * 73856093) ^ (y * 19349663)) % 9;
      rgba.set([r + jitter, g + jitter, b + jitter, 255].map(Math.round), (y * width + x) * 4);
    }
  }
  return rgba;
}
