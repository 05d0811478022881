import sharp, { type OverlayOptions } from 'sharp';
import {
  lonLatToMercator,
  MERCATOR_HALF_WORLD,
  mercatorResolution,
  TILE_SIZE,
  tileRangeFor,
} from '../../imagery/tile-math';

/** The scene a thumbnail is cut from: its project's space, its date and its deepest stored zoom. */
export interface ThumbnailScene {
  space: string;
  date: string;
  maxZoom: number | null;
}

/** Reads one stored PNG tile of a published scene (the tile server's reader), or null where there is none. */
export type ReadTile = (scene: ThumbnailScene, z: number, x: number, y: number) => Promise<Buffer | null>;

/** The side of an e-mail's lot thumbnail, in pixels. */
export const THUMBNAIL_SIZE = 180;
/** At most this many source pixels across the padded lot: a few tiles per thumbnail. */
const SOURCE_SPAN = 420;
const HIGHEST_ZOOM = 21;

type Ring = [number, number][];

function outerRings(geometry: unknown): Ring[] {
  const shape = geometry as { type?: string; coordinates?: unknown };
  if (shape.type === 'Polygon') return [(shape.coordinates as Ring[])[0]!];
  if (shape.type === 'MultiPolygon') return (shape.coordinates as Ring[][]).map((polygon) => polygon[0]!);
  return [];
}

/**
 * A lot's thumbnail (JPEG, THUMBNAIL_SIZE² px) cut from a scene's stored tiles, with the lot outlined: the lot and
 * as much again around it, at the deepest zoom where that fits in a few tiles. Null when the scene has no tile
 * under the lot.
 */
export async function lotThumbnail(
  scene: ThumbnailScene,
  lot: { geometry: unknown; bbox: number[] },
  readTile: ReadTile,
): Promise<Buffer | null> {
  const [west, south, east, north] = lot.bbox as [number, number, number, number];
  const [minX0, minY0] = lonLatToMercator(west, south);
  const [maxX0, maxY0] = lonLatToMercator(east, north);
  const half = Math.max(maxX0 - minX0, maxY0 - minY0, 10);
  const centerX = (minX0 + maxX0) / 2;
  const centerY = (minY0 + maxY0) / 2;
  const bounds = { minX: centerX - half, maxX: centerX + half, minY: centerY - half, maxY: centerY + half };
  let z = Math.min(scene.maxZoom ?? HIGHEST_ZOOM, HIGHEST_ZOOM);
  while (z > 1 && (2 * half) / mercatorResolution(z) > SOURCE_SPAN) z--;
  const range = tileRangeFor(bounds, z);
  const columns = range.maxX - range.minX + 1;
  const rows = range.maxY - range.minY + 1;
  const layers: OverlayOptions[] = [];
  for (let ty = range.minY; ty <= range.maxY; ty++)
    for (let tx = range.minX; tx <= range.maxX; tx++) {
      const tile = await readTile(scene, z, tx, ty);
      if (tile)
        layers.push({ input: tile, left: (tx - range.minX) * TILE_SIZE, top: (ty - range.minY) * TILE_SIZE });
    }
  if (layers.length === 0) return null;
  const resolution = mercatorResolution(z);
  const originX = -MERCATOR_HALF_WORLD + range.minX * TILE_SIZE * resolution;
  const originY = MERCATOR_HALF_WORLD - range.minY * TILE_SIZE * resolution;
  const pixel = (lon: number, lat: number): [number, number] => {
    const [x, y] = lonLatToMercator(lon, lat);
    return [(x - originX) / resolution, (originY - y) / resolution];
  };
  const width = columns * TILE_SIZE;
  const height = rows * TILE_SIZE;
  const paths = outerRings(lot.geometry)
    .map(
      (ring) =>
        `M${ring
          .map(([lon, lat]) =>
            pixel(lon, lat)
              .map((v) => v.toFixed(1))
              .join(','),
          )
          .join('L')}Z`,
    )
    .join(' ');
  const outline = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
      `<path d="${paths}" fill="none" stroke="#ffd400" stroke-width="${Math.max(2, width / 200)}"/></svg>`,
  );
  const left = (bounds.minX - originX) / resolution;
  const top = (originY - bounds.maxY) / resolution;
  const side = Math.round((2 * half) / resolution);
  const mosaic = await sharp({ create: { width, height, channels: 3, background: '#dfe3e8' } })
    .composite([...layers, { input: outline, left: 0, top: 0 }])
    .png()
    .toBuffer();
  const cropLeft = Math.max(0, Math.min(width - 1, Math.round(left)));
  const cropTop = Math.max(0, Math.min(height - 1, Math.round(top)));
  return sharp(mosaic)
    .extract({
      left: cropLeft,
      top: cropTop,
      width: Math.max(1, Math.min(side, width - cropLeft)),
      height: Math.max(1, Math.min(side, height - cropTop)),
    })
    .resize(THUMBNAIL_SIZE, THUMBNAIL_SIZE, { fit: 'cover' })
    .jpeg({ quality: 78 })
    .toBuffer();
}
