import { execFileSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import type { Scene } from '@mirante/shared';
import { afterAll, describe, expect, it } from 'vitest';
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
import { importSaoPauloLots, tileOf, uploadScene } from './traffic';

/**
 * The product runs on Node 24 (what `npm install` brings) and on 26. Each major, fetched from the npm registry's
 * `node` package (as an operator without a system Node 24 would), runs one API process and one worker of a
 * cluster on PostgreSQL and s3rver: a scene is ingested, its tile served, a layer import run by the worker.
 */
const MAJORS = (process.env.NODE_MAJORS ?? '24,26').split(',').map((major) => major.trim());
const RESULTS_FILE = path.resolve(import.meta.dirname, '../../../../bench/RESULTS.md');

interface Run {
  version: string;
  readySeconds: number;
  ingestSeconds: number;
  importSeconds: number;
}
const runs: Run[] = [];

/** The binary of Node `major` from the npm registry (cached by npm after the first run). */
function nodeBinary(major: string): string {
  return execFileSync(
    'npx',
    ['-y', '-p', `node@${major}`, 'node', '-e', 'process.stdout.write(process.execPath)'],
    { encoding: 'utf8', timeout: 300_000 },
  ).trim();
}

const seconds = (since: number) => (performance.now() - since) / 1000;

afterAll(() => {
  if (runs.length === 0) return;
  writeResultsSection(
    RESULTS_FILE,
    'reliability-node-versions',
    [
      `## Node.js majors (\`node-versions.reliability.test.ts\`, ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC)`,
      '',
      `One API process (\`ROLE=api\`) and one worker on the Node.js binary of the npm registry's \`node\` package, PostgreSQL 15 and s3rver; the test runner itself on ${process.version}. Load average (1 min) at the end: ${os.loadavg()[0]!.toFixed(2)}.`,
      '',
      '| Node.js | API + worker ready | scene (600 × 600) uploaded → ingested by the worker | layer import (São Paulo, through the worker) |',
      '|---|---|---|---|',
      ...runs.map(
        (run) =>
          `| ${run.version} | ${run.readySeconds.toFixed(1)} s | ${run.ingestSeconds.toFixed(1)} s | ${run.importSeconds.toFixed(1)} s |`,
      ),
    ].join('\n'),
  );
});

describe.each(MAJORS)('Node %s: an API process and a worker of a cluster', (major) => {
  let base: ClusterBase | undefined;
  let api: ServerProcess | undefined;
  let worker: WorkerProcess | undefined;

  afterAll(async () => {
    for (const process of [worker, api]) if (process) await stopProcess(process, 'SIGTERM');
    await base?.close();
  });

  it('ingest a scene, serve its tile and run a layer import', async () => {
    const node = nodeBinary(major);
    const version = execFileSync(node, ['--version'], { encoding: 'utf8' }).trim();
    expect(version.startsWith(`v${major}.`)).toBe(true);

    let since = performance.now();
    base = await startClusterBase();
    api = await startApi(base, await freePort(), node);
    worker = await startWorker(base, undefined, node);
    const readySeconds = seconds(since);
    const projectId = await demoAllotmentId(base);
    const token = await signIn(api.baseUrl);

    since = performance.now();
    const tiff = syntheticGeoTiff({ width: 600, height: 600, origin: SYNTHETIC_ORIGINS.demoAllotment });
    const sceneId = await uploadScene(api.baseUrl, token, projectId, '2026-06-01', tiff.bytes);
    const status = () =>
      base!.db
        .query<{ status: string }>('SELECT status FROM scenes WHERE id = $1', [sceneId])
        .then((result) => result.rows[0]!.status);
    expect(await waitFor(status, (s) => s === 'ready' || s === 'failed')).toBe('ready');
    const ingestSeconds = seconds(since);
    const listed = await fetch(`${api.baseUrl}/api/v1/project/${projectId}/scenes`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const scene = ((await listed.json()) as Scene[]).find((s) => s.id === sceneId)!;
    const [z, x, y] = tileOf(scene);
    const tile = await fetch(`${api.baseUrl}${scene.tileUrl.replace('{z}/{x}/{y}', `${z}/${x}/${y}`)}`);
    expect(tile.status).toBe(200);
    expect(tile.headers.get('content-type')).toMatch(/^image\//);

    since = performance.now();
    const imported = await importSaoPauloLots(api.baseUrl, token, projectId);
    expect(imported.status, await imported.clone().text()).toBe(200);
    expect(((await imported.json()) as { lots: { created: number } }).lots.created).toBeGreaterThan(0);
    const importSeconds = seconds(since);
    // ROLE=api sends jobs only: the import's completed job is the worker's.
    const jobs = await base.db.query<{ state: string }>(
      `SELECT state FROM pgboss.job WHERE name = 'layer-import'`,
    );
    expect(jobs.rows.map((row) => row.state)).toEqual(['completed']);
    runs.push({ version, readySeconds, ingestSeconds, importSeconds });
  }, 900_000);
});
