import { loadConfig, requireIntegrationKey } from './config';
import { startInfrastructure } from './infrastructure';
import { startJobs } from './jobs/start-jobs';

const log = (message: string) => console.log(`[worker] ${message}`);

/** A job worker process for scale-out: same queues as the server, no HTTP. */
async function main(): Promise<void> {
  const config = loadConfig();
  requireIntegrationKey(config);
  const infra = await startInfrastructure(config, log);
  const { queue } = await startJobs(infra, log);
  log('pronto; aguardando tarefas.');
  const stop = async () => {
    await queue.stop({ graceful: true, wait: true }).catch(() => undefined);
    await infra.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
}

void main();
