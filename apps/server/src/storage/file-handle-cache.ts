import { open, type FileHandle } from 'node:fs/promises';

interface Entry {
  handle: Promise<FileHandle>;
  /** Reads in flight; an evicted handle is closed only when the last one finishes. */
  users: number;
  evicted: boolean;
}

/**
 * Read-only file handles kept open between range reads (a tile read is then one `pread` instead of
 * open + read + close), least recently used closed first. Callers must `drop` a path before replacing or
 * deleting the file, so a handle never outlives the file it names.
 */
export function createFileHandleCache(maxOpen = 64) {
  const entries = new Map<string, Entry>();

  const release = (entry: Entry) => {
    entry.users--;
    if (entry.evicted && entry.users === 0) {
      void entry.handle.then((handle) => handle.close()).catch(() => undefined);
    }
  };

  const evict = (file: string) => {
    const entry = entries.get(file);
    if (!entry) return;
    entries.delete(file);
    entry.evicted = true;
    entry.users++;
    release(entry);
  };

  return {
    async read(file: string, offset: number, length: number): Promise<Buffer> {
      let entry = entries.get(file);
      if (entry) {
        entries.delete(file);
      } else {
        entry = { handle: open(file, 'r'), users: 0, evicted: false };
        // A failed open (missing file) must not stay cached.
        entry.handle.catch(() => entries.get(file) === entry && entries.delete(file));
      }
      entries.set(file, entry);
      if (entries.size > maxOpen) evict(entries.keys().next().value!);
      entry.users++;
      try {
        const handle = await entry.handle;
        const buffer = Buffer.allocUnsafe(length);
        const { bytesRead } = await handle.read(buffer, 0, length, offset);
        return bytesRead === length ? buffer : buffer.subarray(0, bytesRead);
      } finally {
        release(entry);
      }
    },
    /** Closes the cached handle of `file` (after the reads in flight), before it is replaced or removed. */
    drop(file: string): void {
      evict(file);
    },
    /** Closes every cached handle under the folder `prefix`. */
    dropUnder(prefix: string): void {
      for (const file of [...entries.keys()]) if (file.startsWith(prefix)) evict(file);
    },
  };
}
