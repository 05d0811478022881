/**
 * A few spare byte buffers for source windows, which come in about the same size row after row. Like the tile
 * buffers (tile-buffers.ts), reusing them keeps V8 from counting hundreds of megabytes of new ArrayBuffers per
 * scene as external memory, each 64 MB of which starts a full mark-compact.
 */
export interface ByteSpares {
  /** `length` bytes holding whatever their last user left in them (zero when new). */
  take(length: number): Uint8Array;
  /** `bytes`, from `take`, is no longer used by anyone: it may back a later `take`. */
  give(bytes: Uint8Array): void;
}

/** New buffers get this much room to spare, so a slightly larger window next time still fits. */
const SLACK = 1.125;

export function createByteSpares(max = 2): ByteSpares {
  const spare: ArrayBuffer[] = [];
  return {
    take(length) {
      const index = spare.findIndex((buffer) => buffer.byteLength >= length);
      const buffer = index >= 0 ? spare.splice(index, 1)[0]! : new ArrayBuffer(Math.ceil(length * SLACK));
      return new Uint8Array(buffer, 0, length);
    },
    give(bytes) {
      const buffer = bytes.buffer;
      if (!(buffer instanceof ArrayBuffer) || spare.includes(buffer)) return;
      if (spare.length < max) {
        spare.push(buffer);
        return;
      }
      // Full: keep the larger buffers, which fit more windows.
      const smallest = spare.reduce(
        (at, candidate, i) => (candidate.byteLength < spare[at]!.byteLength ? i : at),
        0,
      );
      if (spare[smallest]!.byteLength < buffer.byteLength) spare[smallest] = buffer;
    },
  };
}
