// Starts the real server on a fresh data folder for the browser tests (Playwright's webServer).
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// E2E_PORT lets two runs share the machine; each port gets its own data folder and database port.
const port = Number(process.env.E2E_PORT ?? 3100);
const dataDir = path.join(root, port === 3100 ? 'data-e2e' : `data-e2e-${port}`);

// A postmaster left by an earlier, interrupted run still holds the old folder and port: stop it first.
const pidFile = path.join(dataDir, 'postgres', 'postmaster.pid');
if (existsSync(pidFile)) {
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
rmSync(dataDir, { recursive: true, force: true });

// node itself (not npx) so that our SIGTERM reaches the server, which then stops its PostgreSQL.
const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
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

const stop = (signal) => {
  if (!server.killed) server.kill(signal);
};
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
server.on('exit', (code) => process.exit(code ?? 0));
