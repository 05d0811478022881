/**
 * Writes the NTv2 grids shipped in `src/geo/crs/grids/` from PROJ-data's GeoTIFF grids (OSGeo/PROJ-data,
 * `br_ibge/br_ibge_{SAD69,CA7072,CA61}_003.tif`, IBGE, CC BY-SA 4.0):
 *
 *   npx tsx apps/server/tools/crs/build-datum-grids.ts path/to/br_ibge_SAD69_003.tif …
 *
 * NTv2 because proj4 reads it synchronously; the GeoTIFF needs an asynchronous decoder. GDAL's NTv2 export is
 * not used: it keeps PROJ's east-positive longitude offsets where NTv2 wants them west-positive. The nodes are
 * read as proj4's own GeoTIFF grid reader reads them (first node at the bounding box's west/north corner).
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { fromFile } from 'geotiff';

const RECORD = 16;

function header(view: DataView, at: number, name: string) {
  for (let i = 0; i < 8; i++) view.setUint8(at + i, (name.padEnd(8, ' ').charCodeAt(i) ?? 32) & 0xff);
}
const int = (view: DataView, at: number, name: string, value: number) => {
  header(view, at, name);
  view.setInt32(at + 8, value, true);
};
const dbl = (view: DataView, at: number, name: string, value: number) => {
  header(view, at, name);
  view.setFloat64(at + 8, value, true);
};
const str = (view: DataView, at: number, name: string, value: string) => {
  header(view, at, name);
  header(view, at + 8, value);
};

async function convert(tifPath: string): Promise<Buffer> {
  const tiff = await fromFile(tifPath);
  const count = await tiff.getImageCount();
  const subgrids: Buffer[] = [];
  // PROJ's grids list the coarse grid first; NTv2 readers take the first subgrid holding a point.
  for (let index = count - 1; index >= 0; index--) {
    const image = await tiff.getImage(index);
    const width = image.getWidth();
    const height = image.getHeight();
    const [west, , , north] = image.getBoundingBox() as [number, number, number, number];
    const [dLon, dLat] = image.getFileDirectory().getValue('ModelPixelScale') as number[];
    const bands = (await image.readRasters()) as unknown as Float32Array[];
    const [latShift, lonShift, latError, lonError] = bands;
    const buffer = Buffer.alloc(11 * RECORD + width * height * RECORD);
    const view = new DataView(buffer.buffer, buffer.byteOffset, buffer.byteLength);
    str(view, 0, 'SUB_NAME', `SUB${index}`);
    str(view, 16, 'PARENT', 'NONE');
    str(view, 32, 'CREATED', '');
    str(view, 48, 'UPDATED', '');
    dbl(view, 64, 'S_LAT', (north - (height - 1) * dLat!) * 3600);
    dbl(view, 80, 'N_LAT', north * 3600);
    dbl(view, 96, 'E_LONG', -(west + (width - 1) * dLon!) * 3600);
    dbl(view, 112, 'W_LONG', -west * 3600);
    dbl(view, 128, 'LAT_INC', dLat! * 3600);
    dbl(view, 144, 'LONG_INC', dLon! * 3600);
    int(view, 160, 'GS_COUNT', width * height);
    let at = 11 * RECORD;
    for (let row = height - 1; row >= 0; row--) {
      for (let column = width - 1; column >= 0; column--) {
        const i = row * width + column;
        view.setFloat32(at, latShift![i]!, true);
        view.setFloat32(at + 4, -lonShift![i]!, true);
        view.setFloat32(at + 8, latError?.[i] ?? 0, true);
        view.setFloat32(at + 12, lonError?.[i] ?? 0, true);
        at += RECORD;
      }
    }
    subgrids.push(buffer);
  }
  await tiff.close();
  const overview = Buffer.alloc(11 * RECORD);
  const view = new DataView(overview.buffer, overview.byteOffset, overview.byteLength);
  int(view, 0, 'NUM_OREC', 11);
  int(view, 16, 'NUM_SREC', 11);
  int(view, 32, 'NUM_FILE', subgrids.length);
  str(view, 48, 'GS_TYPE', 'SECONDS');
  str(view, 64, 'VERSION', 'NTv2.0');
  str(view, 80, 'SYSTEM_F', '');
  str(view, 96, 'SYSTEM_T', 'SIRGAS');
  dbl(view, 112, 'MAJOR_F', 0);
  dbl(view, 128, 'MINOR_F', 0);
  dbl(view, 144, 'MAJOR_T', 6_378_137);
  dbl(view, 160, 'MINOR_T', 6_356_752.314140356);
  const end = Buffer.alloc(RECORD);
  header(new DataView(end.buffer, end.byteOffset, end.byteLength), 0, 'END');
  return Buffer.concat([overview, ...subgrids, end]);
}

const OUT = path.resolve(import.meta.dirname, '../../src/geo/crs/grids');
for (const tif of process.argv.slice(2)) {
  const name = path
    .basename(tif)
    .replace(/^br_ibge_/, '')
    .replace(/\.tif$/, '.gsb');
  const gsb = await convert(tif);
  writeFileSync(path.join(OUT, `${name}.gz`), gzipSync(gsb, { level: 9 }));
  console.log(`${name}: ${gsb.length} bytes`);
}
