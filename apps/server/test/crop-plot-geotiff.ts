import { writeArrayBuffer } from 'geotiff';
import type { Polygon } from 'geojson';
import { crsForEpsg } from '../src/imagery/crs';
import { SYNTHETIC_ORIGINS } from './geotiff-fixtures';

/**
 * A drone-like scene of crop plots and nothing else (EPSG:31982, 0.35 m, inside the factories' default project):
 * 21 × 16 m plots of furrows 1.4 m apart, ploughed soil or young crops, the furrows of neighbouring plots
 * crossing. Such fields (the Bali drone orthomosaic of ../shared/testdata, whose provenance keeps it out of the
 * repository) are nothing like the imagery the AI was trained on. `lots`: its 12 × 25 m grid, in lon/lat.
 */
export function cropPlotGeoTiff(): { bytes: Buffer; lots: { key: string; geometry: Polygon }[] } {
  const width = 400;
  const height = 400;
  const pixelSize = 0.35;
  const [originX, originY] = SYNTHETIC_ORIGINS.factoryProject;
  const values = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const plot = Math.floor(x / 60) + 7 * Math.floor(y / 45);
      const crop = plot % 3 === 0;
      const furrow = (plot % 2 ? x : y) % 4 < 2;
      const colour = crop ? (furrow ? [40, 70, 30] : [80, 120, 50]) : furrow ? [50, 38, 30] : [105, 80, 60];
      values.set(colour, (y * width + x) * 3);
    }
  const bytes = Buffer.from(
    writeArrayBuffer(values, {
      width,
      height,
      SamplesPerPixel: 3,
      BitsPerSample: [8, 8, 8],
      PhotometricInterpretation: 2,
      PlanarConfiguration: 1,
      ModelPixelScale: [pixelSize, pixelSize, 0],
      ModelTiepoint: [0, 0, 0, originX, originY, 0],
      GTModelTypeGeoKey: 1,
      GTRasterTypeGeoKey: 1,
      ProjectedCSTypeGeoKey: 31982,
    }),
  );
  const crs = crsForEpsg(31982);
  const lots: { key: string; geometry: Polygon }[] = [];
  const extent = width * pixelSize;
  for (let top = 0; top + 25 <= extent; top += 25)
    for (let left = 0; left + 12 <= extent; left += 12) {
      const corner = (dx: number, dy: number) => crs.toLonLat(originX + left + dx, originY - top - dy);
      lots.push({
        key: `${left}_${top}`,
        geometry: {
          type: 'Polygon',
          coordinates: [[corner(0, 0), corner(12, 0), corner(12, 25), corner(0, 25), corner(0, 0)]],
        },
      });
    }
  return { bytes, lots };
}
