import type { Readable } from 'node:stream';
import type { BufferPool } from './buffer-pool';

/** Where files live: a local folder by default, an S3-compatible bucket when configured. */
export interface Storage {
  /** Range reads come from the OS page cache (a local disk), so callers needn't keep copies of what they read. */
  readonly pageCached?: boolean;
  put(key: string, body: Buffer | Readable): Promise<void>;
  /** Copies a local file into storage (large files never pass through memory). */
  putFile(key: string, localPath: string): Promise<void>;
  getStream(key: string): Promise<Readable>;
  /** The file's path on this machine, when storage is a local folder (readers open it in place). */
  localPath?(key: string): string;
  /** Reads `length` bytes from `offset` (range reads for tile archives), into a buffer of `pool` if given. */
  readRange(key: string, offset: number, length: number, pool?: BufferPool): Promise<Buffer>;
  size(key: string): Promise<number | null>;
  exists(key: string): Promise<boolean>;
  delete(key: string): Promise<void>;
  deletePrefix(prefix: string): Promise<void>;
  /** Every file under `prefix` with its last change (the orphan sweep compares them with the database). */
  list(prefix: string): AsyncIterable<StoredFile>;
}

export interface StoredFile {
  key: string;
  modified: Date;
}
