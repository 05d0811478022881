import pg from 'pg';

/** The PostgreSQL channel an API process notifies, with the queue's name, when it sends a request/response job. */
export const TASK_CHANNEL = 'mirante_remote_tasks';

/** How long a lost listening connection waits before it reconnects (the 0.5 s polling covers the gap). */
const RECONNECT_MS = 1_000;

export interface TaskWakeups {
  stop(): Promise<void>;
}

/**
 * Listens on `TASK_CHANNEL` on a dedicated connection and calls `wake` with each notified queue name, so a job an
 * API process sent is taken at once by every worker process, not at its next poll. A lost connection is
 * reopened after a second (and `wake` called for every queue then, in case a notification fell in the gap).
 */
export function listenForTasks(
  connectionString: string,
  wake: (queueName: string | undefined) => void,
  log: (message: string) => void,
): TaskWakeups {
  let client: pg.Client | undefined;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;

  const reconnect = () => {
    if (stopped || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      void connect();
    }, RECONNECT_MS);
  };

  const connect = async () => {
    const current = new pg.Client({ connectionString });
    client = current;
    current.on('notification', (message) => wake(message.payload));
    current.on('error', (error) => {
      log(`escuta de tarefas perdida: ${error.message}`);
      void current.end().catch(() => undefined);
      reconnect();
    });
    current.on('end', reconnect);
    try {
      await current.connect();
      await current.query(`LISTEN ${TASK_CHANNEL}`);
      if (stopped) await current.end();
      else wake(undefined);
    } catch (error) {
      log(`escuta de tarefas indisponível: ${(error as Error).message}`);
      void current.end().catch(() => undefined);
      reconnect();
    }
  };

  void connect();
  return {
    async stop() {
      stopped = true;
      clearTimeout(retry);
      await client?.end().catch(() => undefined);
    },
  };
}
