import { promisify } from 'node:util';
import zlib from 'node:zlib';

export type ContentCoding = 'br' | 'gzip';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * A body compressed at most once per coding, on first demand, off the event loop (zlib's thread pool). Kept with
 * a cached answer, its compressed forms are sent as they are: no compression per request. Brotli at quality 5
 * (once per body, not per call: smaller than the per-request quality 2) and gzip at level 6.
 */
export interface Precompressed {
  encoded(coding: ContentCoding): Promise<Buffer>;
}

export function precompressed(body: Buffer): Precompressed {
  const made = new Map<ContentCoding, Promise<Buffer>>();
  return {
    encoded(coding) {
      let pending = made.get(coding);
      if (!pending) {
        pending =
          coding === 'br'
            ? brotli(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } })
            : gzip(body, { level: 6 });
        // A failed compression is not kept: the next request tries again.
        pending.catch(() => made.delete(coding));
        made.set(coding, pending);
      }
      return pending;
    },
  };
}

/** The weight (q-value) the client's `Accept-Encoding` gives each coding; unnamed ones take `*`'s, else 0. */
function codingWeights(acceptEncoding: string | string[] | undefined): (coding: ContentCoding) => number {
  const header = Array.isArray(acceptEncoding) ? acceptEncoding.join(',') : (acceptEncoding ?? '');
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    if (!name.trim()) continue;
    const q = params
      .map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1])
      .find((value) => value !== undefined);
    weights.set(name.trim(), q === undefined ? 1 : Number(q) || 0);
  }
  return (coding) => weights.get(coding) ?? weights.get('*') ?? 0;
}

/** The client's preferred coding among br and gzip by its `Accept-Encoding` (q-values honoured), or null. */
export function preferredCoding(acceptEncoding: string | string[] | undefined): ContentCoding | null {
  const weightOf = codingWeights(acceptEncoding);
  const accepted = (['br', 'gzip'] as const).filter((coding) => weightOf(coding) > 0);
  if (accepted.length === 0) return null;
  return accepted.reduce((a, b) => (weightOf(b) > weightOf(a) ? b : a));
}

/** Whether the client's `Accept-Encoding` takes `coding`. */
export function acceptsCoding(acceptEncoding: string | string[] | undefined, coding: ContentCoding): boolean {
  return codingWeights(acceptEncoding)(coding) > 0;
}
