import { afterAll, beforeAll, expect, it } from 'vitest';
import { SCENE_INGEST_QUEUE } from '../src/features/scenes/scenes.jobs';
import { factories } from './factories';
import { syntheticGeoTiff } from './geotiff-fixtures';
import { multipartBody } from './multipart';
import { roleProcesses, type RoleProcesses } from './role-processes';
import { waitFor } from './server-process';
import { bearer, createTestContext, type TestContext } from './test-app';

let context: TestContext;
let processes: RoleProcesses;

beforeAll(async () => {
  context = await createTestContext();
  processes = roleProcesses(context);
});

afterAll(async () => {
  await processes?.stop();
  await context.close();
});

async function ingestJobStates(): Promise<string[]> {
  const { rows } = await processes.running[0]!.queue.getDb().executeSql(
    'SELECT state FROM pgboss.job WHERE name = $1',
    [SCENE_INGEST_QUEUE],
  );
  return (rows as { state: string }[]).map((row) => row.state);
}

async function sceneStatus(id: number): Promise<string> {
  const row = await context.db
    .selectFrom('scenes')
    .select('status')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return row.status;
}

it('ROLE=api only enqueues: an upload waits queued until a worker process runs its ingest', async () => {
  const { jobs: api, app: apiApp } = await processes.startApi();
  const make = factories(context);
  const project = await make.buildProject();
  const admin = await make.signIn(await make.buildUser('ADMIN'));
  const body = multipartBody({ project: String(project.id), date: '2026-03-02' }, [
    { name: 'file', filename: 'cena.tif', content: syntheticGeoTiff({ width: 200, height: 200 }).bytes },
  ]);
  const upload = await apiApp.inject({
    method: 'POST',
    url: '/api/v1/scene',
    headers: { ...bearer(admin), ...body.headers },
    payload: body.payload,
  });
  expect(upload.statusCode, upload.body).toBe(200);
  const sceneId = (upload.json() as { id: number }).id;

  // The API's own pg-boss as the clock: a probe queue it works with pg-boss's default 2 s poll (the scene-ingest
  // queue's) takes a second probe job a whole poll after the first. A process that worked the scene-ingest queue
  // would have taken the upload's job by then (at once when woken, at the latest on its next poll).
  const PROBE_QUEUE = 'process-roles-probe';
  await api.queue.createQueue(PROBE_QUEUE);
  let probesTaken = 0;
  await api.queue.work(PROBE_QUEUE, () => {
    probesTaken++;
    return Promise.resolve();
  });
  for (let probe = 1; probe <= 2; probe++) {
    await api.queue.send(PROBE_QUEUE, {});
    expect(
      await waitFor(
        () => Promise.resolve(probesTaken),
        (taken) => taken >= probe,
        30_000,
        50,
      ),
    ).toBe(probe);
  }
  await api.queue.offWork(PROBE_QUEUE);
  expect(await ingestJobStates()).toEqual(['created']);
  expect(await sceneStatus(sceneId)).toBe('queued');
  const schedules = await api.queue.getSchedules();
  expect(schedules).toEqual([]);

  const worker = await processes.startWorker();
  const status = await waitFor(
    () => sceneStatus(sceneId),
    (value) => value === 'ready' || value === 'failed',
    60_000,
    250,
  );
  expect(status).toBe('ready');
  // The job's handler marks the scene ready; pg-boss completes the job just after it returns.
  expect(await waitFor(ingestJobStates, (states) => states.join() === 'completed', 30_000, 100)).toEqual([
    'completed',
  ]);
  // The worker registers the schedules, in the database: every worker shares them (the alerts' digest twice:
  // daily and weekly).
  const names = (await worker.queue.getSchedules()).map((schedule) => schedule.name).sort();
  expect(names).toEqual([
    'alert-digest',
    'alert-digest',
    'alert-scan',
    'integration-sync-tick',
    'overlay-abandoned-uploads',
    'report-schedules-tick',
    'storage-sweep',
  ]);
}, 90_000);
