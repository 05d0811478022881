import { chmod, mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { DEMO_SEED, renderSceneJob } from '@mirante/demo/demo-imagery';
import { demoSite } from '@mirante/demo/demo-sites';
import pg from 'pg';
import { afterAll, expect, it } from 'vitest';
import { freePort, startServerProcess, stopServerProcess, type ServerProcess } from '../server-process';

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function adminToken(server: ServerProcess): Promise<string> {
  const response = await fetch(`${server.baseUrl}/api/v1/user`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@mirante.app.br', password: 'mirante2026' }),
  });
  return ((await response.json()) as { api_token: string }).api_token;
}

async function postJson(server: ServerProcess, token: string, route: string, body: unknown) {
  const response = await fetch(`${server.baseUrl}/api/v1${route}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.status, await response.clone().text()).toBe(200);
  return response.json() as Promise<{ id?: number }>;
}

async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, ms: number): Promise<T> {
  let value = await read();
  for (let waited = 0; waited < ms && !done(value); waited += 500) {
    await sleep(500);
    value = await read();
  }
  return value;
}

interface ProcessingState {
  state: string;
  error: string | null;
}

it('finishes an AI processing killed while running (kill -9 of the server) after a restart, with one status row per lot', async () => {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'mirante-processing-kill-'));
  await chmod(dataDir, 0o755);
  const pgPort = await freePort();
  const env = { DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(pgPort) };
  const port = await freePort();
  let server = await startServerProcess(env, port);
  const url = `postgres://mirante:mirante@127.0.0.1:${pgPort}/mirante`;
  const db = new pg.Client({ connectionString: url });
  cleanups.push(async () => {
    await db.end().catch(() => undefined);
    await stopServerProcess(server, 'SIGTERM');
    await rm(dataDir, { recursive: true, force: true });
  });
  await db.connect();
  db.on('error', () => undefined); // the database goes down with the server

  // A real demo scene of the allotment, uploaded and ingested like any other, so the AI reads real pixels.
  const site = await demoSite('allotment', DEMO_SEED);
  const entry = await renderSceneJob({
    site: 'allotment',
    dateIndex: 17,
    outDir: dataDir,
    seed: DEMO_SEED,
    scale: 0.5,
  });
  const project = await db.query<{ id: number }>('SELECT id FROM projects WHERE space = $1', [site.space]);
  const projectId = project.rows[0]!.id;
  const token = await adminToken(server);
  const form = new FormData();
  form.append('date', entry.date);
  form.append('project', String(projectId));
  form.append('file', new Blob([await readFile(path.join(dataDir, entry.file))]), 'cena.tif');
  const upload = await fetch(`${server.baseUrl}/api/v1/scene`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  expect(upload.status, await upload.clone().text()).toBe(200);
  const sceneId = ((await upload.json()) as { id: number }).id;
  const sceneStatus = async () =>
    (await db.query<{ status: string }>('SELECT status FROM scenes WHERE id = $1', [sceneId])).rows[0]!
      .status;
  expect(await waitFor(sceneStatus, (status) => status === 'ready' || status === 'failed', 120_000)).toBe(
    'ready',
  );
  const detectId = (await postJson(server, token, '/detection', { projectId, sceneId })).id!;

  await postJson(server, token, '/detections/process-ai', { detect_id: [detectId] });
  // Killed as soon as the run has claimed the analysis: the AI is reading the scene.
  const stateSql =
    'SELECT processing_state AS state, processing_error AS error FROM detections WHERE id = $1';
  for (let waited = 0; waited < 60_000; waited += 10) {
    const { state } = (await db.query<ProcessingState>(stateSql, [detectId])).rows[0]!;
    if (state === 'processing') break;
    expect(state).toBe('queued');
    await sleep(10);
  }
  await stopServerProcess(server, 'SIGKILL');
  await db.end();

  server = await startServerProcess(env, port);
  const again = new pg.Client({ connectionString: url });
  cleanups.push(() => again.end().catch(() => undefined));
  await again.connect();
  const afterRestart = (await again.query<ProcessingState>(stateSql, [detectId])).rows[0]!;
  expect(afterRestart.state).toBe('processing'); // killed mid-run, not after it
  const final = await waitFor(
    async () => (await again.query<ProcessingState>(stateSql, [detectId])).rows[0]!,
    (row) => row.state === 'done' || row.state === 'failed',
    180_000,
  );
  expect(final).toEqual({ state: 'done', error: null });

  const history = await again.query<{ rows: number; lots: number }>(
    `SELECT count(*)::int AS rows, count(DISTINCT layer_id)::int AS lots FROM lot_status_history
        WHERE date = $1 AND detection_id = $2 AND source = 'ai'`,
    [entry.date, detectId],
  );
  const results = await again.query<{ rows: number; lots: number }>(
    `SELECT count(*)::int AS rows, count(DISTINCT layer_id)::int AS lots FROM detection_results
        WHERE detection_id = $1`,
    [detectId],
  );
  expect(history.rows[0]!.lots).toBeGreaterThan(0);
  expect(history.rows[0]!.rows).toBe(history.rows[0]!.lots);
  expect(results.rows[0]!.rows).toBe(results.rows[0]!.lots);
  const stillActive = await again.query(
    `SELECT id FROM pgboss.job WHERE name = 'detections-process' AND state = 'active'`,
  );
  expect(stillActive.rows).toEqual([]);
}, 960_000); // 2 × SERVER_START_LIMIT_MS (server-process.ts) + 480 s
