import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TASK_INTERRUPTED_APPLIED_MESSAGE, TASK_INTERRUPTED_MESSAGE } from '../../src/jobs/task-liveness';
import {
  demoAllotmentId,
  freePort,
  signIn,
  startApi,
  startClusterBase,
  startWorker,
  stopProcess,
  type ClusterBase,
  type ServerProcess,
  type WorkerProcess,
} from './cluster';
import { FUZZ_CENTRE } from './geometry-fuzz';

/** Lots per import: enough that the worker is still importing when it is killed. */
const LOTS = 1500;

let base: ClusterBase;
let api: ServerProcess;
let worker: WorkerProcess;
let projectId: number;

beforeAll(async () => {
  base = await startClusterBase();
  api = await startApi(base, await freePort());
  worker = await startWorker(base);
  projectId = await demoAllotmentId(base);
}, 300_000);

afterAll(async () => {
  for (const process of [worker, api]) if (process) await stopProcess(process, 'SIGTERM');
  await base?.close();
});

function lotsFile(block: string): Blob {
  const size = 0.0001;
  const features = Array.from({ length: LOTS }, (_, i) => {
    const [x, y] = [
      FUZZ_CENTRE[0] + (i % 100) * size * 1.2,
      FUZZ_CENTRE[1] - 0.02 - Math.floor(i / 100) * size * 1.5,
    ];
    const ring = [
      [x, y],
      [x + size, y],
      [x + size, y + size],
      [x, y + size],
      [x, y],
    ];
    return {
      type: 'Feature',
      properties: { quadra: block, lote: String(i + 1) },
      geometry: { type: 'Polygon', coordinates: [ring] },
    };
  });
  return new Blob([JSON.stringify({ type: 'FeatureCollection', features })]);
}

async function importLots(token: string, block: string): Promise<{ status: number; body: unknown }> {
  const form = new FormData();
  form.append('file', lotsFile(block), 'lotes.geojson');
  const response = await fetch(`${api.baseUrl}/api/v1/project/${projectId}/layers/import`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  return { status: response.status, body: await response.json() };
}

const lastImportState = async () =>
  (
    await base.db.query<{ state: string }>(
      `SELECT state FROM pgboss.job WHERE name = 'layer-import' ORDER BY created_on DESC LIMIT 1`,
    )
  ).rows[0]?.state ?? 'none';

const lotsOf = async (block: string) =>
  Number(
    (
      await base.db.query<{ n: string }>(
        'SELECT count(*) AS n FROM layers WHERE project_id = $1 AND block = $2',
        [projectId, block],
      )
    ).rows[0]!.n,
  );

describe('a worker killed (kill -9) while it runs an import', () => {
  it('the waiting API fails the job and answers 503 within seconds (not at the 15-min expiry), saying whether the import was applied, truthfully; a restarted worker then imports', async () => {
    const token = await signIn(api.baseUrl);
    const answer = importLots(token, 'MORTE');
    // Polled every 50 ms, so that the kill lands while the worker imports.
    let state = await lastImportState();
    for (let waited = 0; waited < 60_000 && (state === 'none' || state === 'created'); waited += 50) {
      await sleep(50);
      state = await lastImportState();
    }
    expect(state).toBe('active');
    await stopProcess(worker, 'SIGKILL');
    const { status, body } = await answer;
    expect(status, JSON.stringify(body)).toBe(503);
    const { code, message } = body as { code: string; message: string };
    expect(code).toBe('WORKERS_UNAVAILABLE');
    expect([TASK_INTERRUPTED_MESSAGE, TASK_INTERRUPTED_APPLIED_MESSAGE]).toContain(message);
    // The message tells the truth: nothing written, or the whole file.
    expect(await lotsOf('MORTE')).toBe(message === TASK_INTERRUPTED_MESSAGE ? 0 : LOTS);
    expect(await lastImportState()).toBe('failed');

    worker = await startWorker(base);
    const again = await importLots(token, 'DEPOIS');
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(await lotsOf('DEPOIS')).toBe(LOTS);
  }, 240_000);
});
