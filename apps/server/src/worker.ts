// First: on an unsupported Node this stops the process with a message, before the other modules load.
import './supported-node';
import { loadConfig, requireIntegrationKey } from './config';
import { runWorker } from './worker-process';

const config = loadConfig({ ...process.env, ROLE: 'worker' });
requireIntegrationKey(config);
runWorker(config).catch((error: unknown) => {
  console.error('[worker] Falha ao iniciar:', error);
  process.exit(1);
});
