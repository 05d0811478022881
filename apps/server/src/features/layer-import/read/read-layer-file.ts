import { LAYER_IMPORT_LIMITS, LAYER_IMPORT_MESSAGES } from '@mirante/shared';
import { unprocessable } from '../../../http/app-error';
import { assertDxfWithinLimits } from './dxf-limits';
import { readDxf } from './read-dxf';
import { readGeoJson } from './read-geojson';
import { readKml } from './read-kml';
import { readShapefiles } from './read-shapefile';
import { sniffLayerFile } from './sniff';
import type { SourceFile } from './source-file';
import { readZipEntries } from './zip-entries';

const LAYER_PARTS = /\.(shp|dbf|prj|cpg|kml)$/i;

/** A .zip is a zipped shapefile when it holds a .shp; a .kmz (a zip too) holds a .kml, doc.kml first. */
async function readArchive(buffer: Buffer): Promise<SourceFile> {
  const entries = await readZipEntries(buffer, (name) => LAYER_PARTS.test(name));
  const shapefiles = await readShapefiles(entries);
  if (shapefiles) return shapefiles;
  const kmls = entries.filter((entry) => /\.kml$/i.test(entry.name));
  const kml = kmls.find((entry) => /(^|\/)doc\.kml$/i.test(entry.name)) ?? kmls[0];
  if (kml) return readKml(kml.data, 'kmz');
  throw unprocessable('UNKNOWN_FORMAT', LAYER_IMPORT_MESSAGES.zipWithoutLayers);
}

/**
 * What can be refused of an upload before reading it: an unknown format, a DXF over its size or point limits
 * (`dxf-limits.ts`). Cheap: one pass over the bytes, no parsing.
 */
export function assertLayerFileWithinLimits(buffer: Buffer): void {
  if (sniffLayerFile(buffer) === 'dxf') assertDxfWithinLimits(buffer);
}

/** Reads an uploaded layer file of any accepted format, told by its content. */
export async function readLayerFile(buffer: Buffer): Promise<SourceFile> {
  const kind = sniffLayerFile(buffer);
  if (kind === 'dxf') assertDxfWithinLimits(buffer);
  const file =
    kind === 'zip'
      ? await readArchive(buffer)
      : kind === 'geojson'
        ? readGeoJson(buffer)
        : kind === 'kml'
          ? readKml(buffer)
          : readDxf(buffer);
  if (file.features.length > LAYER_IMPORT_LIMITS.maxFeatures) {
    throw unprocessable(
      'TOO_MANY_FEATURES',
      LAYER_IMPORT_MESSAGES.tooManyFeatures(LAYER_IMPORT_LIMITS.maxFeatures),
    );
  }
  if (file.features.length === 0) throw unprocessable('NO_FEATURES', LAYER_IMPORT_MESSAGES.nothingToImport);
  return file;
}
