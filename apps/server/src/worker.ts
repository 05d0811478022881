// First: on an unsupported Node this stops the process with a message, before the other modules load.
import './supported-node';
import { loadConfig, requireIntegrationKey, withServerSecret } from './config';
import { describeStartupFailure } from './startup/failure';
import { runWorker } from './worker-process';

async function start(): Promise<void> {
  const config = await withServerSecret(loadConfig({ ...process.env, ROLE: 'worker' }));
  requireIntegrationKey(config);
  await runWorker(config);
}

start().catch((error: unknown) => {
  // A worker listens on no HTTP port; the port only words an EADDRINUSE it will not meet.
  const failure = describeStartupFailure(error, { port: Number(process.env.PORT) || 3000 });
  if (failure.showStack) console.error(error);
  console.error(`[worker] Falha ao iniciar: ${failure.message}`);
  process.exit(failure.exitCode);
});
