import { foldersToKML } from '@placemarkio/tokml';
import type { ExportLayer } from './export-layers';

/** KML 2.2 (lon/lat WGS 84 by definition): one folder per layer, attributes as ExtendedData. */
export function writeKml(layers: ExportLayer[]): Uint8Array {
  const kml = foldersToKML({
    type: 'root',
    children: layers.map((layer) => ({
      type: 'folder' as const,
      meta: { name: layer.name },
      children: layer.features.map((feature) => ({
        type: 'Feature' as const,
        // an absent value is left out (tokml would write the text 'null')
        properties: Object.fromEntries(
          Object.entries(feature.properties).filter(([, value]) => value !== null),
        ),
        geometry: feature.geometry,
      })),
    })),
  });
  return new TextEncoder().encode(kml);
}
