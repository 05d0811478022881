// A zipped Shapefile of N lots (SIRGAS 2000 / UTM 23S, Latin-1 .dbf, ESRI .prj) for the import benchmark: the
// 192 São Paulo lots of testdata/vectors repeated side by side (each copy 1.2 km further east) until N.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { strToU8, zipSync } from 'fflate';
import { crsFromEpsg } from '../../apps/server/src/geo/crs';
import { writeDbf, writeShp, type ShapefileFields } from '../../apps/server/tools/testdata/shapefile-writer';

const ROOT = path.resolve(import.meta.dirname, '../..');
const PRJ =
  'PROJCS["SIRGAS_2000_UTM_Zone_23S",GEOGCS["GCS_SIRGAS_2000",DATUM["D_SIRGAS_2000",SPHEROID["GRS_1980",6378137.0,298.257222101]],PRIMEM["Greenwich",0.0],UNIT["Degree",0.0174532925199433]],PROJECTION["Transverse_Mercator"],PARAMETER["False_Easting",500000.0],PARAMETER["False_Northing",10000000.0],PARAMETER["Central_Meridian",-45.0],PARAMETER["Scale_Factor",0.9996],PARAMETER["Latitude_Of_Origin",0.0],UNIT["Meter",1.0]]';

interface SourceLot {
  quadra: string;
  lote: string;
  codigo: string;
  ring: number[][];
}

function sourceLots(): SourceLot[] {
  const kml = readFileSync(path.join(ROOT, 'testdata/vectors/saopaulo_lotes_wgs84.kml'), 'utf8');
  const utm = crsFromEpsg(31983);
  const pattern =
    /<Data name="quadra"><value>([^<]*)<\/value><\/Data><Data name="lote"><value>([^<]*)<\/value><\/Data><Data name="codigo"><value>([^<]*)<\/value>.*?<coordinates>([^<]+)</gs;
  return [...kml.matchAll(pattern)].map((match) => ({
    quadra: match[1]!,
    lote: match[2]!,
    codigo: match[3]!,
    ring: match[4]!
      .trim()
      .split(/\s+/)
      .map((point) => {
        const [lon, lat] = point.split(',').map(Number);
        return utm.fromLonLat(lon!, lat!);
      }),
  }));
}

const FIELDS: ShapefileFields[] = [
  { name: 'QUADRA', type: 'C', length: 12 },
  { name: 'LOTE', type: 'N', length: 6 },
  { name: 'CODIGO', type: 'C', length: 16 },
];

/** The zipped Shapefile of `count` lots. */
export function makeLotsShapefile(count: number): Buffer {
  const lots = sourceLots();
  const records = [];
  const rows = [];
  for (let i = 0; i < count; i++) {
    const copy = Math.floor(i / lots.length);
    const lot = lots[i % lots.length]!;
    const ring = lot.ring.map(([x, y]) => [
      Math.round((x! + copy * 1200) * 1000) / 1000,
      Math.round(y! * 1000) / 1000,
    ]);
    const attributes = {
      QUADRA: `${copy + 1}/${lot.quadra}`,
      LOTE: Number(lot.lote),
      CODIGO: `${copy + 1}-${lot.codigo}`,
    };
    records.push({ polygons: [[ring]], attributes });
    rows.push(attributes);
  }
  const { shp, shx } = writeShp(records);
  return Buffer.from(
    zipSync({
      'lotes.shp': shp,
      'lotes.shx': shx,
      'lotes.dbf': writeDbf(FIELDS, rows, 'latin1'),
      'lotes.prj': strToU8(PRJ),
    }),
  );
}
