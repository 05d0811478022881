// First: on an unsupported Node this stops the process with a message, before the other modules load.
import './supported-node';
import { loadConfig, requireIntegrationKey, withServerSecret } from './config';
import { runWorker } from './worker-process';

async function start(): Promise<void> {
  const config = await withServerSecret(loadConfig({ ...process.env, ROLE: 'worker' }));
  requireIntegrationKey(config);
  await runWorker(config);
}

start().catch((error: unknown) => {
  console.error('[worker] Falha ao iniciar:', error);
  process.exit(1);
});
