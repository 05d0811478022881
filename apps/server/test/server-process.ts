import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
/**
 * How long a started server may take to answer its health check: ~15 s on an idle 2-core machine (a fresh
 * embedded PostgreSQL, migrations, the demo seed), but past 90 s at load 15–27 in 4 of the API files
 * (bench/RESULTS.md, "npm test duration"). The tests that start servers allow for it in their own time limits
 * (SERVER_START_LIMIT_MS per start).
 */
export const SERVER_START_LIMIT_MS = 240_000;

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('porta')),
      );
    });
  });
}

export interface ServerProcess {
  child: ChildProcess;
  baseUrl: string;
  output: () => string;
}

/**
 * Starts the real server (`main.ts`) as its own node process, so tests can kill it like an operator would;
 * `node`: the Node.js binary (this test's by default).
 */
export async function startServerProcess(
  env: Record<string, string>,
  port: number,
  node = process.execPath,
): Promise<ServerProcess> {
  let output = '';
  const child = spawn(node, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOGIN_RATE_LIMIT: '100000',
      DEMO_IMAGERY: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const baseUrl = `http://127.0.0.1:${port}`;
  for (let waited = 0; waited < SERVER_START_LIMIT_MS; waited += 250) {
    if (child.exitCode !== null) throw new Error(`o servidor saiu (${child.exitCode}):\n${output}`);
    try {
      if ((await fetch(`${baseUrl}/api/v1/health`)).ok) return { child, baseUrl, output: () => output };
    } catch {
      // not listening yet
    }
    await sleep(250);
  }
  child.kill('SIGKILL');
  throw new Error(`o servidor não respondeu a tempo:\n${output}`);
}

export async function stopServerProcess(server: ServerProcess, signal: NodeJS.Signals): Promise<void> {
  if (server.child.exitCode !== null) return;
  const exited = new Promise((resolve) => server.child.once('exit', resolve));
  server.child.kill(signal);
  await exited;
}
