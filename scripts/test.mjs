// `npm test`: the whole suite in two phases, each running its steps side by side, and a record of the run.
//   1. typecheck ‖ lint ‖ unit tests ‖ API tests ‖ the web build ‖ the browser tests' servers starting
//   2. the browser tests (on the servers of phase 1), with the machine to themselves
// The steps of phase 1 are CPU-bound and have generous time limits; the browser tests are CPU-bound too (Chromium's
// software rendering) but wait on 10 s expects: beside the API tests they missed them, so they run alone. The tests
// that start and kill server processes run apart (`npm run test:process`, which .ci/run runs after this).
// Every run leaves its figures in test-results/runs/<start time>/ (git-ignored): phases.json (each step's wall
// time and verdict) and the Vitest and Playwright JSON reports, which `npm run test:slowest` reads.
// Each step's output is held and printed whole when it ends, so that the logs do not interleave.
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chooseE2eWorkers } from './e2e-workers.mjs';
import { runFolder } from './test-runs.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const runDir = runFolder(root, new Date());
mkdirSync(runDir, { recursive: true });
const started = Date.now();
const seconds = (ms) => Number((ms / 1000).toFixed(1));

const workers = chooseE2eWorkers();
console.log(
  `[test] ${workers.count} workers de navegador (${workers.reason}); relatórios em ${path.relative(root, runDir)}`,
);
const e2eEnv = { E2E_WORKERS: String(workers.count), E2E_SERVERS: String(workers.count) };

/** Runs a command to its end, its output held; resolves with the step's record. */
function runStep(name, command, args, env = {}) {
  return new Promise((resolve) => {
    const stepStart = Date.now();
    const child = spawn(command, args, {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...env },
    });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('close', (code, signal) => {
      const record = {
        name,
        startS: seconds(stepStart - started),
        wallS: seconds(Date.now() - stepStart),
        code: code ?? signal,
      };
      const verdict = code === 0 ? 'ok' : `FALHOU (${code ?? signal})`;
      process.stdout.write(`\n> ${name}: ${verdict} em ${record.wallS} s\n${Buffer.concat(output)}`);
      resolve(record);
    });
  });
}

const npmScript = (name, ...args) => ['npm', ['run', '-s', name, ...(args.length ? ['--', ...args] : [])]];
const vitestJson = (file) => [
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${path.join(runDir, file)}`,
];

/**
 * Starts the browser tests' servers (e2e/start-server.mjs) and resolves once they are ready, with their process
 * (left running for phase 2) and the step's record; a server that cannot start ends the step as failed.
 */
function startE2eServers() {
  return new Promise((resolve) => {
    const stepStart = Date.now();
    const child = spawn(process.execPath, ['e2e/start-server.mjs'], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, E2E_SERVERS: e2eEnv.E2E_SERVERS },
    });
    const output = [];
    let tail = '';
    let ready = false;
    const finish = (code) => {
      const record = {
        name: 'e2e servers',
        startS: seconds(stepStart - started),
        wallS: seconds(Date.now() - stepStart),
        code,
      };
      process.stdout.write(
        `\n> e2e servers: ${code === 0 ? 'prontos' : `FALHOU (${code})`} em ${record.wallS} s\n`,
      );
      if (code !== 0) process.stdout.write(Buffer.concat(output));
      resolve({ child, record });
    };
    // Their output is kept until they are ready (printed if they fail to start), then only drained.
    child.stdout.on('data', (chunk) => {
      if (ready) return;
      output.push(chunk);
      tail = (tail + chunk.toString('utf8')).slice(-200);
      if (tail.includes('E2E_SERVERS_READY')) {
        ready = true;
        finish(0);
      }
    });
    child.stderr.on('data', (chunk) => {
      if (!ready) output.push(chunk);
    });
    child.on('exit', (code, signal) => {
      if (!ready) finish(code ?? signal ?? 1);
    });
  });
}

function stopE2eServers(child) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  return exited;
}

const records = [];
const failed = () => records.some((record) => record.code !== 0);
const phase1 = await Promise.all([
  runStep('typecheck', ...npmScript('typecheck')),
  runStep('lint', ...npmScript('lint')),
  runStep('unit', ...npmScript('test:unit', ...vitestJson('unit.json'))),
  runStep('api', ...npmScript('test:api', ...vitestJson('api.json'))),
  runStep('build', ...npmScript('build')),
  startE2eServers(),
]);
const servers = phase1.pop();
records.push(...phase1, servers.record);

if (!failed()) {
  records.push(
    await runStep('e2e', 'npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts'], {
      ...e2eEnv,
      E2E_SERVERS_STARTED: '1',
      E2E_JSON_REPORT: path.join(runDir, 'e2e.json'),
    }),
  );
}
await stopE2eServers(servers.child);

const total = seconds(Date.now() - started);
writeFileSync(
  path.join(runDir, 'phases.json'),
  `${JSON.stringify({ startedAt: new Date(started).toISOString(), totalS: total, e2eWorkers: workers, steps: records }, null, 2)}\n`,
);
console.log(`\n[test] ${failed() ? 'FALHOU' : 'ok'} em ${total} s`);
for (const record of records)
  console.log(
    `  ${record.name.padEnd(12)} ${String(record.wallS).padStart(7)} s  (início ${record.startS} s)  ${record.code === 0 ? 'ok' : `FALHOU (${record.code})`}`,
  );
process.exit(failed() ? 1 : 0);
