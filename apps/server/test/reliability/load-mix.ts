import { performance } from 'node:perf_hooks';

/** One kind of request of the mixed traffic, with its share of the draws. */
export interface RequestKind {
  name: string;
  weight: number;
  /** Sends the request to `baseUrl` as the user of `token`; resolves to the status once the body is read. */
  send(baseUrl: string, token: string): Promise<number>;
}

export interface KindFigures {
  count: number;
  errors: number;
  p50: number;
  p95: number;
}

export interface LoadFigures {
  requests: number;
  errors: number;
  /** Up to 10 error descriptions (kind, status or message), to say what failed. */
  errorSamples: string[];
  p50: number;
  p95: number;
  p99: number;
  perSecond: number;
  perKind: Record<string, KindFigures>;
}

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

/** Draws a kind by weight with a seeded generator, so both configurations send the same mix. */
function drawer(kinds: readonly RequestKind[], seed: number) {
  let state = seed >>> 0;
  const total = kinds.reduce((sum, kind) => sum + kind.weight, 0);
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    let pick = (state / 2 ** 32) * total;
    for (const kind of kinds) {
      pick -= kind.weight;
      if (pick < 0) return kind;
    }
    return kinds[kinds.length - 1]!;
  };
}

/**
 * One virtual user per token, each sending one request after the other (no think time) for `seconds`, user i
 * to `baseUrls[i % baseUrls.length]`. A status outside 2xx/304, or a network error, counts as an error.
 */
export async function runLoad(
  kinds: readonly RequestKind[],
  baseUrls: readonly string[],
  tokens: readonly string[],
  seconds: number,
): Promise<LoadFigures> {
  const until = performance.now() + seconds * 1000;
  const times = new Map<string, number[]>(kinds.map((kind) => [kind.name, []]));
  const errors = new Map<string, number>(kinds.map((kind) => [kind.name, 0]));
  const errorSamples: string[] = [];
  const started = performance.now();
  const user = async (token: string, index: number) => {
    const draw = drawer(kinds, 1000 + index);
    const baseUrl = baseUrls[index % baseUrls.length]!;
    while (performance.now() < until) {
      const kind = draw();
      const from = performance.now();
      let failure: string | null = null;
      try {
        const status = await kind.send(baseUrl, token);
        if (!((status >= 200 && status < 300) || status === 304)) failure = `${kind.name}: HTTP ${status}`;
      } catch (error) {
        failure = `${kind.name}: ${error instanceof Error ? error.message : String(error)}`;
      }
      times.get(kind.name)!.push(performance.now() - from);
      if (failure) {
        errors.set(kind.name, errors.get(kind.name)! + 1);
        if (errorSamples.length < 10) errorSamples.push(failure);
      }
    }
  };
  await Promise.all(tokens.map((token, index) => user(token, index)));
  const elapsed = (performance.now() - started) / 1000;
  const all = [...times.values()].flat().sort((a, b) => a - b);
  const perKind: Record<string, KindFigures> = {};
  for (const [name, values] of times) {
    const sorted = [...values].sort((a, b) => a - b);
    perKind[name] = {
      count: sorted.length,
      errors: errors.get(name)!,
      p50: percentile(sorted, 50),
      p95: percentile(sorted, 95),
    };
  }
  return {
    requests: all.length,
    errors: [...errors.values()].reduce((sum, n) => sum + n, 0),
    errorSamples,
    p50: percentile(all, 50),
    p95: percentile(all, 95),
    p99: percentile(all, 99),
    perSecond: all.length / elapsed,
    perKind,
  };
}

/** A GET whose body is read to the end; resolves to its status. */
export async function getStatus(url: string, headers: Record<string, string> = {}): Promise<number> {
  const response = await fetch(url, { headers });
  await response.arrayBuffer();
  return response.status;
}

/** A POST of a form (the API calls multipart/form-encoded calls); resolves to its status. */
export async function postFormStatus(
  url: string,
  token: string,
  fields: Record<string, string>,
): Promise<number> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });
  await response.arrayBuffer();
  return response.status;
}
