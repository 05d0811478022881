import { existsSync } from 'node:fs';
import { defineConfig } from '@playwright/test';
import { BASE_PORT, workerPort } from './worker-server';

/**
 * E2E_WORKERS (default 1) Playwright workers, each with its own server, database and outbox (see
 * worker-server.ts): within a worker, spec files run one at a time. `npm test` chooses the count from the cores and
 * a short CPU calibration (scripts/e2e-workers.mjs: one per core; the browser tests are CPU-bound, mostly Chromium's software rendering)
 * and starts the servers itself; a single spec run by hand starts one server only. A spec must therefore not count
 * on another spec having run first, and reaches its server only through `baseURL`/`request`/`page` (or
 * `workerPort()` from worker-server.ts), never a fixed port.
 */
const WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? 1));
// Debian's headless shell (package chromium-headless-shell: the same Blink, V8 and SwiftShader without the browser's
// UI layer) runs the same tests on ~20 % less CPU than the full Chromium in headless mode ("npm test duration" in
// bench/RESULTS.md); the full one is used where the shell is not installed, or when E2E_CHROMIUM names another.
const CHROMIUM =
  process.env.E2E_CHROMIUM ??
  (existsSync('/usr/bin/chromium-headless-shell') ? '/usr/bin/chromium-headless-shell' : '/usr/bin/chromium');
// This file is evaluated again in every worker, where TEST_PARALLEL_INDEX names the worker.
const TRACE =
  process.env.E2E_TRACE === 'off' || process.env.E2E_TRACE === 'on'
    ? process.env.E2E_TRACE
    : process.env.E2E_TRACE === 'retain-on-failure'
      ? 'retain-on-failure'
      : { mode: 'retain-on-failure' as const, screenshots: false, snapshots: true };
const BASE_URL = `http://localhost:${workerPort()}`;

export default defineConfig({
  testDir: './tests',
  outputDir: `../test-results/e2e-${BASE_PORT}`,
  // A server is shared by the specs of its worker (users, scenes, passwords): the tests of a file run in order,
  // and no two files use one server at once, so that no test sees another's half-done changes.
  fullyParallel: false,
  workers: WORKERS,
  retries: 0,
  // Time limits catch a hang, they measure nothing: these leave room for a CI runner ~3× slower than our machine
  // (60 s and 7 s before; "npm test duration" in git history of bench/RESULTS.md).
  timeout: 90_000,
  expect: { timeout: 10_000 },
  // `npm test` keeps each run's JSON report (scripts/test.mjs) for `npm run test:slowest`.
  reporter: process.env.E2E_JSON_REPORT
    ? [['list'], ['json', { outputFile: process.env.E2E_JSON_REPORT }]]
    : [['list']],
  use: {
    baseURL: BASE_URL,
    viewport: { width: 1366, height: 768 },
    locale: 'pt-BR',
    // Our users' clock: "today" in the browser is the server's Brazilian today (observations may not be dated
    // in the future), also between 00:00 and 03:00 UTC.
    timezoneId: 'America/Sao_Paulo',
    // The app turns antd's animations off for a person who asks for less motion: a menu, list or dialog is then
    // usable the moment it appears, with no settling to wait for.
    reducedMotion: 'reduce',
    // A failed test keeps its trace (DOM snapshots, network, console) but not the screencast frames, which cost ~20 %
    // of the browser tests' CPU (bench/RESULTS.md, "npm test duration"); E2E_TRACE=retain-on-failure|on|off
    // for Playwright's own modes.
    trace: TRACE,
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: CHROMIUM,
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
  // `npm test` starts the servers itself, beside the steps before the browser tests (scripts/test.mjs).
  webServer: process.env.E2E_SERVERS_STARTED
    ? undefined
    : {
        command: 'node e2e/start-server.mjs',
        env: { E2E_PORT: String(BASE_PORT), E2E_SERVERS: String(WORKERS) },
        cwd: '..',
        // Printed once every worker's server answers its health check and its start-up work is done (start-server.mjs).
        wait: { stdout: /E2E_SERVERS_READY/ },
        reuseExistingServer: false,
        timeout: 420_000,
        stdout: 'ignore',
        stderr: 'pipe',
      },
});
