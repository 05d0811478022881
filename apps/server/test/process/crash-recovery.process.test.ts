import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { freePort, startServerProcess, stopServerProcess, type ServerProcess } from './server-process';

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

it('loses no committed data when the server is killed with kill -9 during writes, and restarts over the leftover postmaster', async () => {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'mirante-crash-'));
  await chmod(dataDir, 0o755);
  const env = { DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(await freePort()) };
  const port = await freePort();
  let server = await startServerProcess(env, port);
  cleanups.push(async () => {
    await stopServerProcess(server, 'SIGTERM');
    await rm(dataDir, { recursive: true, force: true });
  });

  // A committed password change, then a stream of session writes cut by kill -9.
  const first = await login(server, 'gerente@horizonte.com.br', 'mirante2026');
  const token = ((await first.json()) as { api_token: string }).api_token;
  const change = await fetch(`${server.baseUrl}/api/v1/user/change-password`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: 'current_password=mirante2026&password=depoisDoCrash&password_confirmation=depoisDoCrash',
  });
  expect(change.status).toBe(200);

  const acknowledged: string[] = [];
  let writing = true;
  const writer = (async () => {
    while (writing) {
      try {
        const response = await login(server, 'admin@mirante.app.br', 'mirante2026');
        if (response.ok) acknowledged.push(((await response.json()) as { api_token: string }).api_token);
      } catch {
        return;
      }
    }
  })();
  while (acknowledged.length < 5) await new Promise((r) => setTimeout(r, 20));
  await stopServerProcess(server, 'SIGKILL');
  writing = false;
  await writer;

  server = await startServerProcess(env, port);
  expect((await login(server, 'gerente@horizonte.com.br', 'depoisDoCrash')).status).toBe(200);
  expect((await login(server, 'gerente@horizonte.com.br', 'mirante2026')).status).toBe(401);
  for (const apiToken of acknowledged) {
    const restored = await fetch(`${server.baseUrl}/api/v1/user`, {
      headers: { authorization: `Bearer ${apiToken}` },
    });
    expect(restored.status).toBe(200);
  }
  expect(server.output()).toContain('encerrando-o antes de iniciar');
}, 660_000); // 2 × SERVER_START_LIMIT_MS (server-process.ts) + 180 s
