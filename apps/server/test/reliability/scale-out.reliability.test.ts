import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Scene } from '@mirante/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

let base: ClusterBase;
let apiA: ServerProcess;
let apiB: ServerProcess;
let worker: WorkerProcess | undefined;
let projectId: number;
let sceneId: number;

beforeAll(async () => {
  base = await startClusterBase();
  apiA = await startApi(base, await freePort());
  apiB = await startApi(base, await freePort());
  projectId = await demoAllotmentId(base);
}, 240_000);

afterAll(async () => {
  for (const process of [worker, apiA, apiB]) if (process) await stopProcess(process, 'SIGTERM');
  await base?.close();
});

const sceneStatus = async (id: number) => {
  const { rows } = await base.db.query<{ status: string; error: string | null }>(
    'SELECT status, error_message AS error FROM scenes WHERE id = $1',
    [id],
  );
  return rows[0]!.status === 'failed'
    ? `failed: ${rows[0]!.error} ${worker?.output().slice(-1500)}`
    : rows[0]!.status;
};

/** The states of the cluster's jobs of queue `name`, oldest first (the demo seed sends no import or export). */
const jobStates = async (name: string) =>
  (
    await base.db.query<{ state: string }>(
      'SELECT state FROM pgboss.job WHERE name = $1 ORDER BY created_on',
      [name],
    )
  ).rows.map((row) => row.state);
/** The states of the e-mails queued to the manager (the demo's ERP synchronisation may e-mail others). */
const mailStates = async () =>
  (
    await base.db.query<{ state: string }>(
      `SELECT state FROM pgboss.job WHERE name = 'mail-send' AND data->>'to' = 'gerente@horizonte.com.br'
        ORDER BY created_on`,
    )
  ).rows.map((row) => row.state);

const layerCount = async () =>
  Number(
    (
      await base.db.query<{ n: string }>('SELECT count(*) AS n FROM layers WHERE project_id = $1', [
        projectId,
      ])
    ).rows[0]!.n,
  );

const importLots = (baseUrl: string, token: string) => importSaoPauloLots(baseUrl, token, projectId);

describe('scale-out: 2 API processes (ROLE=api) + 1 worker + PostgreSQL 15 + S3 (s3rver)', () => {
  it('a scene uploaded to API A waits for the worker, which ingests it into S3; API B serves its tiles', async () => {
    const tokenA = await signIn(apiA.baseUrl);
    const tiff = syntheticGeoTiff({ width: 400, height: 400, origin: SYNTHETIC_ORIGINS.demoAllotment });
    sceneId = await uploadScene(apiA.baseUrl, tokenA, projectId, '2026-06-01', tiff.bytes);
    // No worker yet: the API processes only enqueued the ingest.
    await sleep(5_000);
    expect(await sceneStatus(sceneId)).toBe('queued');

    worker = await startWorker(base);
    expect(
      await waitFor(
        () => sceneStatus(sceneId),
        (s) => s === 'ready' || s.startsWith('failed'),
      ),
    ).toBe('ready');
    const stored = await readdir(base.s3Directory, { recursive: true });
    expect(stored.some((file) => file.includes(`scenes/p${projectId}`) || file.includes('scenes'))).toBe(
      true,
    );

    const tokenB = await signIn(apiB.baseUrl);
    const listed = await fetch(`${apiB.baseUrl}/api/v1/project/${projectId}/scenes`, {
      headers: { authorization: `Bearer ${tokenB}` },
    });
    const scene = ((await listed.json()) as Scene[]).find((s) => s.id === sceneId)!;
    expect(scene.tileUrl).toContain('sig=');
    const [z, x, y] = tileOf(scene);
    const url = `${apiB.baseUrl}${scene.tileUrl.replace('{z}/{x}/{y}', `${z}/${x}/${y}`)}`;
    const tile = await fetch(url);
    expect(tile.status).toBe(200);
    expect(tile.headers.get('cache-control')).toMatch(/^public, .*s-maxage=\d+/);
    const empty = await fetch(url.replace(`/${z}/${x}/${y}.png`, `/${z}/0/0.png`));
    const [body, blank] = [Buffer.from(await tile.arrayBuffer()), Buffer.from(await empty.arrayBuffer())];
    expect(body.equals(blank)).toBe(false);
  }, 300_000);

  it('a layer import sent through API A is run by the worker and read through API B', async () => {
    const tokenA = await signIn(apiA.baseUrl);
    const imported = await importLots(apiA.baseUrl, tokenA);
    expect(imported.status, await imported.clone().text()).toBe(200);
    const report = (await imported.json()) as { lots: { created: number } };
    expect(report.lots.created).toBeGreaterThan(0);
    // The APIs only send jobs (ROLE=api): the completed job is the worker's.
    expect(await jobStates('layer-import')).toEqual(['completed']);
    const tokenB = await signIn(apiB.baseUrl);
    const layers = await fetch(`${apiB.baseUrl}/api/v1/project/${projectId}/layers`, {
      headers: { authorization: `Bearer ${tokenB}` },
    });
    expect(layers.status).toBe(200);
    expect(await layerCount()).toBeGreaterThan(report.lots.created);
  }, 120_000);

  it('an export asked of API B is built by the worker and streamed by API B', async () => {
    const tokenB = await signIn(apiB.baseUrl);
    const download = await fetch(
      `${apiB.baseUrl}/api/v1/project/${projectId}/informations/export?fileType=csv`,
      { headers: { authorization: `Bearer ${tokenB}` } },
    );
    expect(download.status, await download.clone().text()).toBe(200);
    expect(download.headers.get('content-type')).toContain('text/csv');
    expect((await download.text()).split('\n').length).toBeGreaterThan(2);
    expect(await jobStates('export-file')).toEqual(['completed']);
  }, 120_000);

  it('an AI run queued through API A is run by the worker and read through API B', async () => {
    const tokenA = await signIn(apiA.baseUrl);
    const headers = { authorization: `Bearer ${tokenA}`, 'content-type': 'application/json' };
    const created = await fetch(`${apiA.baseUrl}/api/v1/detection`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ projectId, sceneId }),
    });
    expect(created.status, await created.clone().text()).toBe(200);
    const detectId = ((await created.json()) as { id: number }).id;
    const queued = await fetch(`${apiA.baseUrl}/api/v1/detections/process-ai`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ detect_id: [detectId] }),
    });
    expect(queued.status, await queued.clone().text()).toBe(200);
    const state = () =>
      base.db
        .query<{ state: string }>('SELECT processing_state AS state FROM detections WHERE id = $1', [
          detectId,
        ])
        .then((r) => r.rows[0]!.state);
    expect(await waitFor(state, (s) => s === 'done' || s === 'failed')).toBe('done');
    const tokenB = await signIn(apiB.baseUrl);
    const all = await fetch(`${apiB.baseUrl}/api/v1/detections/all`, {
      headers: { authorization: `Bearer ${tokenB}` },
    });
    const row = ((await all.json()) as { id: number; processing_state?: string }[]).find(
      (a) => a.id === detectId,
    );
    expect(row).toBeDefined();
  }, 300_000);

  it('with the worker stopped an import through API A is refused 503 and an e-mail waits queued; the restarted worker delivers it', async () => {
    const dataDir = worker!.dataDir;
    await stopProcess(worker!, 'SIGTERM');
    const before = await layerCount();
    const refused = await importLots(apiA.baseUrl, await signIn(apiA.baseUrl));
    expect(refused.status, await refused.clone().text()).toBe(503);
    expect(((await refused.json()) as { code: string }).code).toBe('WORKERS_UNAVAILABLE');
    expect(await jobStates('layer-import')).toEqual(['completed', 'cancelled']);
    expect(await layerCount()).toBe(before);

    // The manager may have been e-mailed earlier in the run (the demo's ERP synchronisation): only the new one counts.
    const earlier = (await mailStates()).length;
    const outbox = path.join(dataDir, 'outbox');
    const managerMails = async () =>
      (
        await Promise.all(
          (await readdir(outbox).catch(() => [])).map((file) => readFile(path.join(outbox, file), 'utf8')),
        )
      ).filter((mail) => /^To: gerente@horizonte\.com\.br/m.test(mail)).length;
    const mailedBefore = await managerMails();
    const recovered = await fetch(`${apiA.baseUrl}/api/v1/user/recover`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'gerente@horizonte.com.br' }),
    });
    expect(recovered.status, await recovered.clone().text()).toBe(200);
    await sleep(3_000);
    const newMail = async () => (await mailStates()).slice(earlier);
    expect(await newMail()).toEqual(['created']);

    worker = await startWorker(base, dataDir);
    expect(await waitFor(newMail, (states) => states[0] === 'completed', 60_000)).toEqual(['completed']);
    expect(await managerMails()).toBe(mailedBefore + 1);
  }, 180_000);
});
