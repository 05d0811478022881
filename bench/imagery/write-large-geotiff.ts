import { createWriteStream } from 'node:fs';
import { once } from 'node:events';

/**
 * Streams an uncompressed, striped 8-bit RGB GeoTIFF of `size` × `size` pixels in SIRGAS 2000 / UTM 22S
 * (0.3 m pixels around the demo allotment near Maringá) to `filePath`, one strip at a time: the raster is never held in memory.
 * The content is a cheap field-like texture so PNG tiles have realistic sizes.
 */
export async function writeLargeGeoTiff(
  filePath: string,
  size: number,
  /** Top-left corner in EPSG:31982 metres. */
  origin: [number, number] = [396_000, 7_408_000],
): Promise<void> {
  const rowsPerStrip = 16;
  const strips = Math.ceil(size / rowsPerStrip);
  const stripBytes = (row: number) => Math.min(rowsPerStrip, size - row * rowsPerStrip) * size * 3;
  const entries: Array<[number, number, number, number | number[]]> = [];
  // tag, type (3 SHORT, 4 LONG, 12 DOUBLE), count, value(s)
  const header = Buffer.alloc(8);
  header.write('II', 0, 'latin1');
  header.writeUInt16LE(42, 2);
  const ifdOffset = 8;
  const tagCount = 14;
  const ifdSize = 2 + tagCount * 12 + 4;
  let extraOffset = ifdOffset + ifdSize;
  const extras: Buffer[] = [];
  const addExtra = (buffer: Buffer) => {
    const at = extraOffset;
    extras.push(buffer);
    extraOffset += buffer.length;
    return at;
  };
  const doubles = (values: number[]) => {
    const buffer = Buffer.alloc(values.length * 8);
    values.forEach((value, index) => buffer.writeDoubleLE(value, index * 8));
    return buffer;
  };
  const shorts = (values: number[]) => {
    const buffer = Buffer.alloc(values.length * 2);
    values.forEach((value, index) => buffer.writeUInt16LE(value, index * 2));
    return buffer;
  };
  const longs = (values: number[]) => {
    const buffer = Buffer.alloc(values.length * 4);
    values.forEach((value, index) => buffer.writeUInt32LE(value, index * 4));
    return buffer;
  };
  const bitsAt = addExtra(shorts([8, 8, 8]));
  const scaleAt = addExtra(doubles([0.3, 0.3, 0]));
  // Over the demo allotment (Jardim das Palmeiras, Maringá): a scene must overlap the project it is ingested into.
  const tieAt = addExtra(doubles([0, 0, 0, origin[0], origin[1], 0]));
  const geoKeys = [1, 1, 0, 3, 1024, 0, 1, 1, 1025, 0, 1, 1, 3072, 0, 1, 31982];
  const geoKeysAt = addExtra(shorts(geoKeys));
  const sampleFormatAt = addExtra(shorts([1, 1, 1]));
  const countsAt = addExtra(longs([...Array(strips).keys()].map(stripBytes)));
  const offsetsAt = extraOffset;
  extraOffset += strips * 4;
  const dataStart = extraOffset;
  const offsets: number[] = [];
  let position = dataStart;
  for (let strip = 0; strip < strips; strip++) {
    offsets.push(position);
    position += stripBytes(strip);
  }
  if (position > 2 ** 32 - 1) throw new Error('grande demais para TIFF clássico');
  entries.push(
    [256, 4, 1, size],
    [257, 4, 1, size],
    [258, 3, 3, bitsAt],
    [259, 3, 1, 1],
    [262, 3, 1, 2],
    [273, 4, strips, offsetsAt],
    [277, 3, 1, 3],
    [278, 4, 1, rowsPerStrip],
    [279, 4, strips, countsAt],
    [284, 3, 1, 1],
    [33550, 12, 3, scaleAt],
    [33922, 12, 6, tieAt],
    [34735, 3, geoKeys.length, geoKeysAt],
    [339, 3, 3, sampleFormatAt],
  );
  const ifd = Buffer.alloc(ifdSize);
  ifd.writeUInt16LE(entries.length, 0);
  entries.forEach(([tag, type, count, value], index) => {
    const at = 2 + index * 12;
    ifd.writeUInt16LE(tag, at);
    ifd.writeUInt16LE(type, at + 2);
    ifd.writeUInt32LE(count, at + 4);
    if (type === 3 && count === 1) ifd.writeUInt16LE(value as number, at + 8);
    else ifd.writeUInt32LE(value as number, at + 8);
  });
  header.writeUInt32LE(ifdOffset, 4);

  const out = createWriteStream(filePath);
  const write = async (chunk: Buffer) => {
    if (!out.write(chunk)) await once(out, 'drain');
  };
  // The strip-offset table sits after the extras, so the extras' running offset must match what was reserved.
  await write(Buffer.concat([header, ifd, ...extras, longs(offsets)]));
  for (let strip = 0; strip < strips; strip++) {
    const rows = Math.min(rowsPerStrip, size - strip * rowsPerStrip);
    const buffer = Buffer.allocUnsafe(rows * size * 3);
    for (let r = 0; r < rows; r++) {
      const y = strip * rowsPerStrip + r;
      const lotRow = Math.floor(y / 160);
      for (let x = 0; x < size; x++) {
        const lot = (Math.floor(x / 120) * 7 + lotRow * 13) % 5;
        const noise = ((x * 73_856_093) ^ (y * 19_349_663)) & 31;
        const at = (r * size + x) * 3;
        const street = x % 120 < 8 || y % 160 < 10;
        if (street) buffer.set([150 + noise, 150 + noise, 145 + noise], at);
        else if (lot < 2) buffer.set([60 + noise, 100 + noise, 50 + noise], at);
        else if (lot < 4) buffer.set([150 + noise, 110 + noise, 80 + noise], at);
        else buffer.set([180 + noise, 70 + noise, 60 + noise], at);
      }
    }
    await write(buffer);
  }
  out.end();
  await once(out, 'finish');
}
