// Starts the real servers on fresh data folders for the browser tests (Playwright's webServer): E2E_SERVERS of
// them (one per Playwright worker) on E2E_PORT, E2E_PORT + 1, …, started at the same time; prints
// E2E_SERVERS_READY once every one answers its health check.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// E2E_PORT lets two runs share the machine; each port gets its own data folder and database port.
const basePort = Number(process.env.E2E_PORT ?? 3100);
const count = Math.max(1, Number(process.env.E2E_SERVERS ?? 1));
const dataFolderFor = (port) => (port === 3100 ? 'data-e2e' : `data-e2e-${port}`);

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

function startServer(port) {
  const dataDir = path.join(root, dataFolderFor(port));
  stopStalePostmaster(dataDir);
  rmSync(dataDir, { recursive: true, force: true });
  // node itself (not npx) so that our SIGTERM reaches the server, which then stops its PostgreSQL.
  return spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    stdio: 'inherit',
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      EMBEDDED_PG_PORT: String(port + 51239),
      LOGIN_RATE_LIMIT: '1000',
      APP_URL: `http://localhost:${port}`,
      SMTP_URL: '',
      // The map screens' tests will need scenes; the foundation's don't, and rendering them costs CPU.
      DEMO_IMAGERY: process.env.E2E_DEMO_IMAGERY ?? '0',
      DEMO_DATA: '1',
    },
  });
}

const ports = Array.from({ length: count }, (_, index) => basePort + index);
const servers = ports.map(startServer);

const stop = (signal) => {
  for (const server of servers) if (!server.killed) server.kill(signal);
};
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
// One server gone (a crash, or the signal above) takes the others with it.
const exits = servers.map((server) => new Promise((resolve) => server.once('exit', resolve)));
void Promise.race(exits).then(async (code) => {
  stop('SIGTERM');
  await Promise.all(exits);
  process.exit(code ?? 0);
});

async function healthy(port) {
  try {
    return (await fetch(`http://localhost:${port}/api/v1/health`)).ok;
  } catch {
    return false;
  }
}

const waiting = new Set(ports);
while (waiting.size > 0) {
  await new Promise((resolve) => setTimeout(resolve, 500));
  for (const port of [...waiting]) if (await healthy(port)) waiting.delete(port);
}
console.log(`E2E_SERVERS_READY ${ports.join(' ')}`);
