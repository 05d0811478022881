// Starts the real server on a fresh data folder for the browser tests (Playwright's webServer).
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = path.join(root, 'data-e2e');
rmSync(dataDir, { recursive: true, force: true });

const server = spawn('npx', ['tsx', 'apps/server/src/main.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: '3100',
    EMBEDDED_PG_PORT: '54339',
    LOGIN_RATE_LIMIT: '1000',
    APP_URL: 'http://localhost:3100',
    SMTP_URL: '',
  },
});

const stop = (signal) => {
  if (!server.killed) server.kill(signal);
};
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
server.on('exit', (code) => process.exit(code ?? 0));
