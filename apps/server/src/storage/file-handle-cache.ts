import { closeSync, openSync, readSync } from 'node:fs';
import type { BufferPool } from './buffer-pool';

/**
 * Read-only file descriptors kept open between range reads, least recently used closed first. Callers must
 * `drop` a path before replacing or deleting the file, so a descriptor never outlives the file it names.
 *
 * Reads are synchronous `pread`s on the event loop. Tile archives are read in pieces of tens of KB that
 * are nearly always in the OS page cache, where a `pread` is a memory copy of a few microseconds; sending
 * it to libuv's thread pool instead costs a thread wake-up and a completion callback per tile, and the
 * profile of the tile bench spent a quarter of the server's time there. A read that misses the page cache
 * blocks this process for one disk read, as nginx's default (non-`aio`) file reads do.
 */
export function createFileHandleCache(maxOpen = 64) {
  const descriptors = new Map<string, number>();

  const close = (file: string) => {
    const fd = descriptors.get(file);
    if (fd === undefined) return;
    descriptors.delete(file);
    closeSync(fd);
  };

  return {
    read(file: string, offset: number, length: number, pool?: BufferPool): Buffer {
      let fd = descriptors.get(file);
      if (fd === undefined) {
        fd = openSync(file, 'r');
        if (descriptors.size >= maxOpen) close(descriptors.keys().next().value!);
      } else {
        descriptors.delete(file);
      }
      descriptors.set(file, fd);
      const buffer = pool ? pool.acquire(length) : Buffer.allocUnsafe(length);
      const bytesRead = readSync(fd, buffer, 0, length, offset);
      return bytesRead === length ? buffer : buffer.subarray(0, bytesRead);
    },
    /** Closes the cached descriptor of `file` before it is replaced or removed. */
    drop(file: string): void {
      close(file);
    },
    /** Closes every cached descriptor under the folder `prefix`. */
    dropUnder(prefix: string): void {
      for (const file of [...descriptors.keys()]) if (file.startsWith(prefix)) close(file);
    },
  };
}
