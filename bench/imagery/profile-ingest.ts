import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../apps/server/src/config';
import { seedDemoData } from '../../apps/server/src/features/demo/demo.seed';
import { startInfrastructure } from '../../apps/server/src/infrastructure';
import { createServices } from '../../apps/server/src/services';
import { fileFootprint } from './file-footprint';
import { writeLargeGeoTiff } from './write-large-geotiff';

/**
 * One file through `scenes.ingestLocalFile`, BENCH_RUNS times, with wall and CPU time (user + sys of this
 * process: every thread, so sharp's and geotiff.js's too) per run. For profiling loops:
 *   node --cpu-prof --cpu-prof-dir=/tmp/prof --import tsx bench/imagery/profile-ingest.ts [file]
 * Without a file: the synthetic BENCH_SIZE × BENCH_SIZE UTM scene of `bench:imagery-vs-gdal`.
 */
const SIZE = Number(process.env.BENCH_SIZE ?? 4000);
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 3));
const WORK = process.env.BENCH_DIR ?? '/tmp/mirante-bench';

async function main(): Promise<void> {
  let file = process.argv[2];
  if (!file) {
    await mkdir(WORK, { recursive: true });
    file = path.join(WORK, `large-${SIZE}-utm22s.tif`);
    if (!existsSync(file)) await writeLargeGeoTiff(file, SIZE);
  }
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'mirante-profile-data-'));
  await chmod(dataDir, 0o755);
  const config = {
    ...loadConfig({}),
    // The server's secret, random per run (a real start reads or makes the data folder's).
    integrationKey: randomBytes(32),
    dataDir,
    storageDir: path.join(dataDir, 'storage'),
    embeddedPostgresPort: 54_000 + Math.floor(Math.random() * 900),
  };
  const infra = await startInfrastructure(config, () => undefined);
  try {
    await seedDemoData(infra.db);
    const services = createServices(infra);
    const customer = await infra.db.selectFrom('customers').select('id').executeTakeFirstOrThrow();
    const project = await services.projects.create(
      {
        customerId: customer.id,
        name: 'profile-ingest',
        space: 'profile-ingest',
        projectType: 'ALLOTMENT',
        delimiter: (await fileFootprint(file)).box,
      },
      [],
    );
    for (let run = 0; run < RUNS; run++) {
      const cpu = process.cpuUsage();
      const started = performance.now();
      const scene = await services.scenes.ingestLocalFile({
        projectId: project.id,
        date: '2026-01-15',
        filePath: file,
        publish: true,
        wait: true,
      });
      const wall = (performance.now() - started) / 1000;
      const used = process.cpuUsage(cpu);
      const stored = await infra.db
        .selectFrom('scenes')
        .select(['status', 'tileCount', 'minZoom', 'maxZoom'])
        .where('id', '=', scene.id)
        .executeTakeFirstOrThrow();
      console.log(
        `run ${run + 1}: wall ${wall.toFixed(2)} s, cpu ${((used.user + used.system) / 1e6).toFixed(2)} s ` +
          `(user ${(used.user / 1e6).toFixed(2)}, sys ${(used.system / 1e6).toFixed(2)}), ` +
          `${stored.status}, ${stored.tileCount} tiles z${stored.minZoom}-${stored.maxZoom}, load ${os.loadavg()[0]!.toFixed(2)}`,
      );
      await services.scenes.remove([scene.id]);
    }
  } finally {
    await infra.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
