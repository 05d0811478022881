import { loadConfig } from './config';
import { startInfrastructure } from './infrastructure';
import { registerAnalysisJobs } from './features/analyses/analyses.jobs';
import { registerSceneJobs } from './features/scenes/scenes.jobs';
import { startQueue } from './jobs/queue';
import { createServices } from './services';

/** A job worker process for scale-out: same queues as the server, no HTTP. */
async function main(): Promise<void> {
  const config = loadConfig();
  const infra = await startInfrastructure(config, (m) => console.log(`[worker] ${m}`));
  const queue = await startQueue(infra.connectionString);
  await registerSceneJobs(queue, createServices(infra).scenes, (m) => console.log(`[worker] ${m}`));
  const services = createServices(infra);
  services.analyses.setProcessor(services.detections.processor);
  await registerAnalysisJobs(queue, services.analyses);
  console.log('[worker] pronto; aguardando tarefas.');
  const stop = async () => {
    await queue.stop({ graceful: true, wait: true }).catch(() => undefined);
    await infra.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
}

void main();
