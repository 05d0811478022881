import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { SCENE_INGEST_QUEUE } from '../src/features/scenes/scenes.jobs';
import type { RunningInfrastructure } from '../src/infrastructure';
import { startJobs, type RunningJobs } from '../src/jobs/start-jobs';
import { createMailer } from '../src/mail/mailer';
import { createLocalStorage } from '../src/storage/local-storage';
import { factories } from './factories';
import { syntheticGeoTiff } from './geotiff-fixtures';
import { multipartBody } from './multipart';
import { bearer, createTestContext, type TestContext } from './test-app';

let context: TestContext;
let infra: RunningInfrastructure;
const running: RunningJobs[] = [];
let apiApp: FastifyInstance;

beforeAll(async () => {
  context = await createTestContext();
  infra = {
    config: { ...context.config, role: 'api' },
    db: context.db,
    connectionString: context.connectionString,
    storage: createLocalStorage(context.config.storageDir),
    mailer: createMailer({
      outboxDir: path.join(context.config.dataDir, 'outbox'),
      from: 'teste@mirante.test',
    }),
    close: () => Promise.resolve(),
  };
});

afterAll(async () => {
  await apiApp?.close();
  for (const jobs of running) await jobs.queue.stop({ graceful: false, wait: true });
  await context.close();
});

async function ingestJobStates(): Promise<string[]> {
  const { rows } = await running[0]!.queue
    .getDb()
    .executeSql('SELECT state FROM pgboss.job WHERE name = $1', [SCENE_INGEST_QUEUE]);
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
  const api = await startJobs(infra, () => undefined, { work: false });
  running.push(api);
  apiApp = await buildApp(infra, api.services, { serveWeb: false });
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

  // Several of pg-boss's 2 s polls: a process that worked the queue would have taken the job by now.
  await sleep(5_000);
  expect(await ingestJobStates()).toEqual(['created']);
  expect(await sceneStatus(sceneId)).toBe('queued');
  const schedules = await api.queue.getSchedules();
  expect(schedules).toEqual([]);

  const worker = await startJobs({ ...infra, config: { ...infra.config, role: 'worker' } }, () => undefined);
  running.push(worker);
  let status = await sceneStatus(sceneId);
  for (let waited = 0; waited < 60_000 && status !== 'ready' && status !== 'failed'; waited += 250) {
    await sleep(250);
    status = await sceneStatus(sceneId);
  }
  expect(status).toBe('ready');
  expect(await ingestJobStates()).toEqual(['completed']);
  // The worker registers the schedules, in the database: every worker shares them.
  const names = (await worker.queue.getSchedules()).map((schedule) => schedule.name).sort();
  expect(names).toEqual(['integration-sync-tick', 'overlay-abandoned-uploads', 'storage-sweep']);
}, 90_000);
