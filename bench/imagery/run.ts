import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, open, rm, stat, writeFile } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import os from 'node:os';
import path from 'node:path';
import { PMTiles, type RangeResponse, type Source } from 'pmtiles';
import { lonLatToMercator, tileRangeFor } from '../../apps/server/src/imagery/tile-math';
import { writeLargeGeoTiff } from './write-large-geotiff';
import { writeBenchResults } from '../results';

const SIZE = Number(process.env.BENCH_SIZE ?? 20_000);
const WORK = process.env.BENCH_DIR ?? '/tmp/mirante-bench';
const NODE_PORT = 3999;
const NGINX_PORT = 3998;
const DURATION = process.env.BENCH_SECONDS ?? '15';
const CONNECTIONS = process.env.BENCH_CONNECTIONS ?? '64';
/** Mirante's HTTP processes and nginx's worker_processes: the same count, so the comparison is fair. */
const WORKERS = Number(process.env.BENCH_WORKERS ?? 2);
const SPACE = 'jardim-das-palmeiras';
const DATE = '2026-01-15';

interface IngestFigures {
  seconds: number;
  loadBefore: number;
  loadAfter: number;
  rssBeforeMb: number;
  peakRssMb: number;
  tiles: number;
  minZoom: number;
  maxZoom: number;
  bounds: [number, number, number, number];
  archivePath: string;
  dataDir: string;
}

interface WrkFigures {
  requestsPerSecond: number;
  p50: string;
  p99: string;
  transferPerSecond: string;
  errors: string;
}

function fileSource(filePath: string): Source {
  return {
    getKey: () => filePath,
    async getBytes(offset, length): Promise<RangeResponse> {
      const handle = await open(filePath, 'r');
      try {
        const buffer = Buffer.alloc(length);
        await handle.read(buffer, 0, length, offset);
        return { data: buffer.buffer.slice(0, length) as ArrayBuffer };
      } finally {
        await handle.close();
      }
    },
  };
}

function startServer(file: string): Promise<{ child: ChildProcess; ingest: IngestFigures; token: string }> {
  // Node itself (tsx as a loader), not npx: SIGTERM must reach the server, not a wrapper.
  const script = path.join(import.meta.dirname, 'serve-scene.ts');
  const child = spawn(process.execPath, ['--import', 'tsx', script, file, String(NODE_PORT)], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, NODE_ENV: 'production', BENCH_WORKERS: String(WORKERS) },
  });
  return new Promise((resolve, reject) => {
    let ingest: IngestFigures | null = null;
    createInterface({ input: child.stdout! }).on('line', (line) => {
      if (line.startsWith('INGEST ')) ingest = JSON.parse(line.slice(7)) as IngestFigures;
      else if (line.startsWith('READY ') && ingest) {
        resolve({ child, ingest, token: (JSON.parse(line.slice(6)) as { token: string }).token });
      } else console.log(`[servidor] ${line}`);
    });
    child.on('exit', (code) => reject(new Error(`servidor saiu com código ${code}`)));
  });
}

/** Copies the zooms the bench asks for out of the archive into `root/tiles/{space}/{date}/z/x/y.png`. */
async function extractTiles(archivePath: string, ingest: IngestFigures, root: string): Promise<string[]> {
  const archive = new PMTiles(fileSource(archivePath));
  const [west, south, east, north] = ingest.bounds;
  const [minX, minY] = lonLatToMercator(west, south);
  const [maxX, maxY] = lonLatToMercator(east, north);
  const paths: string[] = [];
  for (let z = Math.max(ingest.minZoom, ingest.maxZoom - 3); z <= ingest.maxZoom; z++) {
    const range = tileRangeFor({ minX, minY, maxX, maxY }, z);
    for (let x = range.minX; x <= range.maxX; x++) {
      for (let y = range.minY; y <= range.maxY; y++) {
        const tile = await archive.getZxy(z, x, y);
        if (!tile) continue;
        const relative = `/tiles/${SPACE}/${DATE}/${z}/${x}/${y}.png`;
        await mkdir(path.dirname(path.join(root, relative)), { recursive: true });
        await writeFile(path.join(root, relative), Buffer.from(tile.data));
        paths.push(relative);
      }
    }
  }
  return paths;
}

function startNginx(root: string): ChildProcess {
  const conf = path.join(WORK, 'nginx.conf');
  const config = `worker_processes ${WORKERS}; pid ${WORK}/nginx.pid; error_log ${WORK}/nginx-error.log; daemon off;
events { worker_connections 1024; }
http { access_log off; sendfile on; tcp_nopush on; open_file_cache max=20000 inactive=60s;
  types { image/png png; }
  server { listen 127.0.0.1:${NGINX_PORT}; root ${root};
    location /tiles/ { add_header Cache-Control "public, max-age=31536000"; etag on; } } }`;
  spawnSync('sh', ['-c', `cat > ${conf} <<'EOF'\n${config}\nEOF`]);
  return spawn('nginx', ['-c', conf], { stdio: 'inherit' });
}

function runWrk(port: number, scriptPath: string): WrkFigures {
  const result = spawnSync(
    'wrk',
    ['-t1', `-c${CONNECTIONS}`, `-d${DURATION}s`, '--latency', '-s', scriptPath, `http://127.0.0.1:${port}`],
    { encoding: 'utf8' },
  );
  const out = result.stdout;
  console.log(out);
  const find = (pattern: RegExp) => pattern.exec(out)?.[1] ?? '?';
  return {
    requestsPerSecond: Number(find(/Requests\/sec:\s+([\d.]+)/)),
    p50: find(/\s50%\s+(\S+)/),
    p99: find(/\s99%\s+(\S+)/),
    transferPerSecond: find(/Transfer\/sec:\s+(\S+)/),
    errors:
      find(/(Non-2xx or 3xx responses: \d+)/) === '?' ? 'nenhum' : find(/(Non-2xx or 3xx responses: \d+)/),
  };
}

async function wrkScript(name: string, paths: string[], token: string | null): Promise<string> {
  const file = path.join(WORK, `${name}.lua`);
  const list = paths.map((p) => `"${p}"`).join(',\n');
  const header = token ? `wrk.headers["Authorization"] = "Bearer ${token}"\n` : '';
  await writeFile(
    file,
    `${header}local paths = {${list}}\nlocal i = 0\nrequest = function()\n  i = i + 1\n  return wrk.format("GET", paths[(i % #paths) + 1])\nend\n`,
  );
  return file;
}

async function main(): Promise<void> {
  await mkdir(WORK, { recursive: true });
  const file = path.join(WORK, `large-${SIZE}-utm22s.tif`);
  if (!existsSync(file)) {
    console.log(`Gerando GeoTIFF ${SIZE} × ${SIZE} em ${file}…`);
    await writeLargeGeoTiff(file, SIZE);
  }
  const fileMb = (await stat(file)).size / 2 ** 20;
  console.log(`Ingerindo ${file} (${fileMb.toFixed(0)} MB)…`);
  const { child, ingest, token } = await startServer(file);
  const nginxRoot = path.join(WORK, 'nginx-root');
  let nginx: ChildProcess | null = null;
  try {
    await rm(nginxRoot, { recursive: true, force: true });
    const paths = await extractTiles(ingest.archivePath, ingest, nginxRoot);
    nginx = startNginx(nginxRoot);
    await new Promise((r) => setTimeout(r, 500));
    const nodeScript = await wrkScript('node', paths, token);
    const nginxScript = await wrkScript('nginx', paths, null);
    // Warm both (the server's tile LRU and nginx's open-file cache), then measure.
    spawnSync('wrk', ['-t1', '-c16', '-d3s', '-s', nodeScript, `http://127.0.0.1:${NODE_PORT}`]);
    spawnSync('wrk', ['-t1', '-c16', '-d3s', '-s', nginxScript, `http://127.0.0.1:${NGINX_PORT}`]);
    const loadBefore = os.loadavg()[0]!;
    const node = runWrk(NODE_PORT, nodeScript);
    const reference = runWrk(NGINX_PORT, nginxScript);
    const megapixels = (SIZE * SIZE) / 1e6;
    const archiveMb = (await stat(ingest.archivePath)).size / 2 ** 20;
    const section = `## Imagery (\`npm run bench:imagery\`, ${new Date().toISOString().slice(0, 10)})

Machine: ${spawnSync('nproc', { encoding: 'utf8' }).stdout.trim()} cores, Node ${process.version}. Source: synthetic ${SIZE} × ${SIZE} px 8-bit RGB
GeoTIFF (uncompressed, 16-row strips, SIRGAS 2000 / UTM 22S, 0.3 m), ${fileMb.toFixed(0)} MB, streamed to disk by
\`bench/imagery/write-large-geotiff.ts\`.

### Ingest (one process: windowed reads → reprojection → PNG tiles → PMTiles, through \`scenes.ingestLocalFile\`; load average (1 min) ${ingest.loadBefore.toFixed(1)} before, ${ingest.loadAfter.toFixed(1)} after)
| source | time | speed | peak RSS of the server process | tiles | zooms | archive |
|---|---|---|---|---|---|---|
| ${megapixels.toFixed(0)} MP | ${ingest.seconds.toFixed(1)} s | **${(megapixels / ingest.seconds).toFixed(1)} MP/s** | **${ingest.peakRssMb.toFixed(0)} MB** (${ingest.rssBeforeMb.toFixed(0)} MB before the ingest) | ${ingest.tiles} | ${ingest.minZoom}–${ingest.maxZoom} | ${archiveMb.toFixed(0)} MB |

### Tile serving (wrk, 1 thread, ${CONNECTIONS} connections, ${DURATION} s, ${paths.length} distinct tiles of the top 4 zooms, round robin)
| server | requests/s | p50 | p99 | transfer/s | errors |
|---|---|---|---|---|---|
| Mirante \`GET /tiles/…\` (Bearer session, permission check, PMTiles range reads, LRU; ${WORKERS} Node process${WORKERS > 1 ? 'es (node:cluster)' : ''}) | ${node.requestsPerSecond.toFixed(0)} | ${node.p50} | ${node.p99} | ${node.transferPerSecond} | ${node.errors} |
| nginx, same tiles as static files (worker_processes ${WORKERS}, sendfile, open_file_cache) | ${reference.requestsPerSecond.toFixed(0)} | ${reference.p50} | ${reference.p99} | ${reference.transferPerSecond} | ${reference.errors} |

Mirante / nginx throughput: **${((node.requestsPerSecond / reference.requestsPerSecond) * 100).toFixed(0)} %** (target ≥ 50 %); p99 target < 50 ms.
wrk, nginx and the server share the same ${spawnSync('nproc', { encoding: 'utf8' }).stdout.trim()} cores. Load average (1 min) before the
serving runs: ${loadBefore.toFixed(1)}, after: ${os.loadavg()[0]!.toFixed(1)}; well above 1 means other work shared the cores.`;
    // BENCH_RESULTS=0: a trial run (another size, a busy machine) that must not replace the recorded figures.
    if (process.env.BENCH_RESULTS !== '0') writeBenchResults('imagery', section);
    console.log(section);
  } finally {
    nginx?.kill('SIGTERM');
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 30_000))]);
    // The server's scratch database and storage hold a copy of the source (over 1 GB).
    await rm(ingest.dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
