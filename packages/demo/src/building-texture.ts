import sharp from 'sharp';

/** One facade bay (4 m × one 3 m floor): concrete frame, dark glazing with a sky reflection, slab edge. */
export async function facadeTexturePng(size = 128): Promise<Buffer> {
  const w = size;
  const h = Math.round((size * 3) / 4);
  const rgb = new Uint8Array(w * h * 3);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const u = x / w;
      const v = y / h;
      const slab = v > 0.86;
      const window = !slab && u > 0.1 && u < 0.9 && v > 0.18 && v < 0.8;
      const mullion = window && Math.abs(u - 0.5) < 0.012;
      let c: [number, number, number] = slab ? [150, 150, 146] : [196, 192, 184];
      if (window) c = mullion ? [70, 72, 74] : [58 + 60 * (1 - v), 78 + 60 * (1 - v), 96 + 50 * (1 - v)];
      rgb.set(c.map(Math.round), (y * w + x) * 3);
    }
  }
  return sharp(Buffer.from(rgb), { raw: { width: w, height: h, channels: 3 } })
    .png()
    .toBuffer();
}
