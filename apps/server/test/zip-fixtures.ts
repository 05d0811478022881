import { createDeflateRaw, crc32, deflateRawSync } from 'node:zlib';

/** One entry of a handmade zip: its deflated bytes and what they inflate to. */
export interface ZipEntry {
  name: string;
  compressed: Buffer;
  size: number;
  crc: number;
  method?: 0 | 8;
}

export const deflatedEntry = (name: string, data: Buffer | string): ZipEntry => {
  const bytes = Buffer.isBuffer(data) ? data : Buffer.from(data, 'utf8');
  return { name, compressed: deflateRawSync(bytes), size: bytes.length, crc: crc32(bytes) };
};

/** `size` zero bytes deflated chunk by chunk (never the whole run in memory): the heart of a zip bomb. */
export async function zeroBombEntry(name: string, size: number): Promise<ZipEntry> {
  const deflate = createDeflateRaw({ level: 9 });
  const parts: Buffer[] = [];
  deflate.on('data', (part: Buffer) => parts.push(part));
  const done = new Promise<void>((resolve, reject) => {
    deflate.on('end', resolve);
    deflate.on('error', reject);
  });
  const chunk = Buffer.alloc(1024 * 1024);
  let crc = 0;
  for (let written = 0; written < size; written += chunk.length) {
    const piece = chunk.subarray(0, Math.min(chunk.length, size - written));
    crc = crc32(piece, crc);
    if (!deflate.write(piece)) await new Promise((resolve) => deflate.once('drain', resolve));
  }
  deflate.end();
  await done;
  return { name, compressed: Buffer.concat(parts), size, crc };
}

/** A zip archive of the entries (local headers, data, central directory), with sizes as declared. */
export function buildZip(entries: ZipEntry[], declaredSize?: (entry: ZipEntry) => number): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const method = entry.method ?? 8;
    const size = declaredSize ? declaredSize(entry) : entry.size;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(entry.crc, 14);
    local.writeUInt32LE(entry.compressed.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(method, 10);
    central.writeUInt32LE(entry.crc, 16);
    central.writeUInt32LE(entry.compressed.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, entry.compressed);
    centrals.push(central, name);
    offset += 30 + name.length + entry.compressed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}
