/**
 * An animated WebP assembled from frames already encoded as still WebP images (each on its own CPU-pool
 * thread, as it is drawn), instead of encoding every frame again in one pass at the end. This is the
 * container's RIFF framing only (the WebP container specification: VP8X, ANIM and one ANMF chunk per frame
 * wrapping the frame's image chunks), no pixel is touched. node-webpmux does the same but is LGPL and untyped.
 */

const CHUNK_HEADER = 8;
/** The chunks that make a frame's image: its alpha and its lossy or lossless bitstream. */
const IMAGE_CHUNKS = new Set(['ALPH', 'VP8 ', 'VP8L']);

export interface WebpFrame {
  /** A still WebP file, exactly `width` × `height` (the animation's canvas). */
  webp: Uint8Array;
  /** How long it shows, in milliseconds (at most 16,777,215). */
  durationMs: number;
}

const uint24 = (target: Buffer, offset: number, value: number) => target.writeUIntLE(value, offset, 3);

function chunk(fourCc: string, payload: Buffer): Buffer {
  const header = Buffer.alloc(CHUNK_HEADER);
  header.write(fourCc, 0, 'latin1');
  header.writeUInt32LE(payload.length, 4);
  // Chunks are padded to an even size; the padding is not counted in the chunk's size.
  return Buffer.concat([header, payload, Buffer.alloc(payload.length % 2)]);
}

/** The image chunks of a still WebP (simple or extended format), and whether it has alpha. */
export function imageChunksOf(webp: Uint8Array): { chunks: Buffer; alpha: boolean } {
  const file = Buffer.from(webp.buffer, webp.byteOffset, webp.byteLength);
  if (file.toString('latin1', 0, 4) !== 'RIFF' || file.toString('latin1', 8, 12) !== 'WEBP')
    throw new Error('O quadro não é um arquivo WebP.');
  const kept: Buffer[] = [];
  let alpha = false;
  for (let offset = 12; offset + CHUNK_HEADER <= file.length;) {
    const fourCc = file.toString('latin1', offset, offset + 4);
    const size = file.readUInt32LE(offset + 4);
    const end = offset + CHUNK_HEADER + size + (size % 2);
    if (fourCc === 'ANIM' || fourCc === 'ANMF') throw new Error('O quadro já é uma animação.');
    if (IMAGE_CHUNKS.has(fourCc)) kept.push(file.subarray(offset, Math.min(end, file.length)));
    if (fourCc === 'ALPH' || fourCc === 'VP8L') alpha = true;
    offset = end;
  }
  if (!kept.some((part) => part.toString('latin1', 0, 4) !== 'ALPH'))
    throw new Error('O quadro WebP não tem imagem.');
  return { chunks: Buffer.concat(kept), alpha };
}

/** The frames, full-canvas and in order, as one looping animated WebP. */
export function muxWebpAnimation(frames: WebpFrame[], width: number, height: number): Buffer {
  let alpha = false;
  const anmf = frames.map((frame) => {
    const image = imageChunksOf(frame.webp);
    alpha ||= image.alpha;
    const header = Buffer.alloc(16);
    uint24(header, 0, 0); // X / 2
    uint24(header, 3, 0); // Y / 2
    uint24(header, 6, width - 1);
    uint24(header, 9, height - 1);
    uint24(header, 12, Math.min(0xffffff, Math.max(0, Math.round(frame.durationMs))));
    // No blending (each frame covers the whole canvas), no disposal.
    header.writeUInt8(0b10, 15);
    return chunk('ANMF', Buffer.concat([header, image.chunks]));
  });
  const vp8x = Buffer.alloc(10);
  vp8x.writeUInt8(0x02 | (alpha ? 0x10 : 0), 0); // animation, alpha
  uint24(vp8x, 4, width - 1);
  uint24(vp8x, 7, height - 1);
  const anim = Buffer.alloc(6);
  anim.writeUInt32LE(0xff000000, 0); // background: opaque black (BGRA)
  anim.writeUInt16LE(0, 4); // loop forever
  const body = Buffer.concat([
    Buffer.from('WEBP', 'latin1'),
    chunk('VP8X', vp8x),
    chunk('ANIM', anim),
    ...anmf,
  ]);
  const riff = Buffer.alloc(CHUNK_HEADER);
  riff.write('RIFF', 0, 'latin1');
  riff.writeUInt32LE(body.length, 4);
  return Buffer.concat([riff, body]);
}
