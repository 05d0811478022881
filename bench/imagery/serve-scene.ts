import { chmod, mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../apps/server/src/config';
import { seedDemoData } from '../../apps/server/src/features/demo/demo.seed';
import { buildApp } from '../../apps/server/src/http/app';
import { startInfrastructure } from '../../apps/server/src/infrastructure';
import { createServices } from '../../apps/server/src/services';

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
  const config = {
    ...loadConfig({}),
    dataDir,
    storageDir: path.join(dataDir, 'storage'),
    embeddedPostgresPort: 54_000 + Math.floor(Math.random() * 900),
    port: Number(portText ?? 3999),
  };
  const infra = await startInfrastructure(config, () => undefined);
  await seedDemoData(infra.db);
  const services = createServices(infra);
  const project = await infra.db
    .selectFrom('projects')
    .select('id')
    .where('space', '=', 'jardim-das-palmeiras')
    .executeTakeFirstOrThrow();

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
      rssBeforeMb: rssBefore / 2 ** 20,
      peakRssMb: Math.max(peakRss, process.resourceUsage().maxRSS * 1024) / 2 ** 20,
      tiles: row.tileCount,
      minZoom: row.minZoom,
      maxZoom: row.maxZoom,
      bounds: row.bounds,
      archivePath: path.join(config.storageDir, row.archiveKey ?? ''),
    })}`,
  );

  const app = await buildApp(infra, services, { serveWeb: false });
  await app.listen({ port: config.port, host: '127.0.0.1' });
  const login = await app.inject({
    method: 'POST',
    url: '/api/v1/user',
    payload: { email: 'admin@mirante.app.br', password: 'mirante2026' },
  });
  console.log(
    `READY ${JSON.stringify({ port: config.port, token: login.json<{ api_token: string }>().api_token })}`,
  );
  const stop = async () => {
    await app.close();
    await infra.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop());
  process.on('SIGINT', () => void stop());
}

void main();
