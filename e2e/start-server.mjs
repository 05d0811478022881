// Starts the real server on a fresh data folder for the browser tests (Playwright's webServer).
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// E2E_PORT lets two runs share the machine; each port gets its own data folder and database port.
const port = Number(process.env.E2E_PORT ?? 3100);
const dataDir = path.join(root, port === 3100 ? 'data-e2e' : `data-e2e-${port}`);
rmSync(dataDir, { recursive: true, force: true });

const server = spawn('npx', ['tsx', 'apps/server/src/main.ts'], {
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
  },
});

const stop = (signal) => {
  if (!server.killed) server.kill(signal);
};
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
server.on('exit', (code) => process.exit(code ?? 0));
