import { readFile } from 'node:fs/promises';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** Where a function belongs on the tile route, by the file it is in (first match wins). */
const PARTS: Array<[string, RegExp]> = [
  ['signature check', /tile-signature|node:crypto|internal\/crypto/],
  ['authorisation (session)', /authorize|cached-sessions|features\/auth\//],
  ['project rules, scene lookup', /scene-tiles|policies|projects\.service|scenes\.repo/],
  ['archive read', /archive-reader|pmtiles|file-handle-cache|buffer-pool|storage\/|node:fs|internal\/fs/],
  ['encoding (sharp)', /sharp|encode-tile|offset-tile|overzoom-tile/],
  ['compression', /zlib/],
  ['logging', /pino|aborted-requests|sonic-boom/],
  ['tile handler (URL, headers, ETag)', /tile-handler|tile-url|security-headers|http\/etag|fast-path-server/],
  ['database (pg, kysely)', /node_modules\/(pg|kysely|pg-protocol|pg-pool)\//],
  ['Fastify', /node_modules\/(fastify|@fastify|find-my-way|avvio|light-my-request)\//],
  [
    'Node HTTP, sockets, streams',
    /node:_http|_http_|node:net|node:stream|internal\/streams|stream_base_commons|node:events|internal\/http|node:http/,
  ],
  ['promise jobs, ticks, timers', /task_queues|internal\/process|node:timers|internal\/timers/],
];

/** The share of the profiled CPU time (idle excluded) per part of the tile route, and the top functions. */
export async function summariseProfile(file: string): Promise<{
  busyMs: number;
  idleShare: number;
  parts: Array<{ part: string; share: number }>;
  top: Array<{ name: string; share: number }>;
}> {
  const profile = JSON.parse(await readFile(file, 'utf8')) as CpuProfile;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parentOf = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
  // A native function (a socket's writev, the file read under readSync) counts where its JS caller is.
  const placedUrl = (id: number): string => {
    for (let at: number | undefined = id; at !== undefined; at = parentOf.get(at)) {
      const url = byId.get(at)!.callFrame.url;
      if (url) return url;
    }
    return '';
  };
  const selfUs = new Map<number, number>();
  profile.samples.forEach((id, index) => {
    selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0));
  });
  let idle = 0;
  let busy = 0;
  const parts = new Map<string, number>();
  const functions = new Map<string, number>();
  for (const [id, us] of selfUs) {
    const node = byId.get(id)!;
    const { functionName, url, lineNumber } = node.callFrame;
    if (functionName === '(idle)') {
      idle += us;
      continue;
    }
    // The profiler's own stop and serialisation (and this bench's hook) are not the route's.
    const place = placedUrl(id);
    if (/node:inspector|bench\/imagery\/serve-scene/.test(place)) continue;
    busy += us;
    const part =
      functionName === '(garbage collector)'
        ? 'garbage collection'
        : functionName === '(program)'
          ? 'V8/native (program)'
          : (PARTS.find(([, pattern]) => pattern.test(place))?.[0] ?? 'other');
    parts.set(part, (parts.get(part) ?? 0) + us);
    const short = url.replace(/^.*\/(apps|node_modules|packages)\//, '$1/');
    const name = `${functionName || '(anonymous)'} ${short ? `${short}:${lineNumber + 1}` : ''}`.trim();
    functions.set(name, (functions.get(name) ?? 0) + us);
  }
  const sorted = (map: Map<string, number>) =>
    [...map].sort((a, b) => b[1] - a[1]).map(([name, us]) => ({ name, share: us / busy }));
  return {
    busyMs: busy / 1000,
    idleShare: idle / (idle + busy),
    parts: sorted(parts).map(({ name, share }) => ({ part: name, share })),
    top: sorted(functions).slice(0, 12),
  };
}
