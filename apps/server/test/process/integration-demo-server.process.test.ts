import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterAll, expect, it } from 'vitest';
import { freePort, startServerProcess, stopServerProcess, type ServerProcess } from '../server-process';

let server: ServerProcess | undefined;
let db: pg.Client | undefined;
let dataDir: string | undefined;
afterAll(async () => {
  await db?.end().catch(() => undefined);
  if (server) await stopServerProcess(server, 'SIGTERM');
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

it('a production start without INTEGRATION_KEY stops at once, saying what to set', async () => {
  const error = await startServerProcess(
    { NODE_ENV: 'production', DATABASE_URL: 'postgres://127.0.0.1:1/nada' },
    await freePort(),
  ).then(
    () => null,
    (e: unknown) => e as Error,
  );
  expect(error?.message).toContain('INTEGRATION_KEY não definida');
}, 240_000); // 1 × SERVER_START_LIMIT_MS (server-process.ts)

it('the demo start links the demo allotment to its simulated UAU and the first sync finishes through pg-boss', async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'mirante-demo-erp-'));
  await chmod(dataDir, 0o755);
  const pgPort = await freePort();
  server = await startServerProcess(
    { DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(pgPort) },
    await freePort(),
  );
  db = new pg.Client({ connectionString: `postgres://mirante:mirante@127.0.0.1:${pgPort}/mirante` });
  await db.connect();
  let run: { status: string; units_read: number; errors: unknown } | undefined;
  for (let waited = 0; waited < 120_000; waited += 500) {
    run = (await db.query(`SELECT status, units_read, errors FROM integration_sync_runs WHERE erp = 'uau'`))
      .rows[0];
    if (run && run.status !== 'queued' && run.status !== 'running') break;
    await sleep(500);
  }
  expect(run, server.output()).toMatchObject({ status: 'succeeded', errors: [] });
  expect(run!.units_read).toBeGreaterThan(100);

  const login = await fetch(`${server.baseUrl}/api/v1/user`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'gerente@horizonte.com.br', password: 'mirante2026' }),
  });
  const token = ((await login.json()) as { api_token: string }).api_token;
  const get = async (url: string) =>
    (
      await fetch(`${server!.baseUrl}/api/v1${url}`, { headers: { authorization: `Bearer ${token}` } })
    ).json();
  expect(await get('/integration/uau/projects')).toEqual([
    { Codigo_emp: '1', Desc_emp: 'Jardim das Palmeiras (UAU)' },
  ]);
  expect(await get('/integration/uau/credentials')).toMatchObject({
    uau_username: 'mirante-demo',
    has_password: true,
  });
  const log = (await get('/integration/sync-runs')) as {
    status: { erp: string; completed_at: string | null }[];
  };
  expect(log.status.find((s) => s.erp === 'uau')?.completed_at).not.toBeNull();
}, 480_000); // 1 × SERVER_START_LIMIT_MS (server-process.ts) + 240 s
