import os from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
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
import { recordFigures } from './figures';
import { FUZZ_CENTRE, seededRandom } from './geometry-fuzz';
import { uploadScene } from './traffic';

/** How many processes are killed (20); KILLS overrides. */
const KILLS = Number(process.env.KILLS ?? 20);
const SEED = Number(process.env.KILL_SEED ?? Date.now() % 1_000_000);
/** Lots per imported file: enough that the import takes a while to write. */
const LOTS_PER_IMPORT = 300;

let base: ClusterBase;
const apis: { port: number; process: ServerProcess }[] = [];
let worker: WorkerProcess;
let projectId: number;

beforeAll(async () => {
  base = await startClusterBase();
  for (let i = 0; i < 2; i++) {
    const port = await freePort();
    apis.push({ port, process: await startApi(base, port) });
  }
  worker = await startWorker(base);
  projectId = await demoAllotmentId(base);
}, 300_000);

afterAll(async () => {
  for (const process of [worker, ...apis.map((api) => api.process)]) {
    if (process) await stopProcess(process, 'SIGTERM');
  }
  await base?.close();
});

/** A GeoJSON of `LOTS_PER_IMPORT` square lots of block `block`, in a row of its own. */
function lotsFile(block: string, row: number): Blob {
  const size = 0.0001;
  const features = Array.from({ length: LOTS_PER_IMPORT }, (_, i) => {
    const [x, y] = [FUZZ_CENTRE[0] + i * size * 1.2, FUZZ_CENTRE[1] - 0.01 - row * size * 1.5];
    return {
      type: 'Feature',
      properties: { quadra: block, lote: String(i + 1) },
      geometry: {
        type: 'Polygon',
        coordinates: [
          [
            [x, y],
            [x + size, y],
            [x + size, y + size],
            [x, y + size],
            [x, y],
          ],
        ],
      },
    };
  });
  return new Blob([JSON.stringify({ type: 'FeatureCollection', features })]);
}

async function importLots(baseUrl: string, token: string, block: string, row: number): Promise<number> {
  const form = new FormData();
  form.append('file', lotsFile(block, row), 'lotes.geojson');
  const response = await fetch(`${baseUrl}/api/v1/project/${projectId}/layers/import`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  await response.text();
  return response.status;
}

const sceneTiff = () =>
  syntheticGeoTiff({ width: 1024, height: 1024, origin: SYNTHETIC_ORIGINS.demoAllotment }).bytes;

const dateOf = (round: number) => new Date(Date.UTC(2027, 0, 1 + round)).toISOString().slice(0, 10);

async function sceneState(id: number): Promise<string> {
  const { rows } = await base.db.query<{ status: string }>('SELECT status FROM scenes WHERE id = $1', [id]);
  return rows[0]?.status ?? 'missing';
}

async function detectionState(id: number): Promise<string> {
  const { rows } = await base.db.query<{ state: string }>(
    'SELECT processing_state AS state FROM detections WHERE id = $1',
    [id],
  );
  return rows[0]?.state ?? 'missing';
}

/** Polls every 50 ms (for at most 60 s), so that a kill can land while the work runs. */
async function pollUntil(read: () => Promise<string>, done: (value: string) => boolean): Promise<string> {
  let value = await read();
  for (let waited = 0; waited < 60_000 && !done(value); waited += 50) {
    await sleep(50);
    value = await read();
  }
  return value;
}

interface Round {
  round: number;
  kind: 'import' | 'upload' | 'ingest' | 'ai';
  killed: string;
  /** When the kill came, ms after the work started (or what the work was doing then). */
  killAt: string;
  acknowledged: boolean;
  restartMs: number;
  load1: number;
}

// The one home of "no acknowledged write is lost when a process is killed with kill -9 while writes are under way";
// process/crash-recovery.process.test.ts proves what only the single-process deployment adds (its restart over
// the postmaster a kill -9 leaves running, with the committed data).
describe('kill -9 of API and worker processes during imports, uploads, ingests and AI runs', () => {
  it(`loses no acknowledged write, leaves no half import and finishes every job after ${KILLS} kills`, async () => {
    const random = seededRandom(SEED);
    const rounds: Round[] = [];
    const imports: { block: string; acknowledged: boolean }[] = [];
    const scenes: { id: number; acknowledged: boolean }[] = [];
    const detections: number[] = [];
    const liveApi = (avoid?: number) => apis.find((_, i) => i !== avoid)!;
    const token = async (api: { process: ServerProcess }) => signIn(api.process.baseUrl);
    const kinds = ['upload', 'import', 'ingest', 'ai'] as const;
    const started = Date.now();

    for (let round = 0; round < KILLS; round++) {
      const kind = kinds[round % kinds.length]!;
      const load1 = Number(os.loadavg()[0]!.toFixed(2));
      let killed: string;
      let killAt: string;
      let acknowledged: boolean;
      let restartMs: number;
      if (kind === 'import' || kind === 'upload') {
        // API A for rounds 0–3, B for 4–7, …: both are killed.
        const index = Math.floor(round / 4) % 2;
        const api = apis[index]!;
        const apiToken = await token(api);
        const delay = Math.floor(random() * (kind === 'import' ? 1500 : 700));
        const block = `K9-${round}`;
        const date = dateOf(round);
        const work =
          kind === 'import'
            ? importLots(api.process.baseUrl, apiToken, block, round).then((status) => status === 200)
            : uploadScene(api.process.baseUrl, apiToken, projectId, date, sceneTiff()).then((id) => {
                scenes.push({ id, acknowledged: true });
                return true;
              });
        const settled = work.catch(() => false);
        await sleep(delay);
        await stopProcess(api.process, 'SIGKILL');
        acknowledged = await settled;
        killed = `API ${index === 0 ? 'A' : 'B'}`;
        killAt = `${delay} ms`;
        if (kind === 'import') imports.push({ block, acknowledged });
        const t0 = Date.now();
        api.process = await startApi(base, api.port);
        restartMs = Date.now() - t0;
      } else if (kind === 'ingest') {
        const api = liveApi();
        const id = await uploadScene(
          api.process.baseUrl,
          await token(api),
          projectId,
          dateOf(round),
          sceneTiff(),
        );
        scenes.push({ id, acknowledged: true });
        acknowledged = true;
        const state = await pollUntil(
          () => sceneState(id),
          (s) => s !== 'queued',
        );
        await sleep(Math.floor(random() * 300));
        killAt = `ingest ${state}, then ${await sceneState(id)}`;
        await stopProcess(worker, 'SIGKILL');
        killed = 'worker';
        const t0 = Date.now();
        worker = await startWorker(base);
        restartMs = Date.now() - t0;
      } else {
        const api = liveApi();
        const apiToken = await token(api);
        const headers = { authorization: `Bearer ${apiToken}`, 'content-type': 'application/json' };
        // A scene acknowledged, ingested and with no analysis yet.
        const ready = await waitFor(
          async () =>
            (
              await base.db.query<{ id: number }>(
                `SELECT s.id FROM scenes s WHERE s.project_id = $1 AND s.status = 'ready'
                  AND NOT EXISTS (SELECT 1 FROM detections d WHERE d.scene_id = s.id) ORDER BY s.id LIMIT 1`,
                [projectId],
              )
            ).rows[0]?.id,
          (id) => id !== undefined,
          240_000,
        );
        expect(ready, 'uma imagem pronta para a análise').toBeDefined();
        const created = await fetch(`${api.process.baseUrl}/api/v1/detection`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ projectId, sceneId: ready }),
        });
        expect(created.status, await created.clone().text()).toBe(200);
        const detectId = ((await created.json()) as { id: number }).id;
        const queued = await fetch(`${api.process.baseUrl}/api/v1/detections/process-ai`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ detect_id: [detectId] }),
        });
        expect(queued.status, await queued.clone().text()).toBe(200);
        detections.push(detectId);
        acknowledged = true;
        const state = await pollUntil(
          () => detectionState(detectId),
          (s) => s !== 'queued' && s !== 'idle',
        );
        await sleep(Math.floor(random() * 200));
        killAt = `AI ${state}, then ${await detectionState(detectId)}`;
        await stopProcess(worker, 'SIGKILL');
        killed = 'worker';
        const t0 = Date.now();
        worker = await startWorker(base);
        restartMs = Date.now() - t0;
      }
      rounds.push({ round, kind, killed, killAt, acknowledged, restartMs, load1 });
    }
    const killsDoneMs = Date.now() - started;

    // Scenes whose upload was cut by the kill: some were stored before the process died.
    const { rows: allScenes } = await base.db.query<{ id: number }>(
      'SELECT id FROM scenes WHERE project_id = $1',
      [projectId],
    );
    const sceneIds = allScenes.map((scene) => scene.id);
    const recovery0 = Date.now();
    const states = await waitFor(
      async () => ({
        scenes: await Promise.all(sceneIds.map(sceneState)),
        detections: await Promise.all(detections.map(detectionState)),
      }),
      (s) =>
        s.scenes.every((state) => state === 'ready' || state === 'failed') &&
        s.detections.every((state) => state === 'done' || state === 'failed'),
      480_000,
    );
    const recoveryMs = Date.now() - recovery0;
    const { rows: jobs } = await base.db.query<{ name: string; state: string; n: string }>(
      `SELECT name, state, count(*) AS n FROM pgboss.job WHERE name IN ('scene-ingest', 'detections-process')
        GROUP BY name, state ORDER BY name, state`,
    );
    const importCounts = await Promise.all(
      imports.map(async (entry) => ({
        ...entry,
        lots: Number(
          (
            await base.db.query<{ n: string }>(
              'SELECT count(*) AS n FROM layers WHERE project_id = $1 AND block = $2',
              [projectId, entry.block],
            )
          ).rows[0]!.n,
        ),
      })),
    );
    const failedScenes = await base.db.query<{ id: number; error: string | null }>(
      `SELECT id, error_message AS error FROM scenes WHERE project_id = $1 AND status <> 'ready'`,
      [projectId],
    );
    await recordFigures('kill-nine', {
      seed: SEED,
      kills: rounds.length,
      apiKills: rounds.filter((round) => round.killed.startsWith('API')).length,
      workerKills: rounds.filter((round) => round.killed === 'worker').length,
      killsDoneSeconds: Math.round(killsDoneMs / 1000),
      recoverySeconds: Math.round(recoveryMs / 1000),
      rounds,
      imports: importCounts,
      scenes: { rows: sceneIds.length, acknowledged: scenes.length, notReady: failedScenes.rows },
      detections: { acknowledged: detections.length, states: states.detections },
      jobs,
    });

    for (const entry of importCounts) {
      // All or nothing; everything when the answer was 200.
      expect([0, LOTS_PER_IMPORT], entry.block).toContain(entry.lots);
      if (entry.acknowledged) expect(entry.lots, entry.block).toBe(LOTS_PER_IMPORT);
    }
    for (const scene of scenes) expect(sceneIds).toContain(scene.id);
    expect(failedScenes.rows).toEqual([]);
    expect(states.detections.every((state) => state === 'done')).toBe(true);
    const unfinished = jobs.filter((job) => ['created', 'retry', 'active'].includes(job.state));
    expect(unfinished).toEqual([]);
    // The cluster still serves after it all.
    for (const api of apis) expect((await fetch(`${api.process.baseUrl}/api/v1/health`)).status).toBe(200);
  }, 1_500_000);
});
