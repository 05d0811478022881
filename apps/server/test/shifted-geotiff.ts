const MODEL_TIEPOINT = 33922;
const MODEL_TRANSFORMATION = 34264;
const DOUBLE = 12;

/**
 * A copy of a classic (not Big) GeoTIFF whose georeference is moved by (east, north) CRS units — metres for a
 * projected CRS such as UTM — with the pixels untouched: the same picture placed a known distance away. The
 * first tie point (or the transformation's translation) of the first image is patched in place.
 */
export function shiftedGeoTiff(original: Buffer, east: number, north: number): Buffer {
  const bytes = Buffer.from(original);
  const little = bytes.toString('latin1', 0, 2) === 'II';
  const u16 = (at: number) => (little ? bytes.readUInt16LE(at) : bytes.readUInt16BE(at));
  const u32 = (at: number) => (little ? bytes.readUInt32LE(at) : bytes.readUInt32BE(at));
  const f64 = (at: number) => (little ? bytes.readDoubleLE(at) : bytes.readDoubleBE(at));
  const setF64 = (at: number, value: number) =>
    little ? bytes.writeDoubleLE(value, at) : bytes.writeDoubleBE(value, at);
  if (u16(2) !== 42) throw new Error('Só TIFF clássico (não BigTIFF).');
  const ifd = u32(4);
  const entries = u16(ifd);
  for (let index = 0; index < entries; index++) {
    const entry = ifd + 2 + index * 12;
    const tag = u16(entry);
    if (u16(entry + 2) !== DOUBLE) continue;
    const values = u32(entry + 8);
    if (tag === MODEL_TIEPOINT) {
      setF64(values + 3 * 8, f64(values + 3 * 8) + east);
      setF64(values + 4 * 8, f64(values + 4 * 8) + north);
      return bytes;
    }
    if (tag === MODEL_TRANSFORMATION) {
      setF64(values + 3 * 8, f64(values + 3 * 8) + east);
      setF64(values + 7 * 8, f64(values + 7 * 8) + north);
      return bytes;
    }
  }
  throw new Error('O arquivo não tem ponto de amarração (ModelTiepoint) nem transformação.');
}
