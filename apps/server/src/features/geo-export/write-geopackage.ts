import { randomUUID } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { bbox } from '@turf/turf';
import { Geometry } from 'wkx';
import type { LayerGeometry } from '@mirante/shared';
import { epsgEntry, epsgWkt } from '../../geo/crs/epsg-definitions';
import { NUMERIC_FIELDS, type ExportLayer } from './export-layers';

/** 'GPKG' as SQLite's application_id, and the GeoPackage version written (1.3.0: GDAL 3.6 knows it). */
const GPKG_APPLICATION_ID = 0x47504b47;
const GPKG_VERSION = 10300;

const SCHEMA = `
CREATE TABLE gpkg_spatial_ref_sys (
  srs_name TEXT NOT NULL, srs_id INTEGER PRIMARY KEY, organization TEXT NOT NULL,
  organization_coordsys_id INTEGER NOT NULL, definition TEXT NOT NULL, description TEXT);
CREATE TABLE gpkg_contents (
  table_name TEXT NOT NULL PRIMARY KEY, data_type TEXT NOT NULL, identifier TEXT UNIQUE, description TEXT DEFAULT '',
  last_change DATETIME NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')),
  min_x DOUBLE, min_y DOUBLE, max_x DOUBLE, max_y DOUBLE,
  srs_id INTEGER, CONSTRAINT fk_gc_r_srs_id FOREIGN KEY (srs_id) REFERENCES gpkg_spatial_ref_sys(srs_id));
CREATE TABLE gpkg_geometry_columns (
  table_name TEXT NOT NULL, column_name TEXT NOT NULL, geometry_type_name TEXT NOT NULL,
  srs_id INTEGER NOT NULL, z TINYINT NOT NULL, m TINYINT NOT NULL,
  CONSTRAINT pk_geom_cols PRIMARY KEY (table_name, column_name),
  CONSTRAINT fk_gc_tn FOREIGN KEY (table_name) REFERENCES gpkg_contents(table_name),
  CONSTRAINT fk_gc_srs FOREIGN KEY (srs_id) REFERENCES gpkg_spatial_ref_sys (srs_id));
INSERT INTO gpkg_spatial_ref_sys VALUES
  ('Undefined cartesian SRS', -1, 'NONE', -1, 'undefined', 'undefined cartesian coordinate reference system'),
  ('Undefined geographic SRS', 0, 'NONE', 0, 'undefined', 'undefined geographic coordinate reference system');
`;

/**
 * A GeoPackage geometry: the 'GP' header (version 0, little-endian, an xy envelope) with the SRS id, then
 * the geometry as ISO WKB (written by wkx).
 */
function gpkgGeometry(geometry: LayerGeometry, srsId: number): Uint8Array {
  const [minX, minY, maxX, maxY] = bbox(geometry);
  const header = Buffer.alloc(8 + 32);
  header.write('GP', 0, 'ascii');
  header.writeUInt8(0, 2);
  header.writeUInt8(0b0000_0011, 3); // envelope [minx, maxx, miny, maxy]; little-endian
  header.writeInt32LE(srsId, 4);
  [minX, maxX, minY, maxY].forEach((value, index) => header.writeDoubleLE(value, 8 + index * 8));
  return Buffer.concat([header, Geometry.parseGeoJSON(geometry).toWkb()]);
}

/** A polygon in a MULTIPOLYGON column is stored as a one-part multipolygon. */
const asColumnType = (geometry: LayerGeometry, type: string): LayerGeometry =>
  type === 'MULTIPOLYGON' && geometry.type === 'Polygon'
    ? { type: 'MultiPolygon', coordinates: [geometry.coordinates] }
    : geometry;

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

const columnType = (field: string): 'TEXT' | 'REAL' => (NUMERIC_FIELDS.has(field) ? 'REAL' : 'TEXT');

/** The GeoPackage type of a layer's column: the one type its features share, else GEOMETRY. */
function geometryTypeName(layer: ExportLayer): string {
  const types = new Set(layer.features.map((feature) => feature.geometry.type.toUpperCase()));
  if (types.size === 1) return [...types][0] ?? 'GEOMETRY';
  if ([...types].every((type) => type.endsWith('POLYGON'))) return 'MULTIPOLYGON';
  return 'GEOMETRY';
}

/** A GeoPackage 1.4 (SQLite, node:sqlite) with one feature table per layer, in `epsg`. */
export function writeGeoPackage(layers: ExportLayer[], epsg: number): Uint8Array {
  const path = join(tmpdir(), `mirante-export-${randomUUID()}.gpkg`);
  const db = new DatabaseSync(path);
  try {
    db.exec(`PRAGMA application_id = ${GPKG_APPLICATION_ID}; PRAGMA user_version = ${GPKG_VERSION};`);
    db.exec('BEGIN');
    db.exec(SCHEMA);
    const srs = db.prepare('INSERT INTO gpkg_spatial_ref_sys VALUES (?, ?, ?, ?, ?, ?)');
    for (const code of new Set([4326, epsg]))
      srs.run(epsgEntry(code)?.name ?? `EPSG:${code}`, code, 'EPSG', code, epsgWkt(code), null);
    for (const layer of layers) {
      const table = quoted(layer.name);
      const columns = layer.fields.map((field) => `${quoted(field)} ${columnType(field)}`);
      db.exec(
        `CREATE TABLE ${table} (fid INTEGER PRIMARY KEY AUTOINCREMENT, geom BLOB, ${columns.join(', ')})`,
      );
      const insert = db.prepare(
        `INSERT INTO ${table} (geom, ${layer.fields.map(quoted).join(', ')}) VALUES (?${', ?'.repeat(layer.fields.length)})`,
      );
      const type = geometryTypeName(layer);
      let extent = [Infinity, Infinity, -Infinity, -Infinity];
      for (const feature of layer.features) {
        const [minX, minY, maxX, maxY] = bbox(feature.geometry);
        extent = [
          Math.min(extent[0]!, minX),
          Math.min(extent[1]!, minY),
          Math.max(extent[2]!, maxX),
          Math.max(extent[3]!, maxY),
        ];
        insert.run(
          gpkgGeometry(asColumnType(feature.geometry, type), epsg),
          ...layer.fields.map((f) => feature.properties[f] ?? null),
        );
      }
      const box = layer.features.length > 0 ? extent : [null, null, null, null];
      db.prepare('INSERT INTO gpkg_contents VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)').run(
        layer.name,
        'features',
        layer.name,
        '',
        new Date().toISOString(),
        ...box,
        epsg,
      );
      db.prepare('INSERT INTO gpkg_geometry_columns VALUES (?, ?, ?, ?, 0, 0)').run(
        layer.name,
        'geom',
        type,
        epsg,
      );
    }
    db.exec('COMMIT');
    db.close();
    return readFileSync(path);
  } finally {
    if (db.isOpen) db.close();
    rmSync(path, { force: true });
  }
}
