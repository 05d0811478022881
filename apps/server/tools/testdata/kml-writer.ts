// Writes KML 2.2 placemarks (polygons with ExtendedData), as Google Earth and QGIS write them.

export interface KmlPlacemark {
  name: string;
  /** lon/lat rings of one or more polygons. */
  polygons: number[][][][];
  data: Record<string, string | null>;
}

const escape = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const ring = (points: number[][]) =>
  `<LinearRing><coordinates>${points.map((p) => `${p[0]},${p[1]},0`).join(' ')}</coordinates></LinearRing>`;

const polygon = (rings: number[][][]) =>
  `<Polygon><outerBoundaryIs>${ring(rings[0]!)}</outerBoundaryIs>${rings
    .slice(1)
    .map((hole) => `<innerBoundaryIs>${ring(hole)}</innerBoundaryIs>`)
    .join('')}</Polygon>`;

export function writeKml(name: string, placemarks: KmlPlacemark[]): string {
  const body = placemarks
    .map((placemark) => {
      const data = Object.entries(placemark.data)
        .map(([key, value]) => `<Data name="${escape(key)}"><value>${escape(value ?? '')}</value></Data>`)
        .join('');
      const geometry =
        placemark.polygons.length === 1
          ? polygon(placemark.polygons[0]!)
          : `<MultiGeometry>${placemark.polygons.map(polygon).join('')}</MultiGeometry>`;
      return `<Placemark><name>${escape(placemark.name)}</name><ExtendedData>${data}</ExtendedData>${geometry}</Placemark>`;
    })
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<kml xmlns="http://www.opengis.net/kml/2.2"><Document><name>${escape(name)}</name>\n${body}\n</Document></kml>\n`;
}
