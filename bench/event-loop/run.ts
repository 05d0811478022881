import { spawn, type ChildProcess } from 'node:child_process';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { openAsBlob } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { DEMO_PASSWORD } from '../../apps/server/src/features/demo/demo-accounts';
import { freePort } from '../../apps/server/test/server-process';
import { writeLargeGeoTiff } from '../imagery/write-large-geotiff';

/**
 * `npm run bench:event-loop [-- --root <checkout> --label <name> --scale <demo scale> --size <px>]`: how long
 * cheap requests wait while the default single process (`ROLE=all`, embedded PostgreSQL) does its heavy work.
 *
 * Starts the real server (`apps/server/src/main.ts` of `--root`, default this checkout) on a fresh data folder
 * with the demo imagery on, signs in as the demo ADMIN and, every 100 ms, times `GET /api/v1/health` and the
 * authenticated `GET /api/v1/project`, phase by phase:
 *   a. demo imagery: from the first answer until the server says the demo tasks were sent (the scenes rendered);
 *   b. demo ingest + AI: until every scene is ready and every analysis (lot AI with texture words, environment
 *      detector) has ended;
 *   c. large ingest: a `--size`² px RGB GeoTIFF uploaded to the demo allotment, until it is ready.
 * Prints p50 / p99 / max of both requests per phase, and the phases' wall times (the heavy work's throughput).
 * `--root` lets the same bench run against another checkout (e.g. the commit before a change).
 */

const { values } = parseArgs({
  options: {
    root: { type: 'string' },
    label: { type: 'string', default: 'this checkout' },
    scale: { type: 'string', default: '0.5' },
    size: { type: 'string', default: '8000' },
  },
});
const ROOT = path.resolve(values.root ?? path.join(import.meta.dirname, '../..'));
const SAMPLE_MS = 100;
const PHASE_LIMIT_MS = 30 * 60_000;
/** The large GeoTIFF's top-left corner (EPSG:31982 m) and, near enough, in lon/lat: over the demo allotment. */
const LARGE_ORIGIN: [number, number] = [398_000, 7_407_500];
const LARGE_ORIGIN_LON_LAT: [number, number] = [-51.9987, -23.4391];
const DEMO_TASKS_SENT = 'Tarefas de demonstração da inicialização enviadas.';

interface Phase {
  name: string;
  started: number;
  ended?: number;
  health: number[];
  projects: number[];
  errors: number;
}

const phases: Phase[] = [];
let current: Phase | null = null;
let token: string | null = null;
let sampling = true;

function beginPhase(name: string): void {
  const now = performance.now();
  if (current) current.ended = now;
  current = { name, started: now, health: [], projects: [], errors: 0 };
  phases.push(current);
  console.log(`${new Date().toISOString().slice(11, 19)} ${name} (carga ${os.loadavg()[0]!.toFixed(1)})`);
}

async function timed(url: string, headers: Record<string, string> = {}): Promise<number | null> {
  const started = performance.now();
  try {
    const response = await fetch(url, { headers, signal: AbortSignal.timeout(120_000) });
    await response.arrayBuffer();
    return response.ok ? performance.now() - started : null;
  } catch {
    return null;
  }
}

/** Every 100 ms (or as soon as the previous pair answered, when that took longer): both cheap requests. */
async function sampler(baseUrl: string): Promise<void> {
  while (sampling) {
    const tick = performance.now();
    const phase = current;
    const [health, projects] = await Promise.all([
      timed(`${baseUrl}/api/v1/health`),
      token ? timed(`${baseUrl}/api/v1/project`, { authorization: `Bearer ${token}` }) : Promise.resolve(-1),
    ]);
    if (phase) {
      if (health === null || projects === null) phase.errors++;
      if (health !== null) phase.health.push(health);
      if (projects !== null && projects >= 0) phase.projects.push(projects);
    }
    await sleep(Math.max(0, SAMPLE_MS - (performance.now() - tick)));
  }
}

function quantile(sorted: number[], q: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

function stats(samples: number[]): string {
  const sorted = [...samples].sort((a, b) => a - b);
  const f = (v: number) => (Number.isNaN(v) ? '–' : v.toFixed(0));
  return `${f(quantile(sorted, 0.5))} / ${f(quantile(sorted, 0.99))} / ${f(sorted.at(-1) ?? NaN)}`;
}

async function json<T>(baseUrl: string, url: string): Promise<T> {
  const response = await fetch(`${baseUrl}${url}`, { headers: { authorization: `Bearer ${token}` } });
  if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** Polls `done` every 500 ms; a poll that fails (e.g. a 503 while the server is swamped) counts as not done. */
async function until(what: string, done: () => Promise<boolean>, server: ChildProcess): Promise<void> {
  const deadline = Date.now() + PHASE_LIMIT_MS;
  const settled = () =>
    done().catch((error: unknown) => {
      if (error instanceof BenchAbort) throw error;
      return false;
    });
  while (!(await settled())) {
    if (server.exitCode !== null) throw new Error(`o servidor saiu durante: ${what}`);
    if (Date.now() > deadline) throw new Error(`tempo esgotado: ${what}`);
    await sleep(500);
  }
}

/** A failure that ends the bench (as opposed to a poll that may succeed later). */
class BenchAbort extends Error {}

interface SceneRow {
  id: number;
  status: string;
  project_id?: number;
}
interface AnalysisRow {
  processing_state?: string;
  processingState?: string;
}
interface ProjectRow {
  id: number;
  projectType: string;
  /** [[west, south], [east, north]] */
  bounds: [[number, number], [number, number]];
}

/** The large GeoTIFF's footprint (write-large-geotiff.ts: 0.3 m pixels from its corner near Maringá). */
function overlapOf(
  project: ProjectRow,
  footprint: { west: number; south: number; east: number; north: number },
) {
  const [[west, south], [east, north]] = project.bounds;
  const width = Math.min(east, footprint.east) - Math.max(west, footprint.west);
  const height = Math.min(north, footprint.north) - Math.max(south, footprint.south);
  return width > 0 && height > 0 ? width * height : 0;
}

function printTable(): void {
  const lines = [
    `Event loop under load — ${values.label} (${ROOT}), Node ${process.version}, ${os.availableParallelism()} cores, ` +
      `demo scale ${values.scale}, ${new Date().toISOString().slice(0, 16)}Z, 1-min load at the end ` +
      `${os.loadavg()[0]!.toFixed(1)}`,
    '',
    '| phase | wall s | samples | GET /health p50 / p99 / max ms | GET /project p50 / p99 / max ms | failed |',
    '|---|---:|---:|---:|---:|---:|',
    ...phases.map(
      (p) =>
        `| ${p.name} | ${(((p.ended ?? performance.now()) - p.started) / 1000).toFixed(1)} | ${p.health.length} | ` +
        `${stats(p.health)} | ${stats(p.projects)} | ${p.errors} |`,
    ),
  ];
  console.log(lines.join('\n'));
}

async function main(): Promise<void> {
  const size = Number(values.size);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'mirante-bench-loop-'));
  // The embedded PostgreSQL runs as its own user and must reach its data folder.
  await chmod(dataDir, 0o755);
  const largeFile = path.join(dataDir, `large-${size}.tif`);
  console.log(`Escrevendo o GeoTIFF de ${((size * size) / 1e6).toFixed(0)} MP…`);
  await writeLargeGeoTiff(largeFile, size, LARGE_ORIGIN);

  const [port, pgPort] = [await freePort(), await freePort()];
  const baseUrl = `http://127.0.0.1:${port}`;
  let output = '';
  const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(dataDir, 'data'),
      EMBEDDED_PG_PORT: String(pgPort),
      LOGIN_RATE_LIMIT: '100000',
      DEMO_IMAGERY_SCALE: values.scale,
      DATABASE_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  server.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  try {
    await until(
      'o servidor responder',
      async () => (await timed(`${baseUrl}/api/v1/health`)) !== null,
      server,
    );
    beginPhase('a. imagens de demonstração (render)');
    void sampler(baseUrl);
    const login = await fetch(`${baseUrl}/api/v1/user`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email: 'admin@mirante.app.br',
        password: DEMO_PASSWORD,
      }),
    });
    if (!login.ok) throw new Error(`login: ${login.status} ${await login.text()}`);
    token = ((await login.json()) as { api_token: string }).api_token;
    await until('as tarefas de demonstração', async () => output.includes(DEMO_TASKS_SENT), server);

    beginPhase('b. ingest das cenas de demonstração + I.A + detector ambiental');
    await until(
      'as cenas e análises de demonstração',
      async () => {
        const scenes = await json<SceneRow[]>(baseUrl, '/api/v1/scenes');
        if (scenes.length === 0 || scenes.some((s) => s.status === 'queued' || s.status === 'processing'))
          return false;
        const analyses = await json<AnalysisRow[]>(baseUrl, '/api/v1/detections/all');
        const states = analyses.map((a) => a.processing_state ?? a.processingState);
        return analyses.length > 0 && states.every((s) => s !== 'queued' && s !== 'processing');
      },
      server,
    );

    beginPhase(`c. ingest de um GeoTIFF de ${((size * size) / 1e6).toFixed(0)} MP`);
    const projects = await json<ProjectRow[]>(baseUrl, '/api/v1/project');
    // The demo project the GeoTIFF overlaps most (it is written near the demo allotment).
    const side = size * 0.3; // metres
    const [west, north] = LARGE_ORIGIN_LON_LAT;
    const footprint = {
      west,
      north,
      east: west + side / (111_320 * Math.cos((north * Math.PI) / 180)),
      south: north - side / 110_574,
    };
    const allotment = [...projects].sort((a, b) => overlapOf(b, footprint) - overlapOf(a, footprint))[0];
    if (!allotment || overlapOf(allotment, footprint) === 0) throw new Error('nenhum projeto sob o GeoTIFF');
    const form = new FormData();
    form.append('date', '2027-01-15');
    form.append('project', String(allotment.id));
    form.append('file', await openAsBlob(largeFile), 'large.tif');
    const upload = await fetch(`${baseUrl}/api/v1/scene`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    if (!upload.ok) throw new Error(`upload: ${upload.status} ${await upload.text()}`);
    const uploaded = (await upload.json()) as SceneRow;
    await until(
      'o ingest do GeoTIFF grande',
      async () => {
        const scenes = await json<SceneRow[]>(baseUrl, '/api/v1/scenes');
        const scene = scenes.find((s) => s.id === uploaded.id);
        if (scene?.status === 'failed') throw new BenchAbort('o ingest do GeoTIFF grande falhou');
        return scene?.status === 'ready';
      },
      server,
    );
    if (current) (current as Phase).ended = performance.now();
  } finally {
    sampling = false;
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    await rm(dataDir, { recursive: true, force: true });
    printTable();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
