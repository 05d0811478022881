import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { freePort, startServerProcess, stopServerProcess, type ServerProcess } from '../server-process';

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function login(server: ServerProcess, email: string, password: string): Promise<Response> {
  return fetch(`${server.baseUrl}/api/v1/user`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
}

/**
 * The single-process deployment with its embedded PostgreSQL. That no acknowledged write is lost to a kill -9
 * while writes are under way is proven once, with 20 kills of API and worker processes, by
 * reliability/kill-nine.reliability.test.ts; this file proves what only this deployment has: kill -9 of the server
 * leaves its postmaster running, and the restart takes the data folder over from it with the committed data.
 */
it('restarts after kill -9 over the leftover postmaster of its embedded PostgreSQL, with the committed data', async () => {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'mirante-crash-'));
  await chmod(dataDir, 0o755);
  const env = { DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(await freePort()) };
  const port = await freePort();
  let server = await startServerProcess(env, port);
  cleanups.push(async () => {
    await stopServerProcess(server, 'SIGTERM');
    await rm(dataDir, { recursive: true, force: true });
  });

  // Committed writes (a session, then a password change), then kill -9.
  const first = await login(server, 'gerente@horizonte.com.br', 'mirante2026');
  const token = ((await first.json()) as { api_token: string }).api_token;
  const change = await fetch(`${server.baseUrl}/api/v1/user/change-password`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: 'current_password=mirante2026&password=depoisDoCrash&password_confirmation=depoisDoCrash',
  });
  expect(change.status).toBe(200);
  await stopServerProcess(server, 'SIGKILL');

  server = await startServerProcess(env, port);
  expect(server.output()).toContain('encerrando-o antes de iniciar');
  expect((await login(server, 'gerente@horizonte.com.br', 'depoisDoCrash')).status).toBe(200);
  expect((await login(server, 'gerente@horizonte.com.br', 'mirante2026')).status).toBe(401);
  const session = await fetch(`${server.baseUrl}/api/v1/user`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(session.status).toBe(200);
}, 600_000); // 2 × SERVER_START_LIMIT_MS (server-process.ts) + 120 s
