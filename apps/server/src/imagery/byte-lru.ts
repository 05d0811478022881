/** A least-recently-used map bounded by the total size in bytes of its values (buffers by default). */
export function createByteLru<V = Buffer>(
  maxBytes: number,
  sizeOf: (value: V) => number = (value) => (value as Buffer).length,
) {
  const entries = new Map<string, V>();
  let bytes = 0;
  return {
    get(key: string): V | undefined {
      const value = entries.get(key);
      if (value) {
        entries.delete(key);
        entries.set(key, value);
      }
      return value;
    },
    set(key: string, value: V): void {
      if (sizeOf(value) > maxBytes / 4) return;
      const old = entries.get(key);
      if (old) {
        bytes -= sizeOf(old);
        entries.delete(key);
      }
      entries.set(key, value);
      bytes += sizeOf(value);
      for (const [oldestKey, oldest] of entries) {
        if (bytes <= maxBytes) break;
        entries.delete(oldestKey);
        bytes -= sizeOf(oldest);
      }
    },
    deleteWhere(predicate: (key: string) => boolean): void {
      for (const [key, value] of entries) {
        if (predicate(key)) {
          entries.delete(key);
          bytes -= sizeOf(value);
        }
      }
    },
    get size() {
      return bytes;
    },
  };
}
