import { randomBytes } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../apps/server/src/config';
import { seedDemoData } from '../../apps/server/src/features/demo/demo.seed';
import { startInfrastructure } from '../../apps/server/src/infrastructure';
import { createServices } from '../../apps/server/src/services';
import { fileFootprint } from './file-footprint';
import { writeLargeGeoTiff } from './write-large-geotiff';

/**
 * Our ingest (`scenes.ingestLocalFile`, the path of `bench/imagery/run.ts`) against `gdal2tiles.py
 * --processes=2 --xyz` on the same files and the same zoom range, runs interleaved (ours, GDAL, ours, GDAL…)
 * so a burst of load from other work on the shared cores hits both alike; the median of each is reported.
 */
const SIZE = Number(process.env.BENCH_SIZE ?? 8000);
const RUNS = Math.max(2, Number(process.env.BENCH_RUNS ?? 2));
const WORK = process.env.BENCH_DIR ?? '/tmp/mirante-bench';
/** The shared test-data collection beside the clone (or beside the folder of worktrees), or SHARED_TESTDATA. */
const COLLECTION = [
  process.env.SHARED_TESTDATA,
  path.join(import.meta.dirname, '../../../shared/testdata'),
  path.join(import.meta.dirname, '../../../../shared/testdata'),
]
  .filter((dir): dir is string => Boolean(dir))
  .map((dir) => path.resolve(dir, 'imagery'))
  .find((dir) => existsSync(dir));
/** 8-bit photographs of the shared collection, the largest ones (each is still under 1.6 MP). */
const REAL_FILES = [
  'jpeg_tiled_alpha_epsg3857_4m.tif',
  'cog_jpeg_ycbcr_epsg3857_0.6m.tif',
  'landsat7_rgb_lzw_tiled_utm18n.tif',
  'bali_drone_ortho_rgba_utm50s_0.35m.tif',
  'colorado_hro_rgb_0.15m_nad83_utm13n.tif',
];

interface Case {
  label: string;
  file: string;
  megapixels: number;
}

/** One run: wall seconds, and CPU seconds (user + sys) of every thread and child process it used. */
interface Timing {
  wall: number;
  cpu: number;
}

interface Row extends Case {
  ours: Timing[];
  gdal: Timing[];
  /** `gdal_translate -of COG`: what a dynamic tiler needs before its first tile. */
  cog: Timing[];
  zooms: string;
  ourTiles: number;
  gdalTiles: number;
}

const load1 = () => os.loadavg()[0]!.toFixed(2);
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

async function countFiles(dir: string, extension: string): Promise<number> {
  const entries = await readdir(dir, { recursive: true });
  return entries.filter((entry) => entry.endsWith(extension)).length;
}

const TIME_MARK = 'MIRANTE-CPU';

/**
 * gdal2tiles under GNU time, whose user and system times include every process gdal2tiles waited for (its
 * `--processes` workers): the CPU figure does not depend on what else shares the cores, the wall time does.
 */
function runGdal(file: string, zooms: string, outDir: string): Timing {
  const started = performance.now();
  const result = spawnSync(
    '/usr/bin/time',
    [
      '-f',
      `${TIME_MARK} %U %S`,
      'gdal2tiles.py',
      '--processes=2',
      '--xyz',
      '-z',
      zooms,
      '-w',
      'none',
      '-q',
      file,
      outDir,
    ],
    { encoding: 'utf8' },
  );
  const wall = (performance.now() - started) / 1000;
  if (result.status !== 0) throw new Error(`gdal2tiles falhou em ${file}: ${result.stderr}`);
  const line = result.stderr.split('\n').find((text) => text.startsWith(TIME_MARK));
  const [user, system] = (line ?? '').split(' ').slice(1).map(Number);
  return { wall, cpu: (user ?? NaN) + (system ?? NaN) };
}

/**
 * The COG route a user could take instead: `gdal_translate -of COG` (its defaults), after which a dynamic tiler
 * (TiTiler, GeoServer) serves the first tile by reading a few ranges of the file. Timed like gdal2tiles.
 */
function runCog(file: string, output: string): Timing {
  const started = performance.now();
  const result = spawnSync(
    '/usr/bin/time',
    ['-f', `${TIME_MARK} %U %S`, 'gdal_translate', '-q', '-of', 'COG', file, output],
    { encoding: 'utf8' },
  );
  const wall = (performance.now() - started) / 1000;
  if (result.status !== 0) throw new Error(`gdal_translate falhou em ${file}: ${result.stderr}`);
  const line = result.stderr.split('\n').find((text) => text.startsWith(TIME_MARK));
  const [user, system] = (line ?? '').split(' ').slice(1).map(Number);
  return { wall, cpu: (user ?? NaN) + (system ?? NaN) };
}

/** CPU seconds (user + sys) of this process since `since`: the main thread, sharp's and geotiff.js's threads. */
function cpuSince(since: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1e6;
}

async function writeResults(section: string): Promise<void> {
  const file = path.join(import.meta.dirname, '..', 'RESULTS.md');
  const start = '<!-- imagery-vs-gdal:start -->';
  const end = '<!-- imagery-vs-gdal:end -->';
  const current = existsSync(file) ? await readFile(file, 'utf8') : '# Benchmark results\n\n';
  const block = `${start}\n${section}\n${end}`;
  const next = current.includes(start)
    ? current.replace(new RegExp(`${start}[\\s\\S]*${end}`), block)
    : `${current.trimEnd()}\n\n${block}\n`;
  await writeFile(file, next);
}

async function main(): Promise<void> {
  if (spawnSync('gdal2tiles.py', ['--version']).status !== 0) {
    console.log('not run: gdal2tiles.py not found (apt-get install gdal-bin python3-gdal)');
    return;
  }
  if (spawnSync('/usr/bin/time', ['-f', '%U', 'true']).status !== 0) {
    console.log('not run: /usr/bin/time not found (apt-get install time)');
    return;
  }
  await mkdir(WORK, { recursive: true });
  const synthetic = path.join(WORK, `large-${SIZE}-utm22s.tif`);
  if (!existsSync(synthetic)) {
    console.log(`Gerando GeoTIFF ${SIZE} × ${SIZE} em ${synthetic}…`);
    await writeLargeGeoTiff(synthetic, SIZE);
  }
  const cases: Array<Omit<Case, 'megapixels'>> = [
    { label: `synthetic ${SIZE} × ${SIZE} RGB, UTM 22S, 0.3 m`, file: synthetic },
  ];
  if (process.env.BENCH_REAL === '0') console.log('real files skipped (BENCH_REAL=0)');
  else if (COLLECTION) {
    for (const name of REAL_FILES) {
      const file = path.join(COLLECTION, name);
      if (existsSync(file)) cases.push({ label: name, file });
    }
  } else console.log('real files skipped: ../shared/testdata/imagery not found (set SHARED_TESTDATA)');

  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'mirante-bench-data-'));
  await chmod(dataDir, 0o755);
  const config = {
    ...loadConfig({}),
    // The server's secret, random per run (a real start reads or makes the data folder's).
    integrationKey: randomBytes(32),
    dataDir,
    storageDir: path.join(dataDir, 'storage'),
    embeddedPostgresPort: Number(process.env.BENCH_PG_PORT ?? 54_000 + Math.floor(Math.random() * 900)),
  };
  const infra = await startInfrastructure(config, () => undefined);
  const loadStart = os.loadavg();
  const rows: Row[] = [];
  try {
    await seedDemoData(infra.db);
    const services = createServices(infra);
    const customer = await infra.db.selectFrom('customers').select('id').executeTakeFirstOrThrow();
    // gdal2tiles.py's own interpreter (its #! line), not whichever python3 comes first on PATH.
    const python = spawnSync('/usr/bin/python3', ['-c', 'from osgeo import gdal'], { encoding: 'utf8' });
    const pythonStarted = performance.now();
    spawnSync('/usr/bin/python3', ['-c', 'from osgeo import gdal']);
    const pythonSeconds = python.status === 0 ? (performance.now() - pythonStarted) / 1000 : NaN;

    for (const [index, entry] of cases.entries()) {
      const { box, megapixels } = await fileFootprint(entry.file);
      const project = await services.projects.create(
        {
          customerId: customer.id,
          name: `bench-gdal-${index}`,
          space: `bench-gdal-${index}`,
          projectType: 'ALLOTMENT',
          delimiter: box,
        },
        [],
      );
      const row: Row = {
        ...entry,
        megapixels,
        ours: [],
        gdal: [],
        cog: [],
        zooms: '',
        ourTiles: 0,
        gdalTiles: 0,
      };
      for (let run = 0; run < RUNS; run++) {
        const cpu = process.cpuUsage();
        const started = performance.now();
        const scene = await services.scenes.ingestLocalFile({
          projectId: project.id,
          date: '2026-01-15',
          filePath: entry.file,
          publish: true,
          wait: true,
        });
        row.ours.push({ wall: (performance.now() - started) / 1000, cpu: cpuSince(cpu) });
        const stored = await infra.db
          .selectFrom('scenes')
          .select(['minZoom', 'maxZoom', 'tileCount'])
          .where('id', '=', scene.id)
          .executeTakeFirstOrThrow();
        row.zooms = `${stored.minZoom}-${stored.maxZoom}`;
        row.ourTiles = stored.tileCount ?? 0;
        await services.scenes.remove([scene.id]);

        const outDir = path.join(WORK, `gdal2tiles-${index}`);
        await rm(outDir, { recursive: true, force: true });
        row.gdal.push(runGdal(entry.file, row.zooms, outDir));
        row.gdalTiles = await countFiles(outDir, '.png');
        await rm(outDir, { recursive: true, force: true });
        const cogFile = path.join(WORK, `cog-${index}.tif`);
        row.cog.push(runCog(entry.file, cogFile));
        await rm(cogFile, { force: true });
        const ours = row.ours.at(-1)!;
        const gdal = row.gdal.at(-1)!;
        const cog = row.cog.at(-1)!;
        console.log(
          `${entry.label} run ${run + 1}: ours ${ours.wall.toFixed(2)} s (CPU ${ours.cpu.toFixed(2)} s), ` +
            `gdal2tiles ${gdal.wall.toFixed(2)} s (CPU ${gdal.cpu.toFixed(2)} s), ` +
            `COG ${cog.wall.toFixed(2)} s (CPU ${cog.cpu.toFixed(2)} s) (load ${load1()})`,
        );
      }
      rows.push(row);
    }

    const loadEnd = os.loadavg();
    const table = rows
      .map((row) => {
        const ours = median(row.ours.map((run) => run.wall));
        const gdal = median(row.gdal.map((run) => run.wall));
        const oursCpu = median(row.ours.map((run) => run.cpu));
        const gdalCpu = median(row.gdal.map((run) => run.cpu));
        const cog = median(row.cog.map((run) => run.wall));
        const cogCpu = median(row.cog.map((run) => run.cpu));
        return (
          `| ${row.label} | ${row.megapixels.toFixed(2)} | ${row.zooms} | ${row.ourTiles} / ${row.gdalTiles} | ` +
          `${ours.toFixed(2)} s (${(row.megapixels / ours).toFixed(2)} MP/s) | ${gdal.toFixed(2)} s (${(row.megapixels / gdal).toFixed(2)} MP/s) | ` +
          `**${(gdal / ours).toFixed(2)}×** | ${oursCpu.toFixed(2)} s | ${gdalCpu.toFixed(2)} s | **${(gdalCpu / oursCpu).toFixed(2)}×** | ` +
          `${cog.toFixed(2)} s (CPU ${cogCpu.toFixed(2)} s) | ${ours.toFixed(2)} s / ${cog.toFixed(2)} s |`
        );
      })
      .join('\n');
    const gdalVersion = spawnSync('gdalinfo', ['--version'], { encoding: 'utf8' }).stdout.trim();
    const section = `## Ingest vs gdal2tiles (\`npm run bench:imagery-vs-gdal\`, ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC)

Machine: ${os.cpus().length} cores shared with other sessions, Node ${process.version}, ${gdalVersion}. Ours:
\`scenes.ingestLocalFile\` (copy to storage → windowed reads → reprojection → WebP tiles → PMTiles), one Node
process, timed in-process; its CPU is \`process.cpuUsage()\` (user + sys of every thread: sharp's encoders,
geotiff.js's decoders; not the embedded PostgreSQL's few queries). GDAL: \`gdal2tiles.py --processes=2 --xyz -z
<our zooms> -w none\` (PNG, average resampling), timed as the whole process (Python start and \`from osgeo import
gdal\` alone: ${pythonSeconds.toFixed(2)} s); its CPU is user + sys of it and its worker processes (GNU time).
COG: \`gdal_translate -q -of COG\` (defaults), the route of a dynamic tiler, timed the same way. Upload to first
visible tile: ours is the whole ingest (the archive is published when complete); the COG route's is the
translation (a dynamic tiler then reads its first tile in milliseconds, not counted). Wall times depend on what
else shares the cores; CPU times hardly do. Runs interleaved (ours, GDAL, COG, ×${RUNS}); medians. Load average (1, 5, 15 min) before: ${loadStart.map((v) => v.toFixed(2)).join(', ')}; after: ${loadEnd.map((v) => v.toFixed(2)).join(', ')}.

| file | MP | zooms | tiles ours / GDAL | ours (wall) | gdal2tiles --processes=2 (wall) | GDAL ÷ ours, wall | ours (CPU) | GDAL (CPU) | GDAL ÷ ours, CPU | COG translate (wall) | first tile: ours / COG |
|---|---|---|---|---|---|---|---|---|---|---|---|
${table}`;
    if (process.env.BENCH_RESULTS === '1') await writeResults(section);
    console.log(section);
  } finally {
    await infra.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
