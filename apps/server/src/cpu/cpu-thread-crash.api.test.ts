import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crashesOf } from '../../test/crashing-cpu-tasks';
import { factories } from '../../test/factories';
import { syntheticGeoTiff } from '../../test/geotiff-fixtures';
import { createTestContext, type TestContext } from '../../test/test-app';
import { sceneIngestJobs, SCENE_INGEST_QUEUE } from '../features/scenes/scenes.jobs';
import { jobWakeups, type JobWakeups } from '../jobs/job-wakeups';
import { startQueue, type JobQueue } from '../jobs/queue';
import { createMailer } from '../mail/mailer';
import { createServices, type Services } from '../services';
import { createLocalStorage } from '../storage/local-storage';
import { createCpuPool, CpuThreadDiedError, type CpuPool } from './cpu-pool';

// A scene ingest whose CPU-pool thread dies is failed like any failed job and retried by pg-boss (retryLimit 1):
// the next thread tiles it; a scene whose every try crashes ends failed with its message, never stuck. An AI run
// whose thread dies ends failed with a message (AI runs are not retried), never processing.

let context: TestContext;
let queue: JobQueue;
let wakeups: JobWakeups;
let ingest: ReturnType<typeof sceneIngestJobs>;
let pool: CpuPool;
let services: Services;

beforeAll(async () => {
  context = await createTestContext();
  queue = await startQueue(context.connectionString, false);
  wakeups = jobWakeups(queue, context.connectionString, () => undefined);
  ingest = sceneIngestJobs(queue, wakeups);
  await ingest.create();
  pool = createCpuPool({
    threads: 1,
    tasksModule: new URL('../../test/crashing-cpu-tasks.ts', import.meta.url).href,
  });
  services = createServices(
    {
      config: context.config,
      db: context.db,
      mailer: createMailer({
        smtpUrl: context.config.smtpUrl,
        outboxDir: path.join(context.config.dataDir, 'outbox'),
        from: context.config.mailFrom,
      }),
      storage: createLocalStorage(context.config.storageDir),
    },
    {
      cpu: pool,
      dispatch: { sceneIngest: ingest.enqueue, detectionsProcess: async () => undefined },
    },
  );
  await ingest.work(services.scenes);
});

afterAll(async () => {
  await ingest.stop();
  await wakeups.stop();
  await queue.stop({ graceful: false });
  await pool.close();
  await context.close();
});

/** The scene's row and its pg-boss job once the job has ended (completed or failed), within 60 s. */
async function whenJobEnded(sceneId: number) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const { rows } = await queue
      .getDb()
      .executeSql(
        `SELECT state, retry_count AS "retryCount" FROM pgboss.job WHERE name = $1 AND (data->>'sceneId')::int = $2`,
        [SCENE_INGEST_QUEUE, sceneId],
      );
    const job = (rows as { state: string; retryCount: number }[])[0];
    if (job && (job.state === 'completed' || job.state === 'failed')) {
      const scene = await context.db
        .selectFrom('scenes')
        .select(['status', 'errorMessage', 'originalKey'])
        .where('id', '=', sceneId)
        .executeTakeFirstOrThrow();
      return { job, scene };
    }
    if (Date.now() > deadline) throw new Error(`ingest job of scene ${sceneId}: ${JSON.stringify(job)}`);
    await sleep(100);
  }
}

async function sendScene(name: string, date: string): Promise<number> {
  const make = factories(context);
  const project = await make.buildProject();
  const file = path.join(context.config.dataDir, name);
  await writeFile(file, syntheticGeoTiff().bytes);
  const scene = await services.scenes.ingestLocalFile({ projectId: project.id, date, filePath: file });
  return scene.id;
}

const storedPath = (key: string) => path.join(context.config.storageDir, key);

describe('a CPU-pool thread that dies during an ingest', () => {
  it('fails the try and the retry tiles the scene on a new thread', async () => {
    const sceneId = await sendScene('crash-once.tif', '2026-01-10');
    const { job, scene } = await whenJobEnded(sceneId);
    expect(crashesOf(storedPath(scene.originalKey))).toBe(1);
    expect(job).toEqual({ state: 'completed', retryCount: 1 });
    expect(scene.status).toBe('ready');
  });

  it('leaves the scene failed with its message when every try dies, not processing', async () => {
    const sceneId = await sendScene('crash-always.tif', '2026-01-11');
    const { job, scene } = await whenJobEnded(sceneId);
    expect(crashesOf(storedPath(scene.originalKey))).toBe(2);
    expect(job).toEqual({ state: 'failed', retryCount: 1 });
    expect(scene).toMatchObject({ status: 'failed', errorMessage: 'Não foi possível processar a imagem.' });
  });
});

describe('a CPU-pool thread that dies during an AI run', () => {
  it('marks the analysis failed with a message, not processing', async () => {
    const make = factories(context);
    const project = await make.buildProject();
    await make.buildLayer(project.id, { type: 'LOT', name: 'Lote 1', block: 'A' });
    const file = path.join(context.config.dataDir, 'ai-scene.tif');
    await writeFile(file, syntheticGeoTiff().bytes);
    const scene = await services.scenes.ingestLocalFile({
      projectId: project.id,
      date: '2026-01-12',
      filePath: file,
      wait: true,
    });
    expect(scene.status).toBe('ready');
    const { originalKey } = await context.db
      .selectFrom('scenes')
      .select('originalKey')
      .where('id', '=', scene.id)
      .executeTakeFirstOrThrow();
    await writeFile(`${storedPath(originalKey)}.crash-ai`, '');
    const { id } = await context.db
      .insertInto('detections')
      .values({ projectId: project.id, sceneId: scene.id, beforeSceneId: null, processingError: null })
      .returning('id')
      .executeTakeFirstOrThrow();

    await expect(services.analyses.runProcessing(id)).rejects.toBeInstanceOf(CpuThreadDiedError);
    expect(crashesOf(storedPath(originalKey))).toBe(1);
    const analysis = await context.db
      .selectFrom('detections')
      .select(['processingState', 'processingError'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(analysis).toEqual({
      processingState: 'failed',
      processingError: 'O processamento foi interrompido inesperadamente; tente novamente.',
    });
  });
});
