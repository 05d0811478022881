/**
 * `npm run bench:tiles`: Mirante's tile route and nginx (a bare Node static server when nginx is not
 * installed) side by side on the same tiles of a demo scene, with autocannon at 64 connections, in alternating
 * rounds: tiles/s, p50, p99 and bytes per tile for WebP (what the map asks for) and PNG, with the load average.
 *
 * The scene is the demo allotment's last date, rendered by the demo generator (`BENCH_SCALE`, default 1: the
 * demo's 0.4 m) and ingested by a real Mirante process (`bench/imagery/serve-scene.ts`: embedded PostgreSQL,
 * `BENCH_WORKERS` HTTP processes, 2 by default like nginx's `worker_processes`). The peer serves, as static
 * files, the very bytes Mirante answered for each tile (fetched once before the rounds).
 *
 * `BENCH_PROFILE=1`: one serving process, profiled (V8's sampler) during one WebP round; prints where its CPU
 * went on the route (signature, session, archive read, encoding, logging…) instead of the side-by-side rounds.
 * Figures are only printed; `BENCH_RESULTS=1` also replaces this bench's section of `bench/RESULTS.md`.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, rm, stat, writeFile } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';
import { lonLatToMercator, tileRangeFor } from '../../apps/server/src/imagery/tile-math';
import { DEMO_SEED, renderSceneJob } from '../../packages/demo/src/demo-imagery';
import { writeBenchResults } from '../results';
import { summariseProfile } from './profile-summary';
import { startStaticServer } from './static-server';

const WORK = process.env.BENCH_DIR ?? '/tmp/mirante-bench-tiles';
const SCALE = Number(process.env.BENCH_SCALE ?? 1);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 64);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const PROFILE = process.env.BENCH_PROFILE === '1';
const WORKERS = PROFILE ? 1 : Number(process.env.BENCH_WORKERS ?? 2);
/** Ports of this bench: Mirante, its embedded PostgreSQL, the peer. */
const MIRANTE_PORT = Number(process.env.BENCH_PORT ?? 4701);
const PG_PORT = Number(process.env.BENCH_PG_PORT ?? 29701);
const PEER_PORT = Number(process.env.BENCH_PEER_PORT ?? 4703);
/** The top zooms of the scene, as a map looking at the project asks for them. */
const ZOOMS = Number(process.env.BENCH_ZOOMS ?? 3);

interface Ingest {
  seconds: number;
  tiles: number;
  minZoom: number;
  maxZoom: number;
  bounds: [number, number, number, number];
  archivePath: string;
  dataDir: string;
}

interface Server {
  child: ChildProcess;
  ingest: Ingest;
  token: string;
  tileUrl: string;
  lines: AsyncIterator<string>;
}

interface Round {
  server: string;
  format: string;
  tilesPerSecond: number;
  p50: number;
  p99: number;
  bytesPerTile: number;
  errors: number;
  load: number;
}

async function renderScene(): Promise<string> {
  const outDir = path.join(WORK, `scene-${SCALE}`);
  const file = path.join(outDir, 'allotment', 'scene.tif');
  if (existsSync(file)) return file;
  console.log(`Renderizando a cena de demonstração do loteamento (escala ${SCALE})…`);
  const entry = await renderSceneJob({
    site: 'allotment',
    dateIndex: 5,
    outDir,
    seed: DEMO_SEED,
    scale: SCALE,
  });
  const rendered = path.join(outDir, entry.file);
  spawnSync('mv', [rendered, file]);
  console.log(`${entry.width} × ${entry.height} px, ${(entry.bytes / 2 ** 20).toFixed(1)} MB`);
  return file;
}

async function startMirante(file: string): Promise<Server> {
  const script = path.join(import.meta.dirname, '..', 'imagery', 'serve-scene.ts');
  const env: Record<string, string | undefined> = {
    ...process.env,
    NODE_ENV: 'production',
    BENCH_WORKERS: String(WORKERS),
    BENCH_PG_PORT: String(PG_PORT),
    BENCH_PROFILE_FILE: PROFILE ? path.join(WORK, 'serving.cpuprofile') : undefined,
  };
  const child = spawn(process.execPath, ['--import', 'tsx', script, file, String(MIRANTE_PORT)], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env,
  });
  const lines = createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
  let ingest: Ingest | null = null;
  for (;;) {
    const next = await lines.next();
    if (next.done) throw new Error('o servidor do Mirante saiu antes de ficar pronto');
    const line = next.value;
    if (line.startsWith('INGEST ')) ingest = JSON.parse(line.slice(7)) as Ingest;
    else if (line.startsWith('READY ') && ingest) {
      const ready = JSON.parse(line.slice(6)) as { token: string; tileUrl: string };
      return { child, ingest, token: ready.token, tileUrl: ready.tileUrl, lines };
    } else console.log(`[mirante] ${line}`);
  }
}

function get(port: number, urlPath: string, headers: Record<string, string> = {}): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: urlPath, headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          response.statusCode === 200
            ? resolve(Buffer.concat(chunks))
            : reject(new Error(`${urlPath}: ${response.statusCode} ${Buffer.concat(chunks).toString()}`)),
        );
      })
      .on('error', reject);
  });
}

/** The tile paths of the top zooms (`{z}/{x}/{y}`), inside the scene's bounds. */
function tilePaths(ingest: Ingest): string[] {
  const [west, south, east, north] = ingest.bounds;
  const [minX, minY] = lonLatToMercator(west, south);
  const [maxX, maxY] = lonLatToMercator(east, north);
  const paths: string[] = [];
  for (let z = Math.max(ingest.minZoom, ingest.maxZoom - ZOOMS + 1); z <= ingest.maxZoom; z++) {
    const range = tileRangeFor({ minX, minY, maxX, maxY }, z);
    for (let x = range.minX; x <= range.maxX; x++)
      for (let y = range.minY; y <= range.maxY; y++) paths.push(`${z}/${x}/${y}`);
  }
  return paths;
}

/** Copies what Mirante answers for every tile into `root` at the same path, for the peer to serve. */
async function copyTiles(server: Server, root: string, tiles: string[]): Promise<Map<string, number>> {
  const prefix = server.tileUrl.split('{z}')[0]!;
  const bytes = new Map<string, number>();
  for (const format of ['webp', 'png']) {
    let total = 0;
    for (const tile of tiles) {
      const urlPath = `${prefix}${tile}.${format}`;
      const body = await get(MIRANTE_PORT, urlPath, { authorization: `Bearer ${server.token}` });
      await mkdir(path.dirname(path.join(root, urlPath)), { recursive: true });
      await writeFile(path.join(root, urlPath), body);
      total += body.length;
    }
    bytes.set(format, total / tiles.length);
  }
  return bytes;
}

function nginxInstalled(): boolean {
  return spawnSync('sh', ['-c', 'command -v nginx']).status === 0;
}

async function startNginx(root: string): Promise<ChildProcess> {
  const conf = path.join(WORK, 'nginx.conf');
  await writeFile(
    conf,
    `worker_processes ${WORKERS}; pid ${WORK}/nginx.pid; error_log ${WORK}/nginx-error.log; daemon off;
events { worker_connections 1024; }
http { access_log off; sendfile on; tcp_nopush on; open_file_cache max=20000 inactive=60s;
  types { image/png png; image/webp webp; }
  client_body_temp_path ${WORK}/nginx-tmp; proxy_temp_path ${WORK}/nginx-tmp; fastcgi_temp_path ${WORK}/nginx-tmp;
  uwsgi_temp_path ${WORK}/nginx-tmp; scgi_temp_path ${WORK}/nginx-tmp;
  server { listen 127.0.0.1:${PEER_PORT}; root ${root};
    location /tiles/ { add_header Cache-Control "public, max-age=31536000"; etag on; } } }
`,
  );
  await mkdir(path.join(WORK, 'nginx-tmp'), { recursive: true });
  const child = spawn('nginx', ['-c', conf, '-e', path.join(WORK, 'nginx-error.log')], { stdio: 'inherit' });
  await new Promise((resolve) => setTimeout(resolve, 500));
  return child;
}

async function load(
  port: number,
  paths: string[],
  headers: Record<string, string> = {},
  seconds = SECONDS,
): Promise<Omit<Round, 'server' | 'format' | 'load'>> {
  const result = await autocannon({
    url: `http://127.0.0.1:${port}`,
    connections: CONNECTIONS,
    duration: seconds,
    headers,
    requests: paths.map((p) => ({ method: 'GET', path: p })),
  });
  const served = result.requests.total;
  return {
    tilesPerSecond: result.requests.total / seconds,
    p50: result.latency.p50,
    p99: result.latency.p99,
    bytesPerTile: served > 0 ? result.throughput.total / served : 0,
    errors: result.errors + result.non2xx + result.timeouts,
  };
}

/** Rotates the list so that each connection's walk does not start on the same tile as the others'. */
function shuffled(paths: string[]): string[] {
  const copy = [...paths];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = (i * 7919) % (i + 1);
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

async function profileRun(server: Server, paths: string[]): Promise<void> {
  const loadBefore = os.loadavg()[0]!;
  const figures = await load(MIRANTE_PORT, paths);
  server.child.kill('SIGUSR2');
  for (;;) {
    const next = await server.lines.next();
    if (next.done) throw new Error('o servidor saiu sem gravar o perfil');
    if (next.value.startsWith('PROFILE ')) break;
  }
  const summary = await summariseProfile(path.join(WORK, 'serving.cpuprofile'));
  const lines = [
    `Profile of one serving process (V8 sampler, 200 µs), autocannon ${CONNECTIONS} connections, ${SECONDS} s, ` +
      `signed WebP URLs as the map asks: ${figures.tilesPerSecond.toFixed(0)} tiles/s, p99 ${figures.p99} ms; ` +
      `load average (1 min) ${loadBefore.toFixed(1)}; process busy ${(100 * (1 - summary.idleShare)).toFixed(0)} % ` +
      `of the run (${(summary.busyMs / 1000).toFixed(1)} s of CPU).`,
    '',
    '| part of the route | share of the busy CPU |',
    '|---|---|',
    ...summary.parts.map(({ part, share }) => `| ${part} | ${(share * 100).toFixed(1)} % |`),
    '',
    '| top functions (self time) | share |',
    '|---|---|',
    ...summary.top.map(({ name, share }) => `| \`${name}\` | ${(share * 100).toFixed(1)} % |`),
  ];
  console.log(lines.join('\n'));
}

async function main(): Promise<void> {
  await mkdir(WORK, { recursive: true });
  const file = await renderScene();
  const sourceMb = (await stat(file)).size / 2 ** 20;
  console.log(`Ingerindo ${file} (${sourceMb.toFixed(0)} MB)…`);
  const server = await startMirante(file);
  let peer: { stop: () => void } | null = null;
  try {
    const { ingest } = server;
    const tiles = tilePaths(ingest);
    const [base, query] = server.tileUrl.split('?') as [string, string];
    const signedPath = (tile: string, format: string) =>
      `${base.replace('{z}/{x}/{y}.png', `${tile}.${format}`)}?${query}`;
    if (PROFILE) {
      // Warm the archive's directories and the page cache first.
      await load(
        MIRANTE_PORT,
        tiles.map((t) => signedPath(t, 'webp')),
        {},
        3,
      );
      await profileRun(server, shuffled(tiles.map((t) => signedPath(t, 'webp'))));
      return;
    }
    const root = path.join(WORK, 'peer-root');
    await rm(root, { recursive: true, force: true });
    const bytes = await copyTiles(server, root, tiles);
    const useNginx = nginxInstalled();
    if (useNginx) {
      const child = await startNginx(root);
      peer = { stop: () => child.kill('SIGTERM') };
    } else peer = await startStaticServer(root, PEER_PORT, WORKERS);
    const peerName = useNginx
      ? `nginx (worker_processes ${WORKERS}, sendfile, open_file_cache)`
      : `bare Node static server (${WORKERS} processes; nginx not installed)`;
    const rounds: Round[] = [];
    for (const format of ['webp', 'png']) {
      const mirantePaths = shuffled(tiles.map((t) => signedPath(t, format)));
      const peerPaths = shuffled(tiles.map((t) => `${base.replace('{z}/{x}/{y}.png', `${t}.${format}`)}`));
      await load(MIRANTE_PORT, mirantePaths, {}, 3);
      await load(PEER_PORT, peerPaths, {}, 3);
      for (let round = 1; round <= ROUNDS; round++) {
        for (const [server, port, paths] of [
          ['Mirante', MIRANTE_PORT, mirantePaths],
          [useNginx ? 'nginx' : 'Node static', PEER_PORT, peerPaths],
        ] as const) {
          const loadAverage = os.loadavg()[0]!;
          const figures = await load(port, paths);
          rounds.push({ server, format, ...figures, load: loadAverage });
          console.log(
            `${format} round ${round} ${server}: ${figures.tilesPerSecond.toFixed(0)} tiles/s, ` +
              `p50 ${figures.p50} ms, p99 ${figures.p99} ms, errors ${figures.errors}, load ${loadAverage.toFixed(1)}`,
          );
        }
      }
    }
    const row = (r: Round) =>
      `| ${r.format} | ${r.server} | ${r.tilesPerSecond.toFixed(0)} | ${r.p50} ms | ${r.p99} ms | ` +
      `${(r.bytesPerTile / 1024).toFixed(1)} KB | ${r.errors} | ${r.load.toFixed(1)} |`;
    const ratios = ['webp', 'png'].map((format) => {
      const of = (server: string) =>
        rounds.filter((r) => r.format === format && r.server === server).map((r) => r.tilesPerSecond);
      const mirante = of('Mirante');
      const reference = of(useNginx ? 'nginx' : 'Node static');
      const each = mirante.map((m, i) => m / reference[i]!);
      return `${format}: ${each.map((v) => `${v.toFixed(2)}×`).join(', ')}`;
    });
    const section = `## Tile route vs ${useNginx ? 'nginx' : 'a bare Node static server'} (\`npm run bench:tiles\`, ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC)

Machine: ${os.cpus().length} cores, Node ${process.version}. Scene: the demo allotment's last date rendered at scale
${SCALE} (${sourceMb.toFixed(0)} MB GeoTIFF), ingested in ${ingest.seconds.toFixed(1)} s, ${ingest.tiles} tiles, zooms
${ingest.minZoom}–${ingest.maxZoom}; the load runs on the ${tiles.length} tiles of the top ${ZOOMS} zooms. Mirante:
${WORKERS} HTTP process(es), URLs signed as the map gets them (\`?v=…&exp=…&s=…&sig=…\`); peer: ${peerName}, serving
the bytes Mirante answered for each tile. autocannon, ${CONNECTIONS} connections, ${SECONDS} s a run, ${ROUNDS} rounds
alternating the two servers; load average (1 min) taken as each run starts. Bytes per tile as stored: WebP
${((bytes.get('webp') ?? 0) / 1024).toFixed(1)} KB, PNG ${((bytes.get('png') ?? 0) / 1024).toFixed(1)} KB.

| format | server | tiles/s | p50 | p99 | bytes / tile | errors | load (1 min) |
|---|---|---|---|---|---|---|---|
${rounds.map(row).join('\n')}

Mirante ÷ peer, per round: ${ratios.join('; ')}.`;
    console.log(`\n${section}`);
    if (process.env.BENCH_RESULTS === '1') writeBenchResults('tiles', section);
  } finally {
    peer?.stop();
    const exited = new Promise((resolve) => server.child.once('exit', resolve));
    server.child.kill('SIGTERM');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 30_000))]);
    await rm(server.ingest.dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
