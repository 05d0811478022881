// Starts the real servers on fresh data folders for the browser tests (Playwright's webServer, or `npm test`
// before the tests): E2E_SERVERS of them (one per Playwright worker) on E2E_PORT, E2E_PORT + 1, …; prints
// E2E_SERVERS_READY once every one answers its health check AND has finished its start-up work (the demo's plan
// overlay, its first ERP sync: jobs that otherwise ran beside the first specs and took their CPU).
// With more than one server, the first one starts alone on an empty folder (database, migrations, demo seed and
// its start-up work: most of a start's CPU), is stopped once settled, and its folder is copied for the others: the
// rest start on a settled demo, in seconds. All of them share one INTEGRATION_KEY (the saved ERP credentials of the
// copied database must decrypt in every copy).
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const pg = createRequire(path.join(root, 'apps/server/package.json'))('pg');
/** The line main.ts prints once the demo's start-up tasks have ended or sent their jobs. */
const DEMO_TASKS_SENT = 'Tarefas de demonstração da inicialização enviadas.';
/** Past this, a server whose start-up work has not ended is reported and the tests start anyway. */
const SETTLE_LIMIT_MS = 300_000;
// E2E_PORT lets two runs share the machine; each port gets its own data folder and database port. The database's
// port is below Linux's ephemeral range (32768–60999), where the API tests, if run beside these, take
// free ports for their own servers.
const basePort = Number(process.env.E2E_PORT ?? 3100);
const databasePortFor = (port) => port + 25000;
const count = Math.max(1, Number(process.env.E2E_SERVERS ?? 1));
const dataFolderFor = (port) => (port === 3100 ? 'data-e2e' : `data-e2e-${port}`);
const integrationKey = process.env.INTEGRATION_KEY ?? randomBytes(32).toString('base64');

function stopStalePostmaster(dataDir) {
  // A postmaster left by an earlier, interrupted run still holds the old folder and port: stop it first.
  const pidFile = path.join(dataDir, 'postgres', 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  try {
    process.kill(pid, 'SIGINT');
    for (let i = 0; i < 100; i++) {
      process.kill(pid, 0);
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 100);
    }
  } catch {
    // gone
  }
}

function emptyFolderFor(port) {
  const dataDir = path.join(root, dataFolderFor(port));
  stopStalePostmaster(dataDir);
  rmSync(dataDir, { recursive: true, force: true });
  return dataDir;
}

function startServer(port) {
  const dataDir = path.join(root, dataFolderFor(port));
  // node itself (not npx) so that our SIGTERM reaches the server, which then stops its PostgreSQL.
  const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      EMBEDDED_PG_PORT: String(databasePortFor(port)),
      LOGIN_RATE_LIMIT: '1000',
      APP_URL: `http://localhost:${port}`,
      SMTP_URL: '',
      INTEGRATION_KEY: integrationKey,
      // The Mega and Sienge walks type the address of a simulator they start on 127.0.0.1: allowed as an
      // on-premise ERP would be (the demo's UAU simulator is allowed by the server itself).
      OUTBOUND_ALLOWED_HOSTS: '127.0.0.1',
      // The map screens' tests will need scenes; the foundation's don't, and rendering them costs CPU.
      DEMO_IMAGERY: process.env.E2E_DEMO_IMAGERY ?? '0',
      DEMO_DATA: '1',
      // The jobs the tests wait on keep Chromium's priority: niced, they would wait behind the other worker's
      // browser (the browser tests are CPU-bound) and the tests' waits would grow.
      CPU_NICENESS: '0',
    },
  });
  // Its output goes on to ours; the line that says the demo's tasks were sent is noted on the way.
  let tail = '';
  server.demoTasksSent = false;
  server.stdout.on('data', (chunk) => {
    process.stdout.write(chunk);
    tail = (tail + chunk.toString('utf8')).slice(-2 * DEMO_TASKS_SENT.length);
    if (tail.includes(DEMO_TASKS_SENT)) server.demoTasksSent = true;
  });
  return server;
}

const ports = Array.from({ length: count }, (_, index) => basePort + index);
let servers = [];
let stopping = false;
const stop = (signal) => {
  stopping = true;
  for (const server of servers)
    if (server.exitCode === null && server.signalCode === null) server.kill(signal);
};
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));

/** No job of the server's queue (pg-boss) running or due: the ERP sync, ingests and AI runs of the demo ended. */
async function queueIdle(port) {
  const client = new pg.Client(`postgres://mirante:mirante@127.0.0.1:${databasePortFor(port)}/mirante`);
  try {
    await client.connect();
    const { rows } = await client.query(
      `SELECT count(*)::int AS pending FROM pgboss.job
        WHERE state = 'active' OR (state IN ('created', 'retry') AND start_after <= now())`,
    );
    return rows[0].pending === 0;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function healthy(port) {
  try {
    return (await fetch(`http://localhost:${port}/api/v1/health`)).ok;
  } catch {
    return false;
  }
}

/** Settled: answering, its demo tasks sent, and its queue idle twice in a row (half a second apart). */
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
async function settle(group) {
  const idleChecks = new Map(group.map(({ port }) => [port, 0]));
  const since = Date.now();
  const waiting = new Set(group.map(({ port }) => port));
  while (waiting.size > 0 && Date.now() - since < SETTLE_LIMIT_MS) {
    await sleep(500);
    for (const { server, port } of group) {
      if (!waiting.has(port)) continue;
      if (server.exitCode !== null || server.signalCode !== null) {
        console.error(
          `[e2e] servidor ${port} saiu durante a inicialização (${server.exitCode ?? server.signalCode})`,
        );
        stop('SIGTERM');
        process.exit(1);
      }
      const settled = server.demoTasksSent && (await healthy(port)) && (await queueIdle(port));
      idleChecks.set(port, settled ? idleChecks.get(port) + 1 : 0);
      if (idleChecks.get(port) >= 2) waiting.delete(port);
    }
  }
  for (const port of waiting) {
    // Even unsettled, a server that answers is used: its tests then say what is missing.
    while (!(await healthy(port))) await sleep(500);
    console.error(
      `[e2e] servidor ${port}: tarefas de inicialização ainda em andamento após ${SETTLE_LIMIT_MS / 1000} s`,
    );
  }
}

const started = Date.now();
const folders = ports.map(emptyFolderFor);
if (count > 1) {
  // The first server builds and settles the demo alone; its stopped folder is the others' starting point.
  const first = startServer(ports[0]);
  servers = [first];
  await settle([{ server: first, port: ports[0] }]);
  const exited = new Promise((resolve) => first.once('exit', resolve));
  first.kill('SIGTERM');
  await exited;
  if (stopping) process.exit(1);
  // `cp -a` keeps the owner: as root, the embedded PostgreSQL runs as the 'postgres' user and owns its files.
  for (const folder of folders.slice(1)) {
    const copy = spawnSync('cp', ['-a', folders[0], folder], { stdio: 'inherit' });
    if (copy.status !== 0) throw new Error(`cópia de ${folders[0]} para ${folder} falhou`);
  }
  console.error(
    `[e2e] demonstração pronta em ${((Date.now() - started) / 1000).toFixed(1)} s; copiada para ${count - 1} servidor(es)`,
  );
}
servers = ports.map(startServer);
// One server gone (a crash, or the signal above) takes the others with it.
const exits = servers.map((server) => new Promise((resolve) => server.once('exit', resolve)));
void Promise.race(exits).then(async (code) => {
  stop('SIGTERM');
  await Promise.all(exits);
  process.exit(code ?? 0);
});
await settle(servers.map((server, index) => ({ server, port: ports[index] })));
console.log(`E2E_SERVERS_READY ${ports.join(' ')} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
