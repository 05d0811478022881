import { readFileSync } from 'node:fs';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, expect, it } from 'vitest';
import { freePort, startServerProcess, stopServerProcess, type ServerProcess } from '../server-process';

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

const login = (server: ServerProcess) =>
  fetch(`${server.baseUrl}/api/v1/user`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@mirante.app.br', password: 'mirante2026' }),
  });

const postmasterPid = (dataDir: string) =>
  Number(readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]);

it('survives kill -9 of its embedded PostgreSQL during writes: answers 503 meanwhile, restarts it, and accepts writes again', async () => {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'mirante-dbkill-'));
  await chmod(dataDir, 0o755);
  const server = await startServerProcess(
    { DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(await freePort()) },
    await freePort(),
  );
  cleanups.push(async () => {
    await stopServerProcess(server, 'SIGTERM');
    await rm(dataDir, { recursive: true, force: true });
  });

  // Session writes (each sign-in inserts a session row) in loops, recording every answer.
  const failures: { status: number; message: string }[] = [];
  let accepted = 0;
  let writing = true;
  // Four writers at once: under load a lost connection used to end the whole process.
  const writer = async () => {
    while (writing) {
      try {
        const response = await login(server);
        if (response.ok) accepted++;
        else failures.push({ status: response.status, ...((await response.json()) as { message: string }) });
      } catch {
        await sleep(50); // the server itself is down: counted below through its exit code
      }
    }
  };
  const writers = [writer(), writer(), writer(), writer()];
  while (accepted < 5) await sleep(20);

  const pid = postmasterPid(dataDir);
  process.kill(pid, 'SIGKILL');
  while (failures.length === 0) await sleep(20);

  // The server restarts PostgreSQL on its own: a fresh postmaster, /health 200 and writes accepted again.
  let healthy = false;
  for (let waited = 0; waited < 120_000 && !healthy; waited += 500) {
    expect(server.child.exitCode, server.output()).toBeNull();
    healthy = (await fetch(`${server.baseUrl}/api/v1/health`).catch(() => null))?.status === 200;
    if (!healthy) await sleep(500);
  }
  expect(healthy, server.output()).toBe(true);
  const acceptedBefore = accepted;
  while (accepted < acceptedBefore + 5) {
    expect(server.child.exitCode, server.output()).toBeNull();
    await sleep(50);
  }
  writing = false;
  await Promise.all(writers);

  expect(postmasterPid(dataDir)).not.toBe(pid);
  expect(server.child.exitCode).toBeNull();
  for (const failure of failures) {
    expect(failure.status).toBe(503);
    expect(failure.message).toMatch(/banco de dados/i);
  }
}, 480_000); // 1 × SERVER_START_LIMIT_MS (server-process.ts) + 240 s
