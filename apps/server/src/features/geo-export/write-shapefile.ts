import { write, type OGCGeometry } from '@mapbox/shp-write';
import { rewind } from '@turf/turf';
import { zipSync } from 'fflate';
import type { LayerGeometry } from '@mirante/shared';
import { epsgWkt } from '../../geo/crs/epsg-definitions';
import type { ExportFeature, ExportLayer, ExportValue } from './export-layers';

/** dBase character fields hold at most 254 bytes. */
const DBF_TEXT_BYTES = 254;

type ShapeKind = 'pontos' | 'linhas' | 'poligonos';
const SHAPE_TYPE: Record<ShapeKind, OGCGeometry> = {
  pontos: 'POINT',
  linhas: 'POLYLINE',
  poligonos: 'POLYGON',
};

const kindOf = (geometry: LayerGeometry): ShapeKind =>
  geometry.type === 'Point'
    ? 'pontos'
    : geometry.type === 'LineString' || geometry.type === 'MultiLineString'
      ? 'linhas'
      : 'poligonos';

/**
 * The dbf writer stores each character's code as one byte; handing it the UTF-8 bytes as a binary string
 * makes the file UTF-8 (declared by the .cpg), accents kept. Cut on a character boundary within 254 bytes.
 */
function utf8Cell(text: string): string {
  let bytes = Buffer.from(text, 'utf8');
  let characters = [...text];
  while (bytes.length > DBF_TEXT_BYTES) {
    characters = characters.slice(0, -1);
    bytes = Buffer.from(characters.join(''), 'utf8');
  }
  return bytes.toString('latin1');
}

const row = (feature: ExportFeature, fields: string[]): Record<string, ExportValue> =>
  Object.fromEntries(
    fields.map((field) => {
      const value = feature.properties[field] ?? null;
      return [field, typeof value === 'string' ? utf8Cell(value) : value];
    }),
  );

/** Shapefile rings: outer clockwise, holes counter-clockwise (the reverse of RFC 7946). */
function shapeCoordinates(geometry: LayerGeometry): unknown {
  switch (geometry.type) {
    case 'Point':
      return geometry.coordinates;
    case 'LineString':
      return [geometry.coordinates];
    case 'MultiLineString':
      return geometry.coordinates;
    case 'Polygon':
    case 'MultiPolygon':
      return (rewind(geometry, { reverse: true }) as typeof geometry).coordinates;
  }
}

function shapeFiles(features: ExportFeature[], fields: string[], kind: ShapeKind) {
  let files: { shp: DataView; shx: DataView; dbf: DataView } | undefined;
  write(
    features.map((feature) => row(feature, fields)),
    SHAPE_TYPE[kind],
    features.map((feature) => shapeCoordinates(feature.geometry) as object),
    (error, written) => {
      if (error) throw error instanceof Error ? error : new Error(String(error));
      files = written as typeof files;
    },
  );
  if (!files) throw new Error('Shapefile não gerado');
  return files;
}

const bytesOf = (view: DataView) => new Uint8Array(view.buffer, view.byteOffset, view.byteLength);

/**
 * A zipped Shapefile: per layer and shape kind (a Shapefile holds one) the .shp, .shx, .dbf (UTF-8), .cpg
 * and .prj (the CRS's WKT from epsg-index), at the zip's root (where GDAL's /vsizip/ and QGIS look).
 */
export function writeShapefileZip(layers: ExportLayer[], epsg: number): Uint8Array {
  const prj = new TextEncoder().encode(epsgWkt(epsg));
  const cpg = new TextEncoder().encode('UTF-8');
  const entries: Record<string, Uint8Array> = {};
  for (const layer of layers) {
    const groups = new Map<ShapeKind, ExportFeature[]>();
    for (const feature of layer.features) {
      const kind = kindOf(feature.geometry);
      groups.set(kind, [...(groups.get(kind) ?? []), feature]);
    }
    for (const [kind, features] of groups) {
      const name = groups.size === 1 ? layer.name : `${layer.name}_${kind}`;
      const files = shapeFiles(features, layer.fields, kind);
      entries[`${name}.shp`] = bytesOf(files.shp);
      entries[`${name}.shx`] = bytesOf(files.shx);
      entries[`${name}.dbf`] = bytesOf(files.dbf);
      entries[`${name}.cpg`] = cpg;
      entries[`${name}.prj`] = prj;
    }
  }
  return zipSync(entries, { level: 6 });
}
