import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/test-app';
import { jobWakeups, WAKEUP_CHANNEL, type JobWakeups } from './job-wakeups';
import { startQueue, type JobQueue } from './queue';

const QUEUE = 'wakeup-test';
/** Far beyond the test's waits: once idle, only a wake-up makes the worker fetch again. */
const POLLING_SECONDS = 3600;

interface JobProcess {
  queue: JobQueue;
  wakeups: JobWakeups;
}

let context: TestContext;
const processes: JobProcess[] = [];

beforeAll(async () => {
  context = await createTestContext();
});

afterAll(async () => {
  for (const { queue, wakeups } of processes) {
    await wakeups.stop();
    await queue.stop({ graceful: false });
  }
  await context.close();
});

/** A process's job side as `startJobs` builds it: pg-boss (no maintenance, no schedules) and its wake-ups. */
async function startProcess(): Promise<JobProcess> {
  const queue = await startQueue(context.connectionString, false);
  await queue.createQueue(QUEUE);
  const started = { queue, wakeups: jobWakeups(queue, context.connectionString, () => undefined) };
  processes.push(started);
  return started;
}

/** Waits for `done`, checked every 20 ms, for at most 10 s. */
async function until(done: () => Promise<boolean> | boolean): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline && !(await done())) await sleep(20);
}

/** The database's connections listening on the wake-up channel. */
async function listeners(): Promise<number> {
  const { rows } = await processes[0]!.queue
    .getDb()
    .executeSql(
      `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND query = $1`,
      [`LISTEN ${WAKEUP_CHANNEL}`],
    );
  return (rows as { n: number }[])[0]!.n;
}

/** Works QUEUE in `process` with an hour's polling; returns the labels of the jobs taken, in order. */
async function work(process: JobProcess): Promise<string[]> {
  const taken: string[] = [];
  const id = await process.queue.work<{ label: string }>(
    QUEUE,
    { batchSize: 1, pollingIntervalSeconds: POLLING_SECONDS },
    async ([job]) => void (job && taken.push(job.data.label)),
  );
  process.wakeups.register(QUEUE, [id]);
  return taken;
}

async function send(process: JobProcess, label: string): Promise<void> {
  await process.queue.send(QUEUE, { label });
  await process.wakeups.sent(QUEUE);
}

describe('job wake-ups', () => {
  it('a job sent by another process (which never listens) is taken by an idle worker at once, each time', async () => {
    const worker = await startProcess();
    const api = await startProcess();
    const taken = await work(worker);
    await until(async () => (await listeners()) === 1);
    expect(await listeners()).toBe(1);

    // The first may be taken by the fetch that follows the connection (a wake of every queue); the second only
    // by the notification.
    await send(api, 'primeira');
    await until(() => taken.length === 1);
    await send(api, 'segunda');
    await until(() => taken.length === 2);
    expect(taken).toEqual(['primeira', 'segunda']);
    // The sending process registered no worker, so it opened no connection of its own.
    expect(await listeners()).toBe(1);

    await worker.wakeups.stop();
    await until(async () => (await listeners()) === 0);
    expect(await listeners()).toBe(0);
    await worker.queue.offWork(QUEUE);
  });

  it('a job sent in the process that works the queue is taken at once without the notification', async () => {
    const own = await startProcess();
    // Stopped first: only the local wake-up (pg-boss's notifyWorker) is left.
    await own.wakeups.stop();
    const taken = await work(own);
    // The first may be taken by the worker's first fetch; the second only by a wake-up.
    await send(own, 'primeira');
    await until(() => taken.length === 1);
    await send(own, 'segunda');
    await until(() => taken.length === 2);
    expect(taken).toEqual(['primeira', 'segunda']);
  });
});
