import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';

/**
 * The one harness that starts Mirante's own processes (the server `main.ts`, `npm start`'s supervisor
 * `scripts/start.mjs`, the worker `worker.ts`) for the process tests, the reliability tests and the benchmarks. (e2e/start-server.mjs is plain JavaScript run without
 * tsx and keeps its own copy.)
 */

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
/**
 * How long a started server may take to answer its health check: ~15 s on an idle 2-core machine (a fresh
 * embedded PostgreSQL, migrations, the demo seed), but past 90 s at load 15–27 in 4 of the API files
 * ("npm test duration" in git history of bench/RESULTS.md). The tests that start servers allow for it in their own time limits
 * (SERVER_START_LIMIT_MS per start).
 */
export const SERVER_START_LIMIT_MS = 240_000;
/** How long a stopped process may take to exit after a gentler signal than SIGKILL before it is killed. */
const STOP_LIMIT_MS = 30_000;

/** A TCP port free on 127.0.0.1 at the time of the call. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('porta')),
      );
    });
  });
}

/** A node process of the repository's, with what it printed so far. */
export interface NodeProcess {
  child: ChildProcess;
  /** stdout and stderr so far ('' when `inheritStderr`). */
  output: () => string;
}

export interface ServerProcess extends NodeProcess {
  baseUrl: string;
}

export interface SpawnOptions {
  /** The Node.js binary (this process's by default). */
  node?: string;
  /** Node.js flags before the entry, e.g. `--cpu-prof`. */
  nodeArgs?: string[];
  /**
   * Benchmarks: the process's stdout is dropped and its stderr goes to this process's, and nothing is kept (a
   * long run's request log would fill the memory).
   */
  inheritStderr?: boolean;
}

export interface StartServerOptions extends SpawnOptions {
  /** How long the server may take to answer /api/v1/health (SERVER_START_LIMIT_MS by default). */
  limitMs?: number;
}

/** Starts `entry` (a path from the repository's root) under tsx with this process's environment plus `env`. */
export function spawnNodeProcess(
  entry: string,
  env: Record<string, string>,
  options: SpawnOptions = {},
): NodeProcess {
  return spawnNode(
    [...(options.nodeArgs ?? []), '--import', 'tsx', entry],
    ROOT,
    { ...process.env, ...env },
    options,
  );
}

function spawnNode(args: string[], cwd: string, env: NodeJS.ProcessEnv, options: SpawnOptions): NodeProcess {
  let output = '';
  const child = spawn(options.node ?? process.execPath, args, {
    cwd,
    env,
    stdio: options.inheritStderr ? ['ignore', 'ignore', 'inherit'] : ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return { child, output: () => output };
}

const hasExited = (child: ChildProcess) => child.exitCode !== null || child.signalCode !== null;

/**
 * Polls `ready` every 250 ms until it holds; fails when the process exits first or `limitMs` passes (the
 * process is then killed).
 */
async function waitUntilReady(
  started: NodeProcess,
  ready: () => Promise<boolean>,
  limitMs: number,
  what: string,
): Promise<void> {
  const deadline = Date.now() + limitMs;
  while (Date.now() < deadline) {
    if (hasExited(started.child)) {
      throw new Error(
        `${what} saiu (${started.child.exitCode ?? started.child.signalCode}):\n${started.output()}`,
      );
    }
    if (await ready()) return;
    await sleep(250);
  }
  started.child.kill('SIGKILL');
  throw new Error(`${what} não ficou pronto em ${limitMs / 1000} s:\n${started.output()}`);
}

/** Waits for the server at `server.baseUrl` to answer its health check (see waitUntilReady). */
export async function waitForHealth(server: ServerProcess, limitMs = SERVER_START_LIMIT_MS): Promise<void> {
  await waitUntilReady(
    server,
    async () => {
      try {
        return (await fetch(`${server.baseUrl}/api/v1/health`)).ok;
      } catch {
        return false; // not listening yet
      }
    },
    limitMs,
    'o servidor',
  );
}

/**
 * Starts the real server (`main.ts`) as its own node process on 127.0.0.1:`port`, so tests can kill it like an
 * operator would, and waits for its health check.
 */
export async function startServerProcess(
  env: Record<string, string>,
  port: number,
  options: StartServerOptions = {},
): Promise<ServerProcess> {
  const started = spawnNodeProcess(
    'apps/server/src/main.ts',
    { PORT: String(port), HOST: '127.0.0.1', LOGIN_RATE_LIMIT: '100000', DEMO_IMAGERY: '0', ...env },
    options,
  );
  const server = { ...started, baseUrl: `http://127.0.0.1:${port}` };
  await waitForHealth(server, options.limitMs);
  return server;
}

/**
 * Starts the production image's command (`nodeArgs`, the arguments of its `node`: `['app/main.js']`) in `dir`
 * (what `npm run build:server` wrote: the compiled server and its production dependencies only) on
 * 127.0.0.1:`port`, and waits for its health check. Its environment is `env` with PATH and HOME alone, so nothing
 * of this test's (a loader in NODE_OPTIONS, the repository's node_modules/.bin) reaches it.
 */
export async function startCompiledServer(
  dir: string,
  nodeArgs: string[],
  env: Record<string, string>,
  port: number,
  options: StartServerOptions = {},
): Promise<ServerProcess> {
  const started = spawnNode(
    nodeArgs,
    dir,
    {
      PATH: '/usr/local/bin:/usr/bin:/bin',
      HOME: process.env.HOME,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      ...env,
    },
    options,
  );
  const server = { ...started, baseUrl: `http://127.0.0.1:${port}` };
  await waitForHealth(server, options.limitMs);
  return server;
}

/**
 * Starts `npm start`'s entry (`scripts/start.mjs`: the supervisor, which runs `main.ts` and starts it again when it
 * dies) on 127.0.0.1:`port`, without its web build check, and waits for the health check. Its output carries the
 * supervisor's lines, among them the server's pid (`serverPids`).
 */
export async function startSupervisedServer(
  env: Record<string, string>,
  port: number,
  options: StartServerOptions = {},
): Promise<ServerProcess> {
  const started = spawnNodeProcess(
    'scripts/start.mjs',
    {
      PORT: String(port),
      HOST: '127.0.0.1',
      LOGIN_RATE_LIMIT: '100000',
      DEMO_IMAGERY: '0',
      MIRANTE_WEB_BUILD: '0',
      ...env,
    },
    options,
  );
  const server = { ...started, baseUrl: `http://127.0.0.1:${port}` };
  await waitForHealth(server, options.limitMs);
  return server;
}

/** The pids of the servers a supervisor started, in order (from its 'Servidor iniciado (pid N…' lines). */
export function serverPids(output: string): number[] {
  return [...output.matchAll(/Servidor iniciado \(pid (\d+)/g)].map((match) => Number(match[1]));
}

/** Starts a worker (`npm run worker`'s entry, `worker.ts`) and waits until it says it is ready. */
export async function startWorkerProcess(
  env: Record<string, string>,
  options: StartServerOptions = {},
): Promise<NodeProcess> {
  const started = spawnNodeProcess('apps/server/src/worker.ts', env, options);
  await waitUntilReady(
    started,
    () => Promise.resolve(started.output().includes('pronto; aguardando tarefas.')),
    options.limitMs ?? 90_000,
    'o worker',
  );
  return started;
}

/**
 * Stops a process with `signal` and waits for its exit; one still running STOP_LIMIT_MS after a gentler signal
 * than SIGKILL is killed.
 */
export async function stopServerProcess(
  server: { child: ChildProcess },
  signal: NodeJS.Signals,
): Promise<void> {
  if (hasExited(server.child)) return;
  const exited = new Promise((resolve) => server.child.once('exit', resolve));
  server.child.kill(signal);
  const force =
    signal === 'SIGKILL' ? undefined : setTimeout(() => server.child.kill('SIGKILL'), STOP_LIMIT_MS);
  await exited;
  clearTimeout(force);
}

/** Polls `read` every `everyMs` until `done` holds or `ms` have passed, and returns the last value. */
export async function waitFor<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  ms = 180_000,
  everyMs = 500,
): Promise<T> {
  const deadline = Date.now() + ms;
  let value = await read();
  while (!done(value) && Date.now() < deadline) {
    await sleep(everyMs);
    value = await read();
  }
  return value;
}
