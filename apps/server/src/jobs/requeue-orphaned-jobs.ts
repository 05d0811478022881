import type { JobQueue } from './queue';

/** Which rows of one queue need a job again, each row named by an integer field of its job's payload. */
export interface OrphanedWork {
  queue: string;
  /** The payload field holding the row's id (`sceneId`, `detectId`). */
  key: string;
  /** Rows whose worker stopped beating: their `active` job died with its process. */
  stalled: number[];
  /** Rows that should have a job and may never have got one (a crash between writing the row and sending). */
  unsent?: number[];
  send: (id: number) => Promise<void>;
}

interface QueuedJob {
  id: string;
  state: string;
  rowId: number;
}

/**
 * Resumes work a crash interrupted: cancels the orphaned `active` jobs of stalled rows and sends a new job for
 * each stalled row with none waiting, and for each unsent row with no job at all. Returns the ids sent. The
 * workers' claims make a duplicate harmless.
 */
export async function requeueOrphanedJobs(queue: JobQueue, work: OrphanedWork): Promise<number[]> {
  const unsent = work.unsent ?? [];
  const ids = [...work.stalled, ...unsent];
  if (ids.length === 0) return [];
  // pg-boss has no query by payload; its job table is documented (`pgboss.job`) and this reads it only.
  const { rows } = await queue.getDb().executeSql(
    `SELECT id, state, (data->>$2)::int AS "rowId" FROM pgboss.job
        WHERE name = $1 AND state IN ('created', 'retry', 'active') AND (data->>$2)::int = ANY($3::int[])`,
    [work.queue, work.key, ids],
  );
  const jobs = rows as QueuedJob[];
  const stalled = new Set(work.stalled);
  const orphaned = jobs.filter((job) => job.state === 'active' && stalled.has(job.rowId));
  if (orphaned.length > 0)
    await queue.cancel(
      work.queue,
      orphaned.map((job) => job.id),
    );
  const waiting = new Set(jobs.filter((job) => job.state !== 'active').map((job) => job.rowId));
  const running = new Set(jobs.filter((job) => job.state === 'active').map((job) => job.rowId));
  const toSend = [
    ...work.stalled.filter((id) => !waiting.has(id)),
    ...unsent.filter((id) => !stalled.has(id) && !waiting.has(id) && !running.has(id)),
  ];
  for (const id of toSend) await work.send(id);
  return toSend;
}

export interface RepeatedResume {
  /** Clears the timer and waits for a round under way (it uses the queue and the database being closed). */
  stop(): Promise<void>;
}

/**
 * Runs `resume` now and every `everySeconds` (a round still running skips the next); failures wait for the next
 * round (the database may be away). The timer is unref'd and ends with `stop`.
 */
export function repeatResume(
  resume: () => Promise<number>,
  everySeconds: number,
  report: (count: number) => void,
): RepeatedResume {
  let running: Promise<void> | undefined;
  const round = () => {
    if (running) return;
    running = resume()
      .then((count) => void (count > 0 && report(count)))
      .catch(() => undefined)
      .finally(() => (running = undefined));
  };
  round();
  const timer = setInterval(round, everySeconds * 1000).unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
