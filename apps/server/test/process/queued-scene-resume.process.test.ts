import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterAll, expect, it } from 'vitest';
import { SYNTHETIC_ORIGINS, syntheticGeoTiff } from '../geotiff-fixtures';
import { freePort, startServerProcess, stopServerProcess, type ServerProcess } from '../server-process';

let server: ServerProcess | undefined;
let db: pg.Client | undefined;
let dataDir: string | undefined;
afterAll(async () => {
  await db?.end().catch(() => undefined);
  if (server) await stopServerProcess(server, 'SIGTERM');
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

interface SceneState {
  status: string;
  tilesVersion: number;
}

it('ingests again a scene left queued for over a minute with no pg-boss job (a crash between its row and its job)', async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'mirante-queued-scene-'));
  await chmod(dataDir, 0o755);
  const pgPort = await freePort();
  server = await startServerProcess(
    { DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(pgPort) },
    await freePort(),
  );
  db = new pg.Client({ connectionString: `postgres://mirante:mirante@127.0.0.1:${pgPort}/mirante` });
  await db.connect();
  const login = await fetch(`${server.baseUrl}/api/v1/user`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@mirante.app.br', password: 'mirante2026' }),
  });
  const token = ((await login.json()) as { api_token: string }).api_token;
  const project = await db.query<{ id: number }>(
    `SELECT id FROM projects WHERE space = 'jardim-das-palmeiras'`,
  );
  const form = new FormData();
  form.append('date', '2026-05-04');
  form.append('project', String(project.rows[0]!.id));
  form.append(
    'file',
    new Blob([syntheticGeoTiff({ width: 300, height: 300, origin: SYNTHETIC_ORIGINS.demoAllotment }).bytes]),
    'pequena.tif',
  );
  const upload = await fetch(`${server.baseUrl}/api/v1/scene`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  expect(upload.status, await upload.clone().text()).toBe(200);
  const sceneId = ((await upload.json()) as { id: number }).id;
  const state = async () =>
    (
      await db!.query<SceneState>(
        'SELECT status, tiles_version AS "tilesVersion" FROM scenes WHERE id = $1',
        [sceneId],
      )
    ).rows[0]!;
  const waitForReady = async () => {
    for (let waited = 0; waited < 120_000; waited += 500) {
      const { status } = await state();
      if (status === 'ready' || status === 'failed') break;
      await sleep(500);
    }
    return state();
  };
  const first = await waitForReady();
  expect(first.status).toBe('ready');

  // What a crash right after writing the row leaves: the scene queued two minutes ago, and no job for it.
  await db.query(
    `UPDATE scenes SET status = 'queued', updated_at = now() - interval '2 minutes' WHERE id = $1`,
    [sceneId],
  );
  await db.query(`DELETE FROM pgboss.job WHERE name = 'scene-ingest' AND (data->>'sceneId')::int = $1`, [
    sceneId,
  ]);

  const again = await waitForReady();
  expect(again).toEqual({ status: 'ready', tilesVersion: first.tilesVersion + 1 });
}, 540_000); // 1 × SERVER_START_LIMIT_MS (server-process.ts) + 300 s
