import { loadConfig, requireIntegrationKey } from './config';
import { runWorker } from './worker-process';

const config = loadConfig({ ...process.env, ROLE: 'worker' });
requireIntegrationKey(config);
runWorker(config).catch((error: unknown) => {
  console.error('[worker] Falha ao iniciar:', error);
  process.exit(1);
});
