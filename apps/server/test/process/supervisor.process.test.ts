import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import {
  freePort,
  SERVER_START_LIMIT_MS,
  serverPids,
  spawnNodeProcess,
  startSupervisedServer,
  stopServerProcess,
  waitFor,
  type ServerProcess,
} from '../server-process';

/*
 * `npm start` on one machine supervises its server: a server killed with kill -9 (or by the OOM killer) is
 * started again by itself after a short pause, with a pt-BR line saying so; a server that keeps dying is a crash
 * loop, which the supervisor gives up on with a clear message and exit code 1.
 */

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function healthy(server: ServerProcess): Promise<boolean> {
  try {
    return (await fetch(`${server.baseUrl}/api/v1/health`)).status === 200;
  } catch {
    return false;
  }
}

it(
  'starts the server again after kill -9, and /health answers 200 without anyone stepping in',
  async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'mirante-supervisor-'));
    await chmod(dataDir, 0o755);
    const env = { DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(await freePort()) };
    const supervisor = await startSupervisedServer(env, await freePort());
    cleanups.push(async () => {
      await stopServerProcess(supervisor, 'SIGTERM');
      await rm(dataDir, { recursive: true, force: true });
    });
    const [first] = serverPids(supervisor.output());
    expect(first).toBeGreaterThan(0);

    const killedAt = Date.now();
    process.kill(first!, 'SIGKILL');
    // The supervisor saw the death (so no answer below can come from the killed process)…
    const crashLine = 'O servidor parou inesperadamente (pelo sinal SIGKILL); reiniciando em 1 s';
    await waitFor(
      () => Promise.resolve(supervisor.output()),
      (output) => output.includes(crashLine),
      30_000,
      100,
    );
    expect(supervisor.output()).toContain(crashLine);
    // …and the server it started again answers.
    expect(await waitFor(() => healthy(supervisor), Boolean, SERVER_START_LIMIT_MS, 250)).toBe(true);
    const seconds = (Date.now() - killedAt) / 1000;
    console.log(`kill -9 do servidor → /health 200 de novo em ${seconds.toFixed(1)} s`);

    const pids = serverPids(supervisor.output());
    expect(pids).toHaveLength(2);
    expect(pids[1]).not.toBe(first);
    expect(alive(first!)).toBe(false);
    // The data survived: the demo's accounts still sign in.
    const login = await fetch(`${supervisor.baseUrl}/api/v1/user`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'gerente@horizonte.com.br', password: 'mirante2026' }),
    });
    expect(login.status).toBe(200);

    // SIGTERM to the supervisor stops the server gracefully and then the supervisor, with code 0.
    await stopServerProcess(supervisor, 'SIGTERM');
    expect(supervisor.child.exitCode).toBe(0);
    expect(alive(pids[1]!)).toBe(false);
  },
  3 * SERVER_START_LIMIT_MS,
);

it('gives up on a server that keeps dying, saying so, and exits 1', async () => {
  // A data folder under a file: every start fails with code 1 (ENOTDIR), as an unexpected error does. (A wrong
  // configuration would not do: the server refuses it with code 78, which the supervisor does not restart.)
  const blocker = path.join(await mkdtemp(path.join(os.tmpdir(), 'mirante-supervisor-')), 'arquivo');
  await writeFile(blocker, 'não é uma pasta');
  const supervisor = spawnNodeProcess('scripts/start.mjs', {
    MIRANTE_WEB_BUILD: '0',
    DATA_DIR: path.join(blocker, 'dados'),
    SUPERVISOR_RESTART_DELAY_MS: '50',
    SUPERVISOR_MAX_CRASHES: '2',
  });
  cleanups.push(() => stopServerProcess(supervisor, 'SIGKILL'));
  const code = await new Promise<number | null>((resolve) => supervisor.child.once('exit', resolve));
  const output = supervisor.output();
  expect(code).toBe(1);
  expect(serverPids(output)).toHaveLength(3);
  expect(output).toContain('O servidor parou inesperadamente (com o código 1); reiniciando em 50 ms');
  expect(output).toContain('ENOTDIR');
  expect(output).toContain(
    'O servidor parou com o código 1 e já caiu 3 vezes em 10 minutos: o supervisor desistiu de reiniciá-lo.',
  );
}, 120_000);
