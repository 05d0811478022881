import cluster from 'node:cluster';
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import inspector from 'node:inspector';
import os from 'node:os';
import path from 'node:path';
import { loadConfig, withServerSecret } from '../../apps/server/src/config';
import { seedDemoData } from '../../apps/server/src/features/demo/demo.seed';
import { buildApp } from '../../apps/server/src/app';
import { startInfrastructure } from '../../apps/server/src/infrastructure';
import { createServices } from '../../apps/server/src/services';

const WORKERS = Math.max(1, Number(process.env.BENCH_WORKERS ?? 1));

/** A cluster worker: serves the primary's database and storage on the shared port. */
async function serveWorker(): Promise<void> {
  // The primary's data folder, so its secret too (the signed tile URLs it hands out verify here).
  const config = await withServerSecret(
    {
      ...loadConfig({ DATABASE_URL: process.env.BENCH_DATABASE_URL }),
      dataDir: process.env.BENCH_DATA_DIR!,
      storageDir: process.env.BENCH_STORAGE_DIR!,
      port: Number(process.env.BENCH_PORT),
    },
    {},
  );
  const infra = await startInfrastructure(config, () => undefined);
  const app = await buildApp(infra, createServices(infra), { serveWeb: false });
  await app.listen({ port: config.port, host: '127.0.0.1' });
  process.send?.('ready');
  process.on(
    'SIGTERM',
    () =>
      void app
        .close()
        .then(() => infra.close())
        .then(() => process.exit(0)),
  );
}

/** Starts `count` cluster workers and resolves once all of them listen. */
async function forkWorkers(env: Record<string, string>, count: number): Promise<void> {
  await Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise<void>((resolve, reject) => {
          const worker = cluster.fork(env);
          worker.once('message', () => resolve());
          worker.once('exit', (code) => reject(new Error(`worker saiu com código ${code}`)));
        }),
    ),
  );
}

/**
 * Profiles this process's CPU (V8's sampling profiler) from now until SIGUSR2, then writes the
 * `.cpuprofile` to `file` and says so on stdout: the serving only, not the ingest before it.
 */
async function profileOnSignal(file: string): Promise<void> {
  const session = new inspector.Session();
  session.connect();
  const post = (method: string, params?: object) =>
    new Promise<unknown>((resolve, reject) =>
      session.post(method, params, (error, result) => (error ? reject(error) : resolve(result))),
    );
  await post('Profiler.enable');
  await post('Profiler.setSamplingInterval', { interval: 200 });
  await post('Profiler.start');
  process.once('SIGUSR2', () => {
    void post('Profiler.stop').then(async (result) => {
      await writeFile(file, JSON.stringify((result as { profile: unknown }).profile));
      console.log(`PROFILE ${file}`);
    });
  });
}

/**
 * The bench's server: a real Mirante process (embedded PostgreSQL in a scratch folder, demo data), which
 * ingests the given GeoTIFF through `scenes.ingestLocalFile`, reports speed and peak memory, then serves.
 */
async function main(): Promise<void> {
  const [filePath, portText] = process.argv.slice(2);
  if (!filePath) throw new Error('uso: serve-scene.ts <arquivo.tif> [porta]');
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'mirante-bench-data-'));
  // The embedded PostgreSQL runs as its own user and must reach its data folder.
  await chmod(dataDir, 0o755);
  const config = await withServerSecret(
    {
      ...loadConfig({}),
      dataDir,
      storageDir: path.join(dataDir, 'storage'),
      embeddedPostgresPort: Number(process.env.BENCH_PG_PORT ?? 54_000 + Math.floor(Math.random() * 900)),
      port: Number(portText ?? 3999),
    },
    {},
  );
  const infra = await startInfrastructure(config, () => undefined);
  await seedDemoData(infra.db);
  const services = createServices(infra);
  const project = await infra.db
    .selectFrom('projects')
    .select('id')
    .where('space', '=', 'jardim-das-palmeiras')
    .executeTakeFirstOrThrow();

  const loadBefore = os.loadavg()[0]!;
  const rssBefore = process.memoryUsage().rss;
  let peakRss = rssBefore;
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 100);
  const started = performance.now();
  const scene = await services.scenes.ingestLocalFile({
    projectId: project.id,
    date: '2026-01-15',
    filePath,
    publish: true,
    wait: true,
  });
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  const row = await infra.db
    .selectFrom('scenes')
    .selectAll()
    .where('id', '=', scene.id)
    .executeTakeFirstOrThrow();
  console.log(
    `INGEST ${JSON.stringify({
      seconds,
      loadBefore,
      loadAfter: os.loadavg()[0]!,
      rssBeforeMb: rssBefore / 2 ** 20,
      peakRssMb: Math.max(peakRss, process.resourceUsage().maxRSS * 1024) / 2 ** 20,
      tiles: row.tileCount,
      minZoom: row.minZoom,
      maxZoom: row.maxZoom,
      bounds: row.bounds,
      archivePath: path.join(config.storageDir, row.archiveKey ?? ''),
      dataDir,
    })}`,
  );

  const app = await buildApp(infra, services, { serveWeb: false });
  // One process serves by itself; with BENCH_WORKERS > 1 this process only logs in and the workers serve.
  if (WORKERS === 1) await app.listen({ port: config.port, host: '127.0.0.1' });
  else {
    await forkWorkers(
      {
        BENCH_DATABASE_URL: infra.connectionString,
        BENCH_DATA_DIR: dataDir,
        BENCH_STORAGE_DIR: config.storageDir,
        BENCH_PORT: String(config.port),
      },
      WORKERS,
    );
  }
  const login = await app.inject({
    method: 'POST',
    url: '/api/v1/user',
    payload: { email: 'admin@mirante.app.br', password: 'mirante2026' },
  });
  const token = login.json<{ api_token: string }>().api_token;
  // The scene's tile URL as the map gets it: versioned and, the scene being published, signed.
  const listed = await app.inject({
    method: 'GET',
    url: `/api/v1/project/${project.id}/last-scene`,
    headers: { authorization: `Bearer ${token}` },
  });
  const tileUrl = listed.json<{ data: { tileUrl: string } }>().data.tileUrl;
  if (process.env.BENCH_PROFILE_FILE) await profileOnSignal(process.env.BENCH_PROFILE_FILE);
  console.log(`READY ${JSON.stringify({ port: config.port, token, tileUrl })}`);
  const stop = async () => {
    for (const worker of Object.values(cluster.workers ?? {})) worker?.kill('SIGTERM');
    await app.close();
    await infra.close();
    // The scratch database and storage hold a copy of the source (over 1 GB for the large run).
    await rm(dataDir, { recursive: true, force: true });
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop());
  process.on('SIGINT', () => void stop());
}

void (cluster.isWorker ? serveWorker() : main());
