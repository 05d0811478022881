import { existsSync, readFileSync } from 'node:fs';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, expect, it } from 'vitest';
import type { DemoManifest } from '@mirante/demo/demo-imagery';
import {
  freePort,
  startServerProcess,
  stopServerProcess,
  waitFor,
  type ServerProcess,
} from '../server-process';

// A first start killed while it renders the demo imagery ('Gerando as imagens de demonstração'), after some of
// the demo scenes were queued for ingest and before the others: the next start renders again and queues the
// rest, so every demo project ends with each of its demo dates once.

const DEMO_TASKS_SENT = 'Tarefas de demonstração da inicialização enviadas.';
/** A first start seeds the demo before it answers: more than SERVER_START_LIMIT_MS on a loaded machine. */
const START_LIMIT_MS = 600_000;

let server: ServerProcess | undefined;
let db: pg.Client | undefined;
let dataDir: string | undefined;
afterAll(async () => {
  await db?.end().catch(() => undefined);
  if (server) await stopServerProcess(server, 'SIGTERM');
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

it('a first start killed while rendering the demo imagery has every demo scene queued once by the next start', async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'mirante-demo-resume-'));
  await chmod(dataDir, 0o755);
  const pgPort = await freePort();
  const env = {
    DATA_DIR: dataDir,
    EMBEDDED_PG_PORT: String(pgPort),
    DEMO_IMAGERY: '1',
    DEMO_IMAGERY_SCALE: '0.1',
  };
  const manifestFile = path.join(dataDir, 'demo-imagery', 'manifest.json');
  server = await startServerProcess(env, await freePort(), { limitMs: START_LIMIT_MS });
  db = new pg.Client({ connectionString: `postgres://mirante:mirante@127.0.0.1:${pgPort}/mirante` });
  await db.connect();
  const sceneCount = async () => Number((await db!.query('SELECT count(*) AS n FROM scenes')).rows[0].n);

  // Killed as soon as the first demo scene is queued: the render is then still going on.
  expect(await waitFor(sceneCount, (n) => n > 0, START_LIMIT_MS, 50)).toBeGreaterThan(0);
  await stopServerProcess(server, 'SIGKILL');
  const queuedByTheFirstStart = await sceneCount();
  expect(server.output()).toContain('Gerando as imagens de demonstração');
  expect(existsSync(manifestFile)).toBe(false);
  await db.end();

  server = await startServerProcess(env, await freePort(), { limitMs: START_LIMIT_MS });
  await waitFor(
    async () => server!.output().includes(DEMO_TASKS_SENT),
    (sent) => sent,
    300_000,
  );
  db = new pg.Client({ connectionString: `postgres://mirante:mirante@127.0.0.1:${pgPort}/mirante` });
  await db.connect();
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as DemoManifest;
  const { rows } = await db.query<{ space: string; dates: string[]; loaded: boolean }>(
    `SELECT p.space, array_agg(to_char(s.date, 'YYYY-MM-DD') ORDER BY s.date) AS dates,
            EXISTS (SELECT 1 FROM demo_imagery_loads d WHERE d.project_id = p.id) AS loaded
       FROM projects p JOIN scenes s ON s.project_id = p.id GROUP BY p.id, p.space`,
  );
  const bySpace = new Map(rows.map((row) => [row.space, row]));
  const total = manifest.sites.reduce((sum, site) => sum + site.scenes.length, 0);
  expect(queuedByTheFirstStart).toBeLessThan(total);
  for (const site of manifest.sites) {
    const dates = site.scenes.map((scene) => scene.date).sort();
    expect({
      space: site.space,
      dates: bySpace.get(site.space)?.dates,
      loaded: bySpace.get(site.space)?.loaded,
    }).toEqual({ space: site.space, dates, loaded: true });
  }
}, 2_100_000); // 2 × START_LIMIT_MS + the two demo renders
