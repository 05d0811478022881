import { kml } from '@tmcw/togeojson';
import { LAYER_IMPORT_MESSAGES, type LayerImportFormat } from '@mirante/shared';
import { DOMParser } from '@xmldom/xmldom';
import { unprocessable } from '../../../http/app-error';
import type { SourceFeature, SourceFile } from './source-file';

/** KML keeps a placemark's attributes in ExtendedData; its <name> is the placemark's label. */
function properties(raw: Record<string, unknown> | null): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(raw ?? {})) {
    // Style properties togeojson adds (fill, stroke…) are not attributes of the feature.
    if (/^(fill|stroke|icon|styleUrl|styleHash|styleMap|visibility|timespan|timestamp)/.test(key)) continue;
    result[key] = value;
  }
  return result;
}

/** A KML document (WGS 84 longitude/latitude by definition), from a .kml or the doc.kml of a .kmz. */
export function readKml(buffer: Buffer, format: LayerImportFormat = 'kml'): SourceFile {
  let features: SourceFeature[];
  try {
    const errors: string[] = [];
    const document = new DOMParser({
      onError: (level, message) => {
        if (level !== 'warning') errors.push(message);
      },
    }).parseFromString(buffer.toString('utf8').replace(/^\uFEFF/, ''), 'text/xml');
    if (errors.length > 0) throw new Error(errors[0]);
    const collection = kml(document as unknown as Parameters<typeof kml>[0]);
    features = collection.features.map((feature, index) => ({
      index,
      featureId: typeof feature.id === 'string' || typeof feature.id === 'number' ? String(feature.id) : null,
      sourceLayer: null,
      properties: properties(feature.properties),
      geometry: feature.geometry,
    }));
  } catch {
    throw unprocessable('INVALID_FILE', LAYER_IMPORT_MESSAGES.invalidKml);
  }
  return { format, features, declaredCrs: { kind: 'wgs84' }, problems: [] };
}
