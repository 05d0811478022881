import type { Precompressed } from './precompressed';

/**
 * A value already serialised to JSON (big lists: the zod serialiser would walk every row), with an optional
 * content hash. The body must encode a value of type `T`; the route's response schema still documents it and
 * tests validate it. The HTTP layer sends it as is and answers `If-None-Match` with the hash as the ETag; with
 * `compressed` (a kept answer), it sends the client's coding of it made once, not compressed per request.
 */
export class JsonText<T> {
  declare readonly encodes: T;
  constructor(
    readonly body: string | Buffer,
    readonly etag?: string,
    readonly compressed?: Precompressed,
  ) {}
}
