import { chmod, mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterAll, expect, it } from 'vitest';
import { SYNTHETIC_ORIGINS, syntheticGeoTiff } from '../geotiff-fixtures';
import { freePort, startServerProcess, stopServerProcess, type ServerProcess } from '../server-process';

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}

async function adminToken(server: ServerProcess): Promise<string> {
  const response = await fetch(`${server.baseUrl}/api/v1/user`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@mirante.app.br', password: 'mirante2026' }),
  });
  return ((await response.json()) as { api_token: string }).api_token;
}

interface SceneState {
  status: string;
  progress: number;
}

it('finishes an ingest killed half-way (kill -9 of the server) after a restart, and leaves no scratch files', async () => {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'mirante-ingest-kill-'));
  await chmod(dataDir, 0o755);
  // The server's temporary files go to a folder only this test looks at.
  const tmp = path.join(dataDir, 'tmp');
  await mkdir(tmp);
  // Built before the server starts: ~20 s of synchronous CPU (minutes at load ~25) that blocks this process's
  // event loop. Built after, the login that follows failed with EPIPE twice at load 15–25, most likely on a
  // keep-alive connection to the server that was closed while the loop was blocked.
  const tiff = syntheticGeoTiff({
    width: 4000,
    height: 4000,
    origin: SYNTHETIC_ORIGINS.demoAllotment,
  });
  const pgPort = await freePort();
  const env = { DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(pgPort), TMPDIR: tmp };
  const port = await freePort();
  let server = await startServerProcess(env, port);
  const db = new pg.Client({ connectionString: `postgres://mirante:mirante@127.0.0.1:${pgPort}/mirante` });
  cleanups.push(async () => {
    await db.end().catch(() => undefined);
    await stopServerProcess(server, 'SIGTERM');
    await rm(dataDir, { recursive: true, force: true });
  });
  await db.connect();
  db.on('error', () => undefined); // the database restarts with the server
  const project = await db.query<{ id: number }>(
    `SELECT id FROM projects WHERE space = 'jardim-das-palmeiras'`,
  );

  const form = new FormData();
  form.append('date', '2026-05-04');
  form.append('project', String(project.rows[0]!.id));
  form.append('file', new Blob([tiff.bytes]), 'grande.tif');
  const upload = await fetch(`${server.baseUrl}/api/v1/scene`, {
    method: 'POST',
    headers: { authorization: `Bearer ${await adminToken(server)}` },
    body: form,
  });
  expect(upload.status, await upload.clone().text()).toBe(200);
  const sceneId = ((await upload.json()) as { id: number }).id;

  const state = async () =>
    (await db.query<SceneState>('SELECT status, progress FROM scenes WHERE id = $1', [sceneId])).rows[0]!;
  // Half-way: tiling has started and is not finished.
  for (let waited = 0; waited < 120_000; waited += 25) {
    const { status, progress } = await state();
    if (status === 'processing' && progress > 0) break;
    expect(status).not.toBe('ready');
    await sleep(25);
  }
  await stopServerProcess(server, 'SIGKILL');
  await db.end();

  server = await startServerProcess(env, port);
  const again = new pg.Client({ connectionString: `postgres://mirante:mirante@127.0.0.1:${pgPort}/mirante` });
  cleanups.push(() => again.end().catch(() => undefined));
  await again.connect();
  let final: SceneState | undefined;
  for (let waited = 0; waited < 240_000; waited += 1000) {
    final = (await again.query<SceneState>('SELECT status, progress FROM scenes WHERE id = $1', [sceneId]))
      .rows[0];
    if (final?.status === 'ready' || final?.status === 'failed') break;
    await sleep(1000);
  }
  expect(final).toMatchObject({ status: 'ready', progress: 100 });
  const stillActive = await again.query(
    `SELECT id FROM pgboss.job WHERE name = 'scene-ingest' AND state = 'active'`,
  );
  expect(stillActive.rows).toEqual([]);
  const token = await adminToken(server);
  const preview = await fetch(
    `${server.baseUrl}/tiles/jardim-das-palmeiras/2026-05-04/preview.png?api_token=${token}`,
  );
  expect(preview.status).toBe(200);
  // Only Mirante's own scratch files count (tsx keeps its compile cache in the same folder).
  const leftovers = (await filesUnder(tmp)).filter((file) => path.relative(tmp, file).startsWith('mirante-'));
  expect(leftovers).toEqual([]);
}, 900_000); // 2 × SERVER_START_LIMIT_MS (server-process.ts) + 420 s
