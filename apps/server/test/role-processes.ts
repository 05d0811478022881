import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import type { RunningInfrastructure } from '../src/infrastructure';
import { startJobs, type RunningJobs } from '../src/start-jobs';
import { createMailer } from '../src/mail/mailer';
import { createLocalStorage } from '../src/storage/local-storage';
import type { Storage } from '../src/storage/storage';
import type { TestContext } from './test-app';

/**
 * The processes of a deployment (ROLE=api beside ROLE=worker, or ROLE=all) inside one test: each "process" is its own
 * job runtime (pg-boss) over the test context's database and folders, as main.ts would start it.
 */
export interface RoleProcesses {
  /** The infrastructure of the API process (role 'api'). */
  infra: RunningInfrastructure;
  /** Every job runtime started so far, the API's first when it has one; stopped by `stop`. */
  running: RunningJobs[];
  /** Starts the API process: its jobs only enqueue (work: false), and its app answers the routes. */
  startApi: () => Promise<{ jobs: RunningJobs; app: FastifyInstance }>;
  /** Starts a process of both roles (ROLE=all, the default): it works the queues and its app answers the routes. */
  startAll: () => Promise<{ jobs: RunningJobs; app: FastifyInstance }>;
  /** Starts a worker process (role 'worker'), which works the queues; `storage` replaces the shared folder's. */
  startWorker: (storage?: Storage) => Promise<RunningJobs>;
  /** Closes the apps and stops every job runtime, without waiting for their jobs to end. */
  stop: () => Promise<void>;
}

export function roleProcesses(context: TestContext): RoleProcesses {
  const infra: RunningInfrastructure = {
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
  const running: RunningJobs[] = [];
  const apps: FastifyInstance[] = [];
  return {
    infra,
    running,
    async startApi() {
      const jobs = await startJobs(infra, () => undefined, { work: false });
      running.push(jobs);
      const app = await buildApp(infra, jobs.services, { serveWeb: false });
      apps.push(app);
      return { jobs, app };
    },
    async startAll() {
      const all = { ...infra, config: { ...infra.config, role: 'all' as const } };
      const jobs = await startJobs(all, () => undefined, { work: true });
      running.push(jobs);
      const app = await buildApp(all, jobs.services, { serveWeb: false });
      apps.push(app);
      return { jobs, app };
    },
    async startWorker(storage = infra.storage) {
      const jobs = await startJobs(
        { ...infra, storage, config: { ...infra.config, role: 'worker' } },
        () => undefined,
      );
      running.push(jobs);
      return jobs;
    },
    async stop() {
      for (const app of apps) await app.close();
      for (const jobs of running) await jobs.stop({ graceful: false });
    },
  };
}
