// Converts the São Paulo and Cascavel cadastral lots of the shared test data (CC0, see testdata/README.md) once
// into the files surveyors deliver, committed under testdata/vectors/ as the layer-import fixtures:
//   npx tsx apps/server/tools/testdata/convert-vectors.ts [shared testdata folder]
// Small subsets (whole blocks, about 150 lots each) keep the repository light.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { zipSync, strToU8 } from 'fflate';
import type { Feature, FeatureCollection, Polygon } from 'geojson';
import InteriorPointArea from 'jsts/org/locationtech/jts/algorithm/InteriorPointArea.js';
import GeometryFactory from 'jsts/org/locationtech/jts/geom/GeometryFactory.js';
import GeoJSONReader from 'jsts/org/locationtech/jts/io/GeoJSONReader.js';
import GeoJSONWriter from 'jsts/org/locationtech/jts/io/GeoJSONWriter.js';
import BufferOp from 'jsts/org/locationtech/jts/operation/buffer/BufferOp.js';
import UnaryUnionOp from 'jsts/org/locationtech/jts/operation/union/UnaryUnionOp.js';
import { crsFromEpsg } from '../../src/geo/crs';
import { writeDxf, type DxfPolyline, type DxfText } from './dxf-writer';
import { writeKml } from './kml-writer';
import { writeDbf, writeShp, type ShapefileFields } from './shapefile-writer';

const ROOT = path.resolve(import.meta.dirname, '../../../..');
const SOURCE = path.resolve(process.argv[2] ?? path.join(ROOT, '../shared/testdata'), 'vectors');
const OUT = path.join(ROOT, 'testdata/vectors');
const MIN_LOTS = 150;
/** A fixed date in the archives, so that running the conversion again writes the same bytes. */
const STABLE = { mtime: new Date('2026-01-01T00:00:00Z') };

interface Lot {
  quadra: string;
  lote: string;
  codigo: string;
  logradouro: string;
  /** lon/lat outer ring */
  ring: number[][];
}

const factory = new GeometryFactory();
const reader = new GeoJSONReader(factory);
const writer = new GeoJSONWriter();
const jsts = (ring: number[][]) => reader.read({ type: 'Polygon', coordinates: [ring] }) as object;

const round = (value: number, digits: number) => Number(value.toFixed(digits));

function interiorPoint(ring: number[][]): number[] {
  const point = InteriorPointArea.getInteriorPoint(jsts(ring));
  return [point.x, point.y];
}

/** Blocks: the union of touching lots (closed by `closing` in the ring's units), as outer rings. */
function blocksOf(rings: number[][][], closing: number): number[][][] {
  const union = UnaryUnionOp.union(factory.createGeometryCollection(rings.map(jsts) as never) as never);
  const closed = BufferOp.bufferOp(BufferOp.bufferOp(union, closing), -closing);
  const geometry = writer.write(closed) as { type: string; coordinates: number[][][][] | number[][][] };
  const polygons =
    geometry.type === 'Polygon'
      ? [geometry.coordinates as number[][][]]
      : (geometry.coordinates as number[][][][]);
  return polygons.map((polygon) => polygon[0]!);
}

function inside(ring: number[][], [x, y]: number[]): boolean {
  let result = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i]!;
    const [xj, yj] = ring[j]!;
    if (yi! > y! !== yj! > y! && x! < ((xj! - xi!) * (y! - yi!)) / (yj! - yi!) + xi!) result = !result;
  }
  return result;
}

function shoelace(ring: number[][]): number {
  let sum = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    sum += (ring[j]![0]! + ring[i]![0]!) * (ring[j]![1]! - ring[i]![1]!);
  }
  return sum / 2;
}

const load = (name: string) =>
  JSON.parse(readFileSync(path.join(SOURCE, name), 'utf8')) as FeatureCollection<Polygon>;

/** São Paulo: the SQL code `ref` is setor (3) + quadra (3) + lote (4): whole quadras, in code order. */
function saoPaulo(): Lot[] {
  const features = load('saopaulo_lotes_geohash6gy9pc.geojson').features;
  const seen = new Set<string>();
  const lots: Lot[] = [];
  const byQuadra = new Map<string, Feature<Polygon>[]>();
  for (const feature of features) {
    const ref = String(feature.properties?.ref ?? '');
    if (!/^\d{10}$/.test(ref) || seen.has(ref)) continue;
    seen.add(ref);
    const key = ref.slice(0, 6);
    byQuadra.set(key, [...(byQuadra.get(key) ?? []), feature]);
  }
  for (const key of [...byQuadra.keys()].sort()) {
    if (lots.length >= MIN_LOTS) break;
    for (const feature of byQuadra.get(key)!) {
      const ref = String(feature.properties!.ref);
      lots.push({
        quadra: `${ref.slice(0, 3)}-${ref.slice(3, 6)}`,
        lote: String(Number(ref.slice(6, 10))),
        codigo: ref,
        logradouro: String(feature.properties?.address ?? '').replace(/\s+/g, ' '),
        ring: feature.geometry.coordinates[0]!,
      });
    }
  }
  return lots;
}

/**
 * Cascavel has no block or lot numbers: blocks are the unions of touching lots, numbered north to south then
 * west to east, and lots numbered the same way inside each block (generated, said so in testdata/README.md).
 * Whole blocks around the street with accented names (Latin-1 test) are kept.
 */
function cascavel(): Lot[] {
  const features = load('cascavel_lotes_geohash6gd40m.geojson').features;
  const utm = crsFromEpsg(31982);
  const planar = features.map((feature) =>
    feature.geometry.coordinates[0]!.map(([lon, lat]) => utm.fromLonLat(lon!, lat!)),
  );
  const blocks = blocksOf(planar, 0.5)
    .map((ring) => ({ ring, centre: interiorPoint(ring) }))
    .sort((a, b) => b.centre[1]! - a.centre[1]! || a.centre[0]! - b.centre[0]!);
  const accented = features.findIndex((feature) =>
    /[^\x20-\x7e]/.test(String(feature.properties?.address ?? '')),
  );
  const anchor = interiorPoint(planar[accented]!);
  const byDistance = blocks
    .map((block, number) => ({
      ...block,
      number: number + 1,
      distance: Math.hypot(block.centre[0]! - anchor[0]!, block.centre[1]! - anchor[1]!),
    }))
    .sort((a, b) => a.distance - b.distance);
  const lots: Lot[] = [];
  for (const block of byDistance) {
    if (lots.length >= MIN_LOTS) break;
    const members = features
      .map((feature, i) => ({ feature, centre: interiorPoint(planar[i]!) }))
      .filter((member) => inside(block.ring, member.centre))
      .sort((a, b) => b.centre[1]! - a.centre[1]! || a.centre[0]! - b.centre[0]!);
    members.forEach((member, i) =>
      lots.push({
        quadra: String(block.number),
        lote: String(i + 1),
        codigo: `CVL-${block.number}-${i + 1}`,
        logradouro: String(member.feature.properties?.address ?? ''),
        ring: member.feature.geometry.coordinates[0]!,
      }),
    );
  }
  return lots;
}

const FIELDS: ShapefileFields[] = [
  { name: 'QUADRA', type: 'C', length: 10 },
  { name: 'LOTE', type: 'N', length: 6 },
  { name: 'CODIGO', type: 'C', length: 16 },
  { name: 'LOGRADOURO', type: 'C', length: 60 },
];

const ESRI_31983 =
  'PROJCS["SIRGAS_2000_UTM_Zone_23S",GEOGCS["GCS_SIRGAS_2000",DATUM["D_SIRGAS_2000",SPHEROID["GRS_1980",6378137.0,298.257222101]],PRIMEM["Greenwich",0.0],UNIT["Degree",0.0174532925199433]],PROJECTION["Transverse_Mercator"],PARAMETER["False_Easting",500000.0],PARAMETER["False_Northing",10000000.0],PARAMETER["Central_Meridian",-45.0],PARAMETER["Scale_Factor",0.9996],PARAMETER["Latitude_Of_Origin",0.0],UNIT["Meter",1.0]]';
const OGC_31982 =
  'PROJCS["SIRGAS 2000 / UTM zone 22S",GEOGCS["SIRGAS 2000",DATUM["Sistema_de_Referencia_Geocentrico_para_las_AmericaS_2000",SPHEROID["GRS 1980",6378137,298.257222101,AUTHORITY["EPSG","7019"]],TOWGS84[0,0,0,0,0,0,0],AUTHORITY["EPSG","6674"]],PRIMEM["Greenwich",0,AUTHORITY["EPSG","8901"]],UNIT["degree",0.0174532925199433,AUTHORITY["EPSG","9122"]],AUTHORITY["EPSG","4674"]],PROJECTION["Transverse_Mercator"],PARAMETER["latitude_of_origin",0],PARAMETER["central_meridian",-51],PARAMETER["scale_factor",0.9996],PARAMETER["false_easting",500000],PARAMETER["false_northing",10000000],UNIT["metre",1,AUTHORITY["EPSG","9001"]],AXIS["Easting",EAST],AXIS["Northing",NORTH],AUTHORITY["EPSG","31982"]]';

const toUtm = (lots: Lot[], epsg: number) => {
  const crs = crsFromEpsg(epsg);
  return lots.map((lot) => lot.ring.map(([lon, lat]) => crs.fromLonLat(lon!, lat!).map((v) => round(v, 3))));
};

const attributes = (lot: Lot) => ({
  QUADRA: lot.quadra,
  LOTE: Number(lot.lote),
  CODIGO: lot.codigo,
  LOGRADOURO: lot.logradouro,
});

function shapefileZip(
  name: string,
  lots: Lot[],
  epsg: number,
  prj: string,
  encoding: 'latin1' | 'utf8',
): Uint8Array {
  const rings = toUtm(lots, epsg);
  const { shp, shx } = writeShp(
    rings.map((ring, i) => ({ polygons: [[ring]], attributes: attributes(lots[i]!) })),
  );
  const dbf = writeDbf(FIELDS, lots.map(attributes), encoding);
  return zipSync(
    {
      [`${name}.shp`]: shp,
      [`${name}.shx`]: shx,
      [`${name}.dbf`]: dbf,
      [`${name}.prj`]: strToU8(prj),
      ...(encoding === 'utf8' ? { [`${name}.cpg`]: strToU8('UTF-8') } : {}),
    },
    STABLE,
  );
}

function kml(name: string, lots: Lot[]): string {
  return writeKml(
    name,
    lots.map((lot) => ({
      name: `Lote ${lot.lote}`,
      polygons: [[lot.ring]],
      data: { quadra: lot.quadra, lote: lot.lote, codigo: lot.codigo, logradouro: lot.logradouro },
    })),
  );
}

/** Lots on LOTES with their number inside, block outlines on QUADRAS with 'QUADRA n' (MTEXT). */
function dxf(lots: Lot[], epsg: number): string {
  const rings = toUtm(lots, epsg);
  const polylines: DxfPolyline[] = rings.map((ring) => ({ layer: 'LOTES', points: ring.slice(0, -1) }));
  const texts: DxfText[] = rings.map((ring, i) => ({
    layer: 'TEXTOS',
    at: interiorPoint(ring),
    text: lots[i]!.lote,
  }));
  const quadras = [...new Set(lots.map((lot) => lot.quadra))];
  for (const quadra of quadras) {
    const members = rings.filter((_, i) => lots[i]!.quadra === quadra);
    // Unions leave slivers where lots almost touch: only real blocks (over 10 m²) are drawn.
    for (const block of blocksOf(members, 0.5).filter((ring) => Math.abs(shoelace(ring)) > 10)) {
      polylines.push({ layer: 'QUADRAS', points: block.slice(0, -1).map((p) => p.map((v) => round(v, 3))) });
      texts.push({
        layer: 'TEXTOS',
        at: interiorPoint(block),
        text: `{\\fArial|b1;QUADRA ${quadra}}`,
        mtext: true,
      });
    }
  }
  return writeDxf(polylines, texts);
}

function geoJsonUtm(lots: Lot[], epsg: number): string {
  const rings = toUtm(lots, epsg);
  return JSON.stringify({
    type: 'FeatureCollection',
    crs: { type: 'name', properties: { name: `urn:ogc:def:crs:EPSG::${epsg}` } },
    features: lots.map((lot, i) => ({
      type: 'Feature',
      properties: { quadra: lot.quadra, lote: lot.lote, codigo: lot.codigo, logradouro: lot.logradouro },
      geometry: { type: 'Polygon', coordinates: [rings[i]] },
    })),
  });
}

const sp = saoPaulo();
const cv = cascavel();
const write = (name: string, data: string | Uint8Array) => {
  writeFileSync(path.join(OUT, name), data);
  console.log(`${name}: ${typeof data === 'string' ? Buffer.byteLength(data) : data.length} bytes`);
};
write('saopaulo_lotes_utm23s.geojson', geoJsonUtm(sp, 31983));
write('saopaulo_lotes_utm23s_shp.zip', shapefileZip('saopaulo_lotes', sp, 31983, ESRI_31983, 'utf8'));
write('saopaulo_lotes_wgs84.kml', kml('Lotes São Paulo', sp));
write('saopaulo_lotes_utm23s.dxf', dxf(sp, 31983));
write('cascavel_lotes_utm22s_shp.zip', shapefileZip('cascavel_lotes', cv, 31982, OGC_31982, 'latin1'));
write('cascavel_lotes_wgs84.kmz', zipSync({ 'doc.kml': strToU8(kml('Lotes Cascavel', cv)) }, STABLE));
write('cascavel_lotes_utm22s.dxf', dxf(cv, 31982));
console.log(
  `São Paulo: ${sp.length} lotes em ${new Set(sp.map((l) => l.quadra)).size} quadras; Cascavel: ${cv.length} lotes em ${new Set(cv.map((l) => l.quadra)).size} quadras`,
);
