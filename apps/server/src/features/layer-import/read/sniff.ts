import { LAYER_IMPORT_MESSAGES } from '@mirante/shared';
import { unprocessable } from '../../../http/app-error';

export type SniffedKind = 'zip' | 'geojson' | 'kml' | 'dxf';

const ZIP_MAGIC = [Buffer.from('PK\x03\x04', 'latin1'), Buffer.from('PK\x05\x06', 'latin1')];
/** AutoCAD drawings start with their version: AC1012 … AC1032. */
const DWG_MAGIC = /^AC10\d\d/;
const BINARY_DXF = 'AutoCAD Binary DXF';
const SHP_MAGIC = 0x0000270a;

/** The start of a text file without BOM and leading blanks. */
function textHead(buffer: Buffer): string {
  return buffer
    .subarray(0, 4096)
    .toString('latin1')
    .replace(/^\xef\xbb\xbf/, '')
    .replace(/^\s+/, '');
}

/**
 * The format of an uploaded layer file, told from its content (never its name): a zip archive (shapefile or
 * KMZ, told apart by its entries), GeoJSON, KML or DXF. DWG and loose .shp files are refused with what to send.
 */
export function sniffLayerFile(buffer: Buffer): SniffedKind {
  if (ZIP_MAGIC.some((magic) => buffer.subarray(0, 4).equals(magic))) return 'zip';
  const head = textHead(buffer);
  if (DWG_MAGIC.test(head)) throw unprocessable('DWG_NOT_SUPPORTED', LAYER_IMPORT_MESSAGES.dwgRefused);
  if (head.startsWith(BINARY_DXF)) throw unprocessable('UNKNOWN_FORMAT', LAYER_IMPORT_MESSAGES.binaryDxf);
  if (buffer.length >= 4 && buffer.readInt32BE(0) === SHP_MAGIC) {
    throw unprocessable('UNKNOWN_FORMAT', LAYER_IMPORT_MESSAGES.looseShapefile);
  }
  if (head.startsWith('{')) return 'geojson';
  if (/^(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*<(kml:)?kml[\s>]/i.test(head) || /<kml[\s>]/i.test(head))
    return 'kml';
  // ASCII DXF: group-code / value pairs, the first section opening with "0 / SECTION" (after comments).
  if (/^(999\r?\n[^\n]*\r?\n\s*)*0\r?\n\s*SECTION\b/.test(head)) return 'dxf';
  throw unprocessable('UNKNOWN_FORMAT', LAYER_IMPORT_MESSAGES.unknownFormat);
}
