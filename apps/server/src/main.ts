// First: on an unsupported Node this stops the process with a message, before the other modules load.
import './supported-node';
import cluster from 'node:cluster';
import path from 'node:path';
import { APP_VERSION } from '@mirante/shared';
import { loadConfig, requireIntegrationKey, withServerSecret } from './config';
import { DEMO_ACCESS_TOKEN, DEMO_ACCOUNTS, DEMO_PASSWORD } from './features/demo/demo-accounts';
import { queueDemoAnalyses } from './features/demo/demo-analyses.loader';
import { loadDemoImagery } from './features/demo/demo-imagery.loader';
import { loadDemoOverlay } from './features/demo/demo-overlays.loader';
import { loadInitialData } from './features/demo/initial-data';
import { buildApp } from './app';
import { keepBackgroundThreadsNiced } from './cpu/background-niceness';
import { startInfrastructure, type RunningInfrastructure } from './infrastructure';
import { jobWakeups } from './jobs/job-wakeups';
import { startQueue, type JobQueue } from './jobs/queue';
import { startJobs } from './start-jobs';
import { mailJobs } from './mail/mail.jobs';
import { createServices } from './services';
import { describeStartupFailure } from './startup/failure';
import { probeHttpPort } from './startup/http-port';
import { STARTUP_REFUSED_EXIT_CODE } from './startup/refusal';
import { runWorker } from './worker-process';

const log = (message: string) => console.log(`[mirante] ${message}`);
/** Printed once the demo's start-up tasks (plan overlay, imagery) have ended or sent their jobs. */
const DEMO_TASKS_SENT = 'Tarefas de demonstração da inicialização enviadas.';

/** Demo data or the first ADMIN (see initial-data.ts); `sendDefinitionEmail` from the auth service. */
function initialData(
  infra: RunningInfrastructure,
  sendDefinitionEmail: (userId: number) => Promise<void>,
): Promise<boolean> {
  return loadInitialData({ db: infra.db, config: infra.config, sendDefinitionEmail, log });
}

function printDemoAccounts(appUrl: string): void {
  log('Contas de demonstração (senha de todas: ' + DEMO_PASSWORD + '):');
  for (const account of DEMO_ACCOUNTS) log(`  ${account.email.padEnd(28)} ${account.description}`);
  log(`  Entrar por token: ${appUrl}/?token=${DEMO_ACCESS_TOKEN}`);
}

/**
 * Cluster primary: owns the database (embedded PostgreSQL when no DATABASE_URL) and the demo seed, then forks
 * the HTTP workers, which connect to it through DATABASE_URL; a worker that dies is replaced.
 */
async function runPrimary(workers: number): Promise<void> {
  const config = await withServerSecret(loadConfig());
  requireIntegrationKey(config);
  log(`Mirante ${APP_VERSION} iniciando com ${workers} processos HTTP…`);
  const infra = await startInfrastructure(config, log, {
    beforeDatabase: () => probeHttpPort(config.port, config.host),
  });
  // The first ADMIN's e-mail goes through the mail-send queue like every other, delivered by a process that
  // works it (an HTTP worker below or `npm run worker`); this process only sends the job, and starts pg-boss
  // only when there is one to send (not on a restart, nor with the demo's accounts).
  let queue: JobQueue | undefined;
  const demo = await initialData(infra, async (userId) => {
    queue = await startQueue(infra.connectionString, false);
    // Its wake-up notifies the HTTP workers that work the queue; this process never listens.
    const mail = mailJobs(queue, jobWakeups(queue, infra.connectionString, log), infra.mailer);
    await mail.create();
    await createServices({ ...infra, mailer: mail.mailer }).auth.sendDefinitionEmail(userId);
  });
  await queue?.stop({ graceful: true });
  let stopping = false;
  const fork = (index: number) => {
    const worker = cluster.fork({
      DATABASE_URL: infra.connectionString,
      // Decided here (the workers see a DATABASE_URL, which alone would turn the demo off).
      DEMO_DATA: demo ? '1' : '0',
      MIRANTE_WORKER_INDEX: String(index),
    });
    worker.on('exit', (code) => {
      if (stopping) return;
      // It printed why (e.g. its port was taken meanwhile); a new one would fail the same way.
      if (code === STARTUP_REFUSED_EXIT_CODE) return void shutdown('Falha ao iniciar', code);
      log(`Processo HTTP ${index} saiu (código ${code}); reiniciando.`);
      fork(index);
    });
  };
  for (let index = 0; index < workers; index++) fork(index);
  const shutdown = async (signal: string, exitCode = 0) => {
    if (stopping) return;
    stopping = true;
    log(`${signal} recebido; encerrando…`);
    const exits = Object.values(cluster.workers ?? {}).map(
      (worker) => worker && new Promise((resolve) => worker.once('exit', resolve)),
    );
    for (const worker of Object.values(cluster.workers ?? {})) worker?.kill('SIGTERM');
    await Promise.all(exits);
    await infra.close().catch(() => undefined);
    process.exit(exitCode);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

/** One HTTP process; in a cluster only worker 0 prints the accounts and loads the demo imagery. */
async function main(): Promise<void> {
  const config = await withServerSecret(loadConfig());
  requireIntegrationKey(config);
  const leader = !cluster.isWorker || config.clusterWorkerIndex === 0;
  const stopNicing = keepBackgroundThreadsNiced(config.cpuNiceness);
  if (leader)
    log(`Mirante ${APP_VERSION} iniciando${config.role === 'api' ? ' (só HTTP; tarefas nos workers)' : ''}…`);
  // A cluster's HTTP processes share the port their primary checked.
  const infra = await startInfrastructure(config, log, {
    beforeDatabase: cluster.isWorker ? undefined : () => probeHttpPort(config.port, config.host),
  });
  // ROLE=api: this process only sends jobs; the workers (`npm run worker`) run them.
  const jobs = await startJobs(infra, log, { work: config.role !== 'api' });
  const { services, mailer } = jobs;
  // A cluster's HTTP processes were told by the primary, which looked at the database (DEMO_DATA).
  const demo = cluster.isWorker
    ? config.loadDemoData
    : await initialData(infra, (userId) => services.auth.sendDefinitionEmail(userId));
  const app = await buildApp({ ...infra, config: { ...config, demo } }, services, {
    logRequests: config.logRequests,
  });
  // The demo's ERP (a UAU simulator) lives in the leading HTTP process; the demo allotment is linked to it.
  const stopDemoErp =
    demo && leader
      ? await services.startDemoIntegration(log).catch((error: unknown) => {
          log(`Falha ao iniciar o ERP de demonstração: ${String(error)}`);
          return null;
        })
      : null;

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log(`${signal} recebido; encerrando…`);
    await app.close().catch(() => undefined);
    stopNicing();
    await stopDemoErp?.().catch(() => undefined);
    await jobs.stop().catch(() => undefined);
    await infra.close().catch(() => undefined);
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  if (!leader) return;
  log(
    `Banco de dados: ${config.databaseUrl ? 'externo (DATABASE_URL)' : 'PostgreSQL embutido em ' + config.dataDir}`,
  );
  log(`E-mails: ${mailer.destination}`);
  if (demo) printDemoAccounts(config.appUrl);
  log(`Pronto em ${config.appUrl}`);
  const demoWork: Promise<unknown>[] = [];
  if (demo)
    // The demo construction's plan overlay, converted in the background like an upload (once).
    demoWork.push(
      loadDemoOverlay(infra.db, services)
        .then((id) => id !== null && log('Planta de demonstração sobreposta ao Edifício Aurora.'))
        .catch((error: unknown) => log(`Falha ao carregar a planta de demonstração: ${String(error)}`)),
    );

  if (demo && config.loadDemoImagery) {
    // In the background: the product is usable at once and the scenes appear as their ingest jobs finish;
    // then the AI reads the demo allotment's scenes (its jobs), so the demo's lots show AI readings.
    const outDir = path.join(config.dataDir, 'demo-imagery');
    demoWork.push(
      loadDemoImagery(infra.db, services, { outDir, scale: config.demoImageryScale, log })
        .then((queued) => queued > 0 && log(`${queued} cenas de demonstração enviadas para processamento.`))
        .then(() => queueDemoAnalyses(infra.db, services, { outDir, log }))
        .then((queued) => queued > 0 && log(`${queued} análises de I.A das cenas de demonstração na fila.`))
        .catch((error: unknown) => log(`Falha ao carregar as imagens de demonstração: ${String(error)}`)),
    );
  }
  // What is left of the demo is in the job queue from here on; e2e/start-server.mjs waits for this line.
  if (demoWork.length > 0) void Promise.all(demoWork).then(() => log(DEMO_TASKS_SENT));
}

async function start(): Promise<void> {
  const config = loadConfig();
  if (config.role === 'worker') {
    const withSecret = await withServerSecret(config);
    requireIntegrationKey(withSecret);
    return runWorker(withSecret);
  }
  const workers = config.clusterWorkers;
  return workers > 1 && cluster.isPrimary ? runPrimary(workers) : main();
}

/** The HTTP port the failed start used, for its message (the configuration itself may be what failed). */
function configuredPort(): number {
  try {
    return loadConfig().port;
  } catch {
    return Number(process.env.PORT) || 3000;
  }
}

start().catch((error: unknown) => {
  const failure = describeStartupFailure(error, { port: configuredPort() });
  if (failure.showStack) console.error(error);
  console.error(`[mirante] Falha ao iniciar: ${failure.message}`);
  process.exit(failure.exitCode);
});
