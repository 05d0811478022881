import { readFileSync } from 'node:fs';
import { getPriority } from 'node:os';
import { Worker } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { niceBackgroundThreads } from './background-niceness';

const onLinux = process.platform === 'linux';

/** A worker thread that reports its kernel thread id and then waits to be ended. */
function startThread(): Promise<{ worker: Worker; tid: number }> {
  const worker = new Worker(
    `const { parentPort } = require('node:worker_threads');
     const tid = require('node:fs').readlinkSync('/proc/thread-self').split('/').pop();
     parentPort.postMessage(Number(tid));
     setInterval(() => undefined, 1000);`,
    { eval: true },
  );
  return new Promise((resolve) => worker.once('message', (tid: number) => resolve({ worker, tid })));
}

let worker: Worker | undefined;
afterEach(async () => {
  await worker?.terminate();
  worker = undefined;
});

describe.runIf(onLinux)('background threads at a lower priority than the event loop', () => {
  it('raises a worker thread to the given niceness and leaves the event loop’s thread as it was', async () => {
    const started = await startThread();
    worker = started.worker;
    const loopBefore = getPriority(process.pid);
    expect(readFileSync(`/proc/self/task/${started.tid}/comm`, 'utf8').trim()).toBe('WorkerThread');

    expect(niceBackgroundThreads(Math.max(loopBefore + 1, 5))).toBeGreaterThan(0);

    expect(getPriority(started.tid)).toBe(Math.max(loopBefore + 1, 5));
    expect(getPriority(process.pid)).toBe(loopBefore);
  });

  it('never lowers a thread already niced further', async () => {
    const started = await startThread();
    worker = started.worker;
    niceBackgroundThreads(15);
    niceBackgroundThreads(10);
    expect(getPriority(started.tid)).toBe(15);
  });
});
