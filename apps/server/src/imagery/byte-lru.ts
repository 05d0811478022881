/** A least-recently-used map of buffers bounded by their total size in bytes. */
export function createByteLru(maxBytes: number) {
  const entries = new Map<string, Buffer>();
  let bytes = 0;
  return {
    get(key: string): Buffer | undefined {
      const value = entries.get(key);
      if (value) {
        entries.delete(key);
        entries.set(key, value);
      }
      return value;
    },
    set(key: string, value: Buffer): void {
      if (value.length > maxBytes / 4) return;
      const old = entries.get(key);
      if (old) {
        bytes -= old.length;
        entries.delete(key);
      }
      entries.set(key, value);
      bytes += value.length;
      for (const [oldestKey, oldest] of entries) {
        if (bytes <= maxBytes) break;
        entries.delete(oldestKey);
        bytes -= oldest.length;
      }
    },
    deleteWhere(predicate: (key: string) => boolean): void {
      for (const [key, value] of entries) {
        if (predicate(key)) {
          entries.delete(key);
          bytes -= value.length;
        }
      }
    },
    get size() {
      return bytes;
    },
  };
}
