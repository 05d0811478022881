import { spawn, type ChildProcess } from 'node:child_process';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { openAsBlob } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import type { AdminAnalysis } from '@mirante/shared';
import { DEMO_PASSWORD } from '../../apps/server/src/features/demo/demo-accounts';
import { freePort } from '../../apps/server/test/server-process';
import { writeLargeGeoTiff } from '../imagery/write-large-geotiff';
import { createBenchProject } from './bench-project';
import { editSpreadsheetNotes } from '../finance/spreadsheet-notes';

/**
 * `npm run bench:event-loop [-- --root <checkout> --label <name> --scale <demo scale> --size <px> --lots <n>
 * --phases b,c,d,e --cpu-prof <dir>]`: how long cheap requests wait while the default single process (`ROLE=all`, embedded
 * PostgreSQL) does its heavy work, and how long the server's own event loop is blocked.
 *
 * Starts the real server (`apps/server/src/main.ts` of `--root`, default this checkout) on a fresh data folder
 * with the demo imagery on and `loop-probe.ts` loaded into it, signs in as the demo ADMIN and, every 100 ms, times
 * `GET /api/v1/health` and the authenticated `GET /api/v1/project`, phase by phase (the issue's list):
 *   a. demo imagery: from the first answer until the server says the demo tasks were sent (the scenes rendered);
 *   a2. demo ingest + AI: until every demo scene is ready and every analysis has ended;
 *   (set-up, not measured: a new allotment with `--lots` lots and their sales, a synthetic `--size`² px GeoTIFF)
 *   b. large ingest: the synthetic GeoTIFF uploaded to the new allotment, until it is ready;
 *   c. the AI on it: a new project (its texture words learnt from scratch) reading its lots;
 *   d. finance: the portfolio exported (.xlsx), every row's notes edited, imported, exported again as CSV;
 *   e. environment: a detector analysis over the demo environment project's first and last scenes, then the
 *      report PDF of the demo's environment analysis.
 * Prints per phase: wall time, load average, p50 / p99 / max of both requests, the event-loop delay
 * (monitorEventLoopDelay) p50 / p99 / max, the main thread's CPU time, its longest turn (CPU ms without the loop
 * turning: load-independent) and its stalls ≥ 100 ms.
 * `--root` lets the same bench run against another checkout (e.g. the commit before a change); `--cpu-prof` writes
 * the server's V8 CPU profile (main thread) into a folder when it stops; `--phases` measures only some of b–e
 * after a and a2 (default all; c still needs b's scene: without b, that ingest runs as unmeasured set-up).
 */

const { values } = parseArgs({
  options: {
    root: { type: 'string' },
    label: { type: 'string', default: 'this checkout' },
    scale: { type: 'string', default: '0.5' },
    size: { type: 'string', default: '12000' },
    lots: { type: 'string', default: '10000' },
    'cpu-prof': { type: 'string' },
    phases: { type: 'string', default: 'b,c,d,e' },
  },
});
const LATER_PHASES = ['b', 'c', 'd', 'e'] as const;
const selected = new Set(values.phases.split(',').map((name) => name.trim()));
for (const name of selected)
  if (!(LATER_PHASES as readonly string[]).includes(name))
    throw new Error(`--phases: fase desconhecida "${name}" (use ${LATER_PHASES.join(',')})`);
const ROOT = path.resolve(values.root ?? path.join(import.meta.dirname, '../..'));
const PROBE = path.join(import.meta.dirname, 'loop-probe.ts');
const SAMPLE_MS = 100;
const PHASE_LIMIT_MS = 30 * 60_000;
const DEMO_TASKS_SENT = 'Tarefas de demonstração da inicialização enviadas.';
const ENVIRONMENT_SPACE = 'app-ribeirao-pinguim';
const PIXEL_M = 0.3;

interface LoopProbe {
  wallMs: number;
  delayP50: number;
  delayP99: number;
  delayMax: number;
  mainCpuMs: number;
  /** The most CPU the main thread spent without the loop turning (absent from an older probe). */
  longestTurnCpuMs?: number;
  stalls: [number, number][];
}

interface Phase {
  name: string;
  started: number;
  ended?: number;
  load: number;
  health: number[];
  projects: number[];
  errors: number;
  loop?: LoopProbe;
}

const phases: Phase[] = [];
let current: Phase | null = null;
let token: string | null = null;
let sampling = true;
let output = '';
let server: ChildProcess | null = null;

/** The probe's figures since its previous line (SIGUSR2 → one `[loop-probe] {…}` line on the server's stdout). */
async function probe(): Promise<LoopProbe | undefined> {
  if (!server?.pid || server.exitCode !== null) return undefined;
  const before = output.split('[loop-probe] ').length;
  server.kill('SIGUSR2');
  for (let i = 0; i < 100; i++) {
    const parts = output.split('[loop-probe] ');
    if (parts.length > before) return JSON.parse(parts.at(-1)!.split('\n')[0]!) as LoopProbe;
    await sleep(50);
  }
  return undefined;
}

async function endPhase(): Promise<void> {
  if (!current) return;
  current.ended = performance.now();
  current.loop = await probe();
  const stalls = current.loop?.stalls ?? [];
  if (stalls.length > 0)
    console.log(
      `  bloqueios ≥ 100 ms (início ms, duração ms): ${stalls.map(([at, ms]) => `${at}+${ms}`).join(' ')}`,
    );
  console.log(`  ${phaseRow(current)}`);
  current = null;
}

async function beginPhase(name: string): Promise<void> {
  await endPhase();
  await probe(); // starts the probe's count over
  const load = os.loadavg()[0]!;
  current = { name, started: performance.now(), load, health: [], projects: [], errors: 0 };
  phases.push(current);
  console.log(`${new Date().toISOString().slice(11, 19)} ${name} (carga ${load.toFixed(1)})`);
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
    if (phase && phase === current) {
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

function authorized(init: RequestInit = {}): RequestInit {
  return { ...init, headers: { ...(init.headers ?? {}), authorization: `Bearer ${token}` } };
}

async function json<T>(baseUrl: string, url: string, init?: RequestInit): Promise<T> {
  const response = await fetch(`${baseUrl}${url}`, authorized(init));
  if (!response.ok) throw new BenchAbort(`${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

async function bytes(baseUrl: string, url: string, init?: RequestInit): Promise<Buffer> {
  const response = await fetch(`${baseUrl}${url}`, authorized(init));
  if (!response.ok) throw new BenchAbort(`${url}: ${response.status} ${await response.text()}`);
  return Buffer.from(await response.arrayBuffer());
}

const post = (body: unknown): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

/** Polls `done` every 500 ms; a poll that fails (e.g. a 503 while the server is swamped) counts as not done. */
async function until(what: string, done: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + PHASE_LIMIT_MS;
  const settled = () =>
    done().catch((error: unknown) => {
      if (error instanceof BenchAbort) throw error;
      return false;
    });
  while (!(await settled())) {
    if (server?.exitCode !== null) throw new Error(`o servidor saiu durante: ${what}`);
    if (Date.now() > deadline) throw new Error(`tempo esgotado: ${what}`);
    await sleep(500);
  }
}

/** A failure that ends the bench (as opposed to a poll that may succeed later). */
class BenchAbort extends Error {}

interface SceneRow {
  id: number;
  status: string;
  project_id: number;
  date_formatted: string;
}
interface ProjectRow {
  id: number;
  space: string;
}
interface EnvironmentAnalysisRow {
  detectId: number;
  afterScene: { id: number };
  processingState: string;
  errorMessage: string | null;
}

const isoOf = (ddmmyyyy: string) => ddmmyyyy.split('/').reverse().join('-');

const TABLE_HEAD =
  '| phase | wall s | load | samples | GET /health p50 / p99 / max ms | GET /project p50 / p99 / max ms | failed | ' +
  'loop delay p50 / p99 / max ms | main-thread CPU s | longest turn CPU ms | stalls ≥ 100 ms |';

function phaseRow(p: Phase): string {
  const f = (value: number | undefined) => (value === undefined ? '–' : value.toFixed(0));
  return (
    `| ${p.name} | ${(((p.ended ?? performance.now()) - p.started) / 1000).toFixed(1)} | ${p.load.toFixed(1)} | ` +
    `${p.health.length} | ${stats(p.health)} | ${stats(p.projects)} | ${p.errors} | ` +
    `${f(p.loop?.delayP50)} / ${f(p.loop?.delayP99)} / ${f(p.loop?.delayMax)} | ` +
    `${p.loop ? (p.loop.mainCpuMs / 1000).toFixed(1) : '–'} | ${f(p.loop?.longestTurnCpuMs)} | ` +
    `${p.loop?.stalls.length ?? '–'} |`
  );
}

function printTable(): void {
  const lines = [
    `Event loop under load — ${values.label} (${ROOT}), Node ${process.version}, ${os.availableParallelism()} cores, ` +
      `demo scale ${values.scale}, ${new Date().toISOString().slice(0, 16)}Z, 1-min load at the end ` +
      `${os.loadavg()[0]!.toFixed(1)}`,
    '',
    TABLE_HEAD,
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...phases.map(phaseRow),
  ];
  console.log(lines.join('\n'));
}

async function demoPhases(baseUrl: string): Promise<void> {
  await beginPhase('a. imagens de demonstração (render)');
  void sampler(baseUrl);
  const login = await fetch(
    `${baseUrl}/api/v1/user`,
    post({ email: 'admin@mirante.app.br', password: DEMO_PASSWORD }),
  );
  if (!login.ok) throw new Error(`login: ${login.status} ${await login.text()}`);
  token = ((await login.json()) as { api_token: string }).api_token;
  await until('as tarefas de demonstração', async () => output.includes(DEMO_TASKS_SENT));

  await beginPhase('a2. ingest das cenas de demonstração + I.A + detector ambiental');
  await until('as cenas e análises de demonstração', async () => {
    const scenes = await json<SceneRow[]>(baseUrl, '/api/v1/scenes');
    if (scenes.length === 0 || scenes.some((s) => s.status === 'queued' || s.status === 'processing'))
      return false;
    const analyses = await json<AdminAnalysis[]>(baseUrl, '/api/v1/detections/all');
    const states = analyses.map((a) => a.processingState);
    return analyses.length > 0 && states.every((s) => s !== 'queued' && s !== 'processing');
  });
  await endPhase();
}

async function largeIngest(
  baseUrl: string,
  projectId: number,
  file: string,
  megapixels: string,
): Promise<number> {
  if (selected.has('b')) await beginPhase(`b. ingest de um GeoTIFF de ${megapixels} MP (sintético)`);
  else console.log(`Preparando (fora das fases): ingest do GeoTIFF de ${megapixels} MP…`);
  const form = new FormData();
  form.append('date', '2027-01-15');
  form.append('project', String(projectId));
  form.append('file', await openAsBlob(file), 'large.tif');
  const uploaded = await json<SceneRow>(baseUrl, '/api/v1/scene', { method: 'POST', body: form });
  await until('o ingest do GeoTIFF grande', async () => {
    const scene = (await json<SceneRow[]>(baseUrl, '/api/v1/scenes')).find((s) => s.id === uploaded.id);
    if (scene?.status === 'failed') throw new BenchAbort('o ingest do GeoTIFF grande falhou');
    return scene?.status === 'ready';
  });
  await endPhase();
  return uploaded.id;
}

async function aiOnNewProject(
  baseUrl: string,
  projectId: number,
  sceneId: number,
  lots: number,
): Promise<void> {
  await beginPhase(`c. I.A: projeto novo, ${lots.toLocaleString('pt-BR')} lotes`);
  const analysis = await json<{ id: number }>(baseUrl, '/api/v1/detection', post({ projectId, sceneId }));
  await json(baseUrl, '/api/v1/detections/process-ai', post({ detect_id: [analysis.id] }));
  await until('a análise da I.A', async () => {
    const row = (await json<AdminAnalysis[]>(baseUrl, '/api/v1/detections/all')).find(
      (a) => a.id === analysis.id,
    );
    if (row?.processingState === 'failed') throw new BenchAbort(`a I.A falhou: ${row.errorMessage}`);
    if (!row) throw new BenchAbort(`a análise ${analysis.id} não está na lista`);
    return row.processingState === 'done';
  });
  await endPhase();
}

async function financeImportExport(baseUrl: string, projectId: number): Promise<void> {
  await beginPhase('d. carteira: exportação .xlsx, importação editada, exportação CSV');
  const url = `/api/v1/project/${projectId}/informations`;
  const xlsx = await bytes(baseUrl, `${url}/export?fileType=xls`);
  const form = new FormData();
  form.append(
    'file',
    new Blob([new Uint8Array(editSpreadsheetNotes(xlsx, 'Revisado no bench'))]),
    'carteira.xlsx',
  );
  const result = await json<{ list: { sucesso: boolean }[] }>(baseUrl, `${url}/import`, {
    method: 'POST',
    body: form,
  });
  const imported = result.list.filter((row) => row.sucesso).length;
  await bytes(baseUrl, `${url}/export?fileType=csv`);
  await endPhase();
  console.log(`  ${imported} de ${result.list.length} linhas importadas`);
}

async function environmentAnalysis(baseUrl: string): Promise<void> {
  const project = (await json<ProjectRow[]>(baseUrl, '/api/v1/project')).find(
    (p) => p.space === ENVIRONMENT_SPACE,
  );
  if (!project) throw new BenchAbort(`o projeto ${ENVIRONMENT_SPACE} não existe`);
  const scenes = (await json<SceneRow[]>(baseUrl, '/api/v1/scenes'))
    .filter((s) => s.project_id === project.id && s.status === 'ready')
    .sort((a, b) => isoOf(a.date_formatted).localeCompare(isoOf(b.date_formatted)));
  const existing = await json<EnvironmentAnalysisRow[]>(baseUrl, `/api/v1/project/${project.id}/detections`);
  // One analysis per after scene: the latest scene the demo's detector has not analysed yet.
  const analysed = new Set(existing.map((row) => row.afterScene.id));
  const before = scenes[0];
  const after = scenes.slice(1).findLast((scene) => !analysed.has(scene.id));
  if (!before || !after) throw new BenchAbort('o projeto ambiental não tem uma imagem sem análise');

  await beginPhase('e. análise ambiental + relatório PDF');
  const created = await json<{ id: number }>(
    baseUrl,
    `/api/v1/project/${project.id}/environment-detect`,
    post({ before_scene_id: before.id, after_scene_id: after.id }),
  );
  await until('a análise ambiental', async () => {
    const rows = await json<EnvironmentAnalysisRow[]>(baseUrl, `/api/v1/project/${project.id}/detections`);
    const row = rows.find((r) => r.detectId === created.id);
    if (row?.processingState === 'failed')
      throw new BenchAbort(`a análise ambiental falhou: ${row.errorMessage}`);
    return row?.processingState === 'done';
  });
  const reported = existing.find((r) => r.processingState === 'done') ?? { detectId: created.id };
  const pdf = await bytes(baseUrl, `/api/v1/project/${project.id}/detect/${reported.detectId}/report`);
  await endPhase();
  console.log(`  relatório: ${(pdf.length / 1024).toFixed(0)} KB`);
}

async function main(): Promise<void> {
  const size = Number(values.size);
  const lots = Number(values.lots);
  const megapixels = ((size * size) / 1e6).toFixed(0);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'mirante-bench-loop-'));
  // The embedded PostgreSQL runs as its own user and must reach its data folder.
  await chmod(dataDir, 0o755);
  const [port, pgPort] = [await freePort(), await freePort()];
  const baseUrl = `http://127.0.0.1:${port}`;
  const profile = values['cpu-prof']
    ? ['--cpu-prof', '--cpu-prof-dir', path.resolve(values['cpu-prof'])]
    : [];
  server = spawn(
    process.execPath,
    [...profile, '--import', 'tsx', '--import', PROBE, 'apps/server/src/main.ts'],
    {
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
    },
  );
  server.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  server.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  try {
    await until('o servidor responder', async () => (await timed(`${baseUrl}/api/v1/health`)) !== null);
    await demoPhases(baseUrl);

    console.log(
      `Preparando (fora das fases): projeto novo com ${lots} lotes e o GeoTIFF de ${megapixels} MP…`,
    );
    const project = await createBenchProject(`postgres://mirante:mirante@127.0.0.1:${pgPort}/mirante`, lots);
    if (selected.has('b') || selected.has('c')) {
      const largeFile = path.join(dataDir, `large-${size}.tif`);
      await writeLargeGeoTiff(largeFile, size, project.originFor(size * PIXEL_M));
      const sceneId = await largeIngest(baseUrl, project.id, largeFile, megapixels);
      if (selected.has('c')) await aiOnNewProject(baseUrl, project.id, sceneId, lots);
    }
    if (selected.has('d')) await financeImportExport(baseUrl, project.id);
    if (selected.has('e')) await environmentAnalysis(baseUrl);
  } finally {
    await endPhase();
    sampling = false;
    if (server.exitCode === null && server.signalCode === null) {
      server.kill('SIGTERM');
      await new Promise((resolve) => server!.once('exit', resolve));
    } else {
      console.error(`O servidor saiu antes do fim (${server.exitCode ?? server.signalCode}):`);
      console.error(output.split('\n').slice(-30).join('\n'));
      process.exitCode = 1;
    }
    await rm(dataDir, { recursive: true, force: true });
    printTable();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  console.error(output.split('\n').slice(-30).join('\n'));
  process.exit(1);
});
