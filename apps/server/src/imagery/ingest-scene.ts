import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { encodeStoredTile, PMTILES_TILE_TYPE, STORED_TILE_FORMAT } from './encode-tile';
import { createPmtilesWriter } from './pmtiles-writer';
import { createPreviewCollector } from './preview';
import type { RasterSource } from './raster-source';
import { groundResolution, mercatorFootprint } from './scene-footprint';
import { buildPyramid } from './tile-pyramid';
import {
  lonLatToMercatorBounds,
  mercatorToLonLatBounds,
  nativeZoomFor,
  overviewZoomFor,
  type LonLatBounds,
} from './tile-math';

export interface TileScene {
  source: RasterSource;
  /** The zoom the project opens at; tiles go down to two zooms below it (or the scene's own overview). */
  projectZoom: number;
  /** The project's box: tiles also go down to the zoom that shows all of it, so the scene never vanishes. */
  projectBounds?: LonLatBounds;
  /** Scratch folder for the archive and preview being built. */
  workDir: string;
  onProgress?: (fraction: number) => Promise<void> | void;
}

export interface TiledScene {
  archivePath: string;
  previewPath: string;
  bounds: LonLatBounds;
  minZoom: number;
  maxZoom: number;
  tiles: number;
  archiveBytes: number;
  sourceMegapixels: number;
  seconds: number;
}

const ENCODE_CONCURRENCY = 4;

/** Source raster → one PMTiles archive of 256 px tiles (`STORED_TILE_FORMAT`) plus a preview, both written into `workDir`. */
export async function tileScene(input: TileScene): Promise<TiledScene> {
  const started = performance.now();
  const { source } = input;
  const bounds = mercatorFootprint(source);
  const { metresPerPixel, latitude } = groundResolution(source);
  const maxZoom = nativeZoomFor(metresPerPixel, latitude);
  const overview = overviewZoomFor(bounds);
  const projectOverview = input.projectBounds
    ? overviewZoomFor(lonLatToMercatorBounds(input.projectBounds))
    : overview;
  const minZoom = Math.max(
    0,
    Math.min(maxZoom, overview, projectOverview, Math.floor(input.projectZoom) - 2),
  );
  const preview = createPreviewCollector(bounds, Math.max(minZoom, Math.min(maxZoom, overview + 1)));

  const archivePath = path.join(input.workDir, 'tiles.pmtiles');
  const previewPath = path.join(input.workDir, 'preview.png');
  const writer = await createPmtilesWriter(path.join(input.workDir, 'tiles.spool'));
  const inFlight = new Set<Promise<void>>();
  try {
    await buildPyramid({
      source,
      bounds,
      minZoom,
      maxZoom,
      onProgress: input.onProgress,
      sink: {
        async tile(z, x, y, rgba, done) {
          if (z === preview.zoom) preview.add(x, y, rgba);
          const task = encodeStoredTile(rgba)
            .then((tile) => {
              done();
              return writer.addTile(z, x, y, tile);
            })
            .finally(() => inFlight.delete(task));
          inFlight.add(task);
          if (inFlight.size >= ENCODE_CONCURRENCY) await Promise.race(inFlight);
        },
      },
    });
    await Promise.all(inFlight);
    const lonLatBounds = mercatorToLonLatBounds(bounds);
    const summary = await writer.finish(archivePath, {
      bounds: lonLatBounds,
      minZoom,
      maxZoom,
      tileType: PMTILES_TILE_TYPE[STORED_TILE_FORMAT],
      metadata: { name: 'Mirante scene', format: STORED_TILE_FORMAT, source: source.description },
    });
    await writeFile(previewPath, await preview.toPng());
    return {
      archivePath,
      previewPath,
      bounds: lonLatBounds,
      minZoom,
      maxZoom,
      tiles: summary.tiles,
      archiveBytes: summary.bytes,
      sourceMegapixels: (source.width * source.height) / 1e6,
      seconds: (performance.now() - started) / 1000,
    };
  } catch (error) {
    await Promise.allSettled(inFlight);
    await writer.abort();
    throw error;
  }
}
