import os from 'node:os';
import path from 'node:path';
import type { Scene } from '@mirante/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeResultsSection } from '../../tools/ai/results-section';
import { SYNTHETIC_ORIGINS, syntheticGeoTiff } from '../geotiff-fixtures';
import {
  demoAllotmentId,
  freePort,
  signIn,
  startApi,
  startClusterBase,
  startWorker,
  stopProcess,
  waitFor,
  type ClusterBase,
  type ServerProcess,
  type WorkerProcess,
} from './cluster';
import { coreCount, cpuBetween, readCpu, type CpuShares, type ProcessGroups } from './cpu-shares';
import { getStatus, postFormStatus, runLoad, type LoadFigures, type RequestKind } from './load-mix';
import { tileOf, uploadScene } from './traffic';

/** 50 concurrent users for 5 minutes of mixed traffic, against 1 and then 2 API processes. */
const USERS = Number(process.env.LOAD_USERS ?? 50);
const SECONDS = Number(process.env.LOAD_SECONDS ?? 300);
const RESULTS_FILE = path.resolve(import.meta.dirname, '../../../../bench/RESULTS.md');
const MANAGER = 'gerente@horizonte.com.br';

let base: ClusterBase;
let apiA: ServerProcess;
let apiB: ServerProcess;
let worker: WorkerProcess;
let kinds: RequestKind[];
let tokens: string[];
const figures: { label: string; load: string; result: LoadFigures; cpu: CpuShares }[] = [];

const loadAverage = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(', ');

/** Tiles around the scene's centre at its deepest zoom and the two above: 5 × 5, 3 × 3 and 1. */
function tilePaths(scene: Scene): string[] {
  const [z, x, y] = tileOf(scene);
  const paths: string[] = [];
  for (const [zoom, radius] of [
    [z, 2],
    [z - 1, 1],
    [z - 2, 0],
  ] as const) {
    const shift = z - zoom;
    for (let dx = -radius; dx <= radius; dx++)
      for (let dy = -radius; dy <= radius; dy++)
        paths.push(scene.tileUrl.replace('{z}/{x}/{y}', `${zoom}/${(x >> shift) + dx}/${(y >> shift) + dy}`));
  }
  return paths;
}

function trafficKinds(projectId: number, tiles: string[]): RequestKind[] {
  const api = (baseUrl: string, route: string) => `${baseUrl}/api/v1${route}`;
  const auth = (token: string) => ({ authorization: `Bearer ${token}` });
  let tile = 0;
  return [
    { name: 'projects', weight: 2, send: (b, t) => getStatus(api(b, '/project'), auth(t)) },
    { name: 'project', weight: 1, send: (b, t) => getStatus(api(b, `/project/${projectId}`), auth(t)) },
    { name: 'layers', weight: 3, send: (b, t) => getStatus(api(b, `/project/${projectId}/layers`), auth(t)) },
    { name: 'scenes', weight: 1, send: (b, t) => getStatus(api(b, `/project/${projectId}/scenes`), auth(t)) },
    { name: 'tiles', weight: 8, send: (b) => getStatus(`${b}${tiles[tile++ % tiles.length]}`) },
    {
      name: 'detections report',
      weight: 2,
      send: (b, t) => postFormStatus(api(b, `/project/${projectId}/detections-history`), t, {}),
    },
    {
      name: 'finance page',
      weight: 2,
      send: (b, t) => postFormStatus(api(b, `/project/${projectId}/informations`), t, {}),
    },
    {
      name: 'detections export',
      weight: 0.5,
      send: (b, t) => getStatus(api(b, `/project/${projectId}/allotments/export?fileType=csv`), auth(t)),
    },
    {
      name: 'finance export',
      weight: 0.5,
      send: (b, t) => getStatus(api(b, `/project/${projectId}/informations/export?fileType=xls`), auth(t)),
    },
  ];
}

beforeAll(async () => {
  base = await startClusterBase();
  apiA = await startApi(base, await freePort());
  apiB = await startApi(base, await freePort());
  worker = await startWorker(base);
  const projectId = await demoAllotmentId(base);
  const admin = await signIn(apiA.baseUrl);
  const tiff = syntheticGeoTiff({ width: 600, height: 600, origin: SYNTHETIC_ORIGINS.demoAllotment });
  const sceneId = await uploadScene(apiA.baseUrl, admin, projectId, '2026-06-01', tiff.bytes);
  const status = () =>
    base.db
      .query<{ status: string }>('SELECT status FROM scenes WHERE id = $1', [sceneId])
      .then((r) => r.rows[0]!.status);
  expect(await waitFor(status, (s) => s === 'ready' || s === 'failed')).toBe('ready');

  // An AI run on the scene, so the detections report has a processed analysis to read.
  const headers = { authorization: `Bearer ${admin}`, 'content-type': 'application/json' };
  const created = await fetch(`${apiA.baseUrl}/api/v1/detection`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ projectId, sceneId, publishDetection: true }),
  });
  const detectId = ((await created.json()) as { id: number }).id;
  await fetch(`${apiA.baseUrl}/api/v1/detections/process-ai`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ detect_id: [detectId] }),
  });
  const state = () =>
    base.db
      .query<{ state: string }>('SELECT processing_state AS state FROM detections WHERE id = $1', [detectId])
      .then((r) => r.rows[0]!.state);
  expect(await waitFor(state, (s) => s === 'done' || s === 'failed')).toBe('done');

  const scenes = await fetch(`${apiA.baseUrl}/api/v1/project/${projectId}/scenes`, {
    headers: { authorization: `Bearer ${admin}` },
  });
  const scene = ((await scenes.json()) as Scene[]).find((s) => s.id === sceneId)!;
  kinds = trafficKinds(projectId, tilePaths(scene));
  // One session per virtual user, each the demo MANAGER (every module of the allotment).
  tokens = [];
  for (let i = 0; i < USERS; i++) tokens.push(await signIn(i % 2 ? apiB.baseUrl : apiA.baseUrl, MANAGER));
  // Every kind answers before the clock starts (a kind refused here is a set-up fault, not load).
  for (const kind of kinds) expect(await kind.send(apiA.baseUrl, tokens[0]!), kind.name).toBeLessThan(300);
}, 600_000);

afterAll(async () => {
  if (figures.length > 0) writeResultsSection(RESULTS_FILE, 'reliability-load', resultsSection());
  for (const process of [worker, apiA, apiB]) if (process) await stopProcess(process, 'SIGTERM');
  await base?.close();
});

const ms = (value: number) => `${Math.round(value)} ms`;

function resultsSection(): string {
  const names = kinds.map((kind) => kind.name);
  const lines = [
    `## Load: ${USERS} users, ${SECONDS} s of mixed traffic, 1 vs 2 API processes (\`npm run test:reliability\`, ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC)`,
    '',
    `Cluster on this machine (${os.cpus().length} cores, Node ${process.version}): PostgreSQL 15, s3rver, 1 worker and 2 API processes (\`ROLE=api\`), the load generator in the same machine. ${USERS} virtual users, each signed in as the demo MANAGER and sending one request after another with no think time, in a fixed seeded mix: projects 2, project 1, layers 3, scenes 1, tiles of one scene 8 (35 tiles at 3 zooms), detections report 2, finance page 2, detections CSV export 0.5, finance .xlsx export 0.5. "1 API": every user on API A; "2 APIs": users alternate between A and B. An error is any status outside 2xx/304 or a failed connection.`,
    '',
    '| configuration | load avg (1, 5, 15 min) after | requests | req/s | errors | p50 | p95 | p99 |',
    '|---|---|---|---|---|---|---|---|',
    ...figures.map(
      ({ label, load, result }) =>
        `| ${label} | ${load} | ${result.requests} | ${result.perSecond.toFixed(1)} | ${result.errors} | ${ms(result.p50)} | ${ms(result.p95)} | ${ms(result.p99)} |`,
    ),
    '',
    `| p95 per kind | ${figures.map((f) => f.label).join(' | ')} |`,
    `|---|${figures.map(() => '---').join('|')}|`,
    ...names.map(
      (name) =>
        `| ${name} | ${figures.map((f) => `${ms(f.result.perKind[name]!.p95)} (${f.result.perKind[name]!.count})`).join(' | ')} |`,
    ),
  ];
  const groupNames = Object.keys(figures[0]?.cpu.cores ?? {});
  lines.push(
    '',
    `| CPU, cores used on average (of ${coreCount()}) | ${figures.map((f) => f.label).join(' | ')} |`,
    `|---|${figures.map(() => '---').join('|')}|`,
    `| whole machine busy | ${figures.map((f) => `${(f.cpu.machineBusy * 100).toFixed(0)} %`).join(' | ')} |`,
    ...groupNames.map(
      (name) => `| ${name} | ${figures.map((f) => (f.cpu.cores[name] ?? 0).toFixed(2)).join(' | ')} |`,
    ),
    `| CPU ms per request, API processes | ${figures.map((f) => ((1000 * ((f.cpu.cores['API A'] ?? 0) + (f.cpu.cores['API B'] ?? 0))) / f.result.perSecond).toFixed(1)).join(' | ')} |`,
  );
  if (figures.length === 2) {
    const [one, two] = figures;
    lines.push(
      '',
      `p95 with 2 APIs / with 1: **${(two!.result.p95 / one!.result.p95).toFixed(2)}**; throughput ratio ${(two!.result.perSecond / one!.result.perSecond).toFixed(2)}.`,
    );
  }
  return lines.join('\n');
}

/** Our processes, by name; PostgreSQL is the backends serving this test's database at the time of asking. */
async function processGroups(): Promise<ProcessGroups> {
  const backends = await base.db.query<{ pid: number }>(
    'SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
  );
  return {
    'API A': [apiA.child.pid!],
    'API B': [apiB.child.pid!],
    worker: [worker.child.pid!],
    'PostgreSQL (this database)': backends.rows.map((row) => row.pid),
    'test process (load generator, s3rver)': [process.pid],
  };
}

/** The load against `urls`, with the CPU each of our processes and the machine used meanwhile. */
async function measuredLoad(label: string, urls: string[]) {
  const groups = await processGroups();
  const before = readCpu(groups);
  const result = await runLoad(kinds, urls, tokens, SECONDS);
  const cpu = cpuBetween(before, readCpu(groups), groups);
  figures.push({ label, load: loadAverage(), result, cpu });
  return result;
}

describe(`load: ${USERS} users for ${SECONDS} s of mixed traffic`, () => {
  it(
    'against 1 API process: no request fails',
    async () => {
      const result = await measuredLoad('1 API', [apiA.baseUrl]);
      expect(result.errorSamples).toEqual([]);
      expect(result.requests).toBeGreaterThan(0);
    },
    (SECONDS + 120) * 1000,
  );

  it(
    'against 2 API processes: no request fails',
    async () => {
      const result = await measuredLoad('2 APIs', [apiA.baseUrl, apiB.baseUrl]);
      expect(result.errorSamples).toEqual([]);
      expect(result.requests).toBeGreaterThan(0);
    },
    (SECONDS + 120) * 1000,
  );
});
