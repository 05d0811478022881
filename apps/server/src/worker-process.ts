import type { AppConfig } from './config';
import { startInfrastructure } from './infrastructure';
import { startJobs } from './start-jobs';

const log = (message: string) => console.log(`[worker] ${message}`);

/**
 * A job worker process for scale-out (`npm run worker`, or `ROLE=worker npm start`): the same queues as the
 * server, no HTTP. It runs the ingests, AI runs, ERP synchronisations, e-mails, imports, exports and storage
 * sweeps that `ROLE=api` processes only send.
 */
export async function runWorker(config: AppConfig): Promise<void> {
  const infra = await startInfrastructure(config, log);
  const jobs = await startJobs(infra, log, { work: true });
  log(`E-mails: ${jobs.mailer.destination}`);
  log('pronto; aguardando tarefas.');
  const stop = async () => {
    await jobs.stop().catch(() => undefined);
    await infra.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
}
