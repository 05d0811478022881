import { defineConfig } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 3100);
const BASE_URL = `http://localhost:${PORT}`;

export default defineConfig({
  testDir: './tests',
  outputDir: `../test-results/e2e-${PORT}`,
  fullyParallel: false,
  // One server is shared by every spec (users, scenes, passwords): tests run one at a time so that no test
  // sees another's half-done changes.
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 7_000 },
  reporter: [['list']],
  use: {
    baseURL: BASE_URL,
    viewport: { width: 1366, height: 768 },
    locale: 'pt-BR',
    // Our users' clock: "today" in the browser is the server's Brazilian today (observations may not be dated
    // in the future), also between 00:00 and 03:00 UTC.
    timezoneId: 'America/Sao_Paulo',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  webServer: {
    command: 'node e2e/start-server.mjs',
    env: { E2E_PORT: String(PORT) },
    cwd: '..',
    url: `${BASE_URL}/api/v1/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
