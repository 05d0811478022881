// Writes polygon shapefiles (.shp, .shx, .dbf) by the ESRI Shapefile Technical Description (1998) and the
// dBASE III table format: the test fixtures and the import benchmark are made with it.

export interface ShapefileRecord {
  /** Polygon or MultiPolygon rings in the target CRS (outer rings first). */
  polygons: number[][][][];
  attributes: Record<string, string | number | null>;
}

export interface ShapefileFields {
  name: string;
  /** C text, N number */
  type: 'C' | 'N';
  length: number;
  decimals?: number;
}

const POLYGON = 5;

function signedArea(ring: number[][]): number {
  let sum = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    sum += (ring[j]![0]! - ring[i]![0]!) * (ring[j]![1]! + ring[i]![1]!);
  }
  return sum / 2;
}

/** Shapefile rings: outer clockwise, holes counter-clockwise (GeoJSON has them the other way). */
function oriented(ring: number[][], outer: boolean): number[][] {
  const clockwise = signedArea(ring) > 0;
  return clockwise === outer ? ring : [...ring].reverse();
}

function header(buffer: Buffer, fileWords: number, box: number[]): void {
  buffer.writeInt32BE(9994, 0);
  buffer.writeInt32BE(fileWords, 24);
  buffer.writeInt32LE(1000, 28);
  buffer.writeInt32LE(POLYGON, 32);
  box.forEach((value, i) => buffer.writeDoubleLE(value, 36 + i * 8));
}

/** .shp and .shx of polygon records. */
export function writeShp(records: ShapefileRecord[]): { shp: Buffer; shx: Buffer } {
  const contents = records.map((record) => {
    const rings = record.polygons.flatMap((polygon) => polygon.map((ring, i) => oriented(ring, i === 0)));
    const points = rings.flat();
    const xs = points.map((p) => p[0]!);
    const ys = points.map((p) => p[1]!);
    const content = Buffer.alloc(44 + 4 * rings.length + 16 * points.length);
    content.writeInt32LE(POLYGON, 0);
    [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)].forEach((v, i) =>
      content.writeDoubleLE(v, 4 + i * 8),
    );
    content.writeInt32LE(rings.length, 36);
    content.writeInt32LE(points.length, 40);
    let start = 0;
    rings.forEach((ring, i) => {
      content.writeInt32LE(start, 44 + i * 4);
      start += ring.length;
    });
    const pointsAt = 44 + 4 * rings.length;
    points.forEach((p, i) => {
      content.writeDoubleLE(p[0]!, pointsAt + i * 16);
      content.writeDoubleLE(p[1]!, pointsAt + i * 16 + 8);
    });
    return { content, xs, ys };
  });
  const box = [Infinity, Infinity, -Infinity, -Infinity, 0, 0, 0, 0];
  for (const c of contents) {
    c.xs.forEach((x, i) => {
      box[0] = Math.min(box[0]!, x);
      box[1] = Math.min(box[1]!, c.ys[i]!);
      box[2] = Math.max(box[2]!, x);
      box[3] = Math.max(box[3]!, c.ys[i]!);
    });
  }
  const shpLength = 100 + contents.reduce((sum, c) => sum + 8 + c.content.length, 0);
  const shp = Buffer.alloc(shpLength);
  const shx = Buffer.alloc(100 + 8 * contents.length);
  header(shp, shpLength / 2, box);
  header(shx, shx.length / 2, box);
  let offset = 100;
  contents.forEach((c, i) => {
    shp.writeInt32BE(i + 1, offset);
    shp.writeInt32BE(c.content.length / 2, offset + 4);
    c.content.copy(shp, offset + 8);
    shx.writeInt32BE(offset / 2, 100 + i * 8);
    shx.writeInt32BE(c.content.length / 2, 100 + i * 8 + 4);
    offset += 8 + c.content.length;
  });
  return { shp, shx };
}

/** A dBASE III table; texts encoded as `encoding` ('latin1' as most GIS write without a .cpg, or 'utf8'). */
export function writeDbf(
  fields: ShapefileFields[],
  rows: Record<string, string | number | null>[],
  encoding: 'latin1' | 'utf8',
): Buffer {
  const recordLength = 1 + fields.reduce((sum, field) => sum + field.length, 0);
  const headerLength = 32 + 32 * fields.length + 1;
  const buffer = Buffer.alloc(headerLength + recordLength * rows.length + 1, 0x20);
  buffer.fill(0, 0, headerLength);
  buffer.writeUInt8(0x03, 0);
  buffer.writeUInt8(126, 1);
  buffer.writeUInt8(1, 2);
  buffer.writeUInt8(1, 3);
  buffer.writeUInt32LE(rows.length, 4);
  buffer.writeUInt16LE(headerLength, 8);
  buffer.writeUInt16LE(recordLength, 10);
  fields.forEach((field, i) => {
    const at = 32 + i * 32;
    buffer.write(field.name.slice(0, 10), at, 'latin1');
    buffer.write(field.type, at + 11, 'latin1');
    buffer.writeUInt8(field.length, at + 16);
    buffer.writeUInt8(field.decimals ?? 0, at + 17);
  });
  buffer.writeUInt8(0x0d, headerLength - 1);
  rows.forEach((row, r) => {
    let at = headerLength + r * recordLength + 1;
    for (const field of fields) {
      const value = row[field.name];
      const text = value === null || value === undefined ? '' : String(value);
      const bytes = Buffer.from(text, encoding).subarray(0, field.length);
      if (field.type === 'N') bytes.copy(buffer, at + field.length - bytes.length);
      else bytes.copy(buffer, at);
      at += field.length;
    }
  });
  buffer.writeUInt8(0x1a, buffer.length - 1);
  return buffer;
}
