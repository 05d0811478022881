/*
 * Layer import bench: 10,000 lots from a zipped Shapefile (SIRGAS 2000 / UTM 23S, Latin-1 .dbf) through
 * POST /project/:id/layers/import over app.inject (multipart parsing, reading, CRS, validity, matching, writing,
 * report included). Cases: a new import into a project with a given boundary (goal ≤ 5 s), the same file again
 * (10,000 lots updated in place), a dry run, and a project without boundary (the outline derived too).
 * Throwaway embedded PostgreSQL in a temp folder, or TEST_DATABASE_URL's server. Figures go to
 * bench/RESULTS.md between the layer-import markers.
 */
import { randomBytes } from 'node:crypto';
import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import type { LayerImportReport } from '@mirante/shared';
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';
import { createDb } from '../../apps/server/src/db/database';
import { startEmbeddedPostgres } from '../../apps/server/src/db/embedded-postgres';
import { migrate } from '../../apps/server/src/db/migrate';
import { DEMO_PASSWORD } from '../../apps/server/src/features/demo/demo-accounts';
import { seedDemoData } from '../../apps/server/src/features/demo/demo.seed';
import { createMailer } from '../../apps/server/src/mail/mailer';
import { createServices } from '../../apps/server/src/services';
import { createLocalStorage } from '../../apps/server/src/storage/local-storage';
import { multipartBody } from '../../apps/server/test/multipart';
import { freePort } from '../../apps/server/test/server-process';
import { makeLotsShapefile } from './make-lots';

const LOTS = Number(process.env.BENCH_LOTS ?? 10_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const RESULTS = path.resolve('bench/RESULTS.md');
const START = '<!-- layer-import:start -->';
const END = '<!-- layer-import:end -->';

async function database(dir: string): Promise<{ url: string; stop: () => Promise<void> }> {
  if (process.env.TEST_DATABASE_URL) {
    const base = new URL(process.env.TEST_DATABASE_URL);
    const name = `bench_layer_import_${Date.now()}`;
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    base.pathname = `/${name}`;
    return {
      url: base.toString(),
      stop: async () => {
        const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
        await client.connect();
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await client.end();
      },
    };
  }
  await chmod(dir, 0o755);
  const embedded = await startEmbeddedPostgres({
    dataDir: path.join(dir, 'postgres'),
    port: await freePort(),
    database: 'bench',
  });
  return { url: embedded.connectionString, stop: () => embedded.stop() };
}

/** Waits (at most 10 minutes) for a 1-min load below 2; BENCH_NO_WAIT=1 skips it. */
async function waitForIdle(): Promise<number> {
  const attempts = process.env.BENCH_NO_WAIT === '1' ? 0 : 20;
  for (let attempt = 0; attempt < attempts; attempt++) {
    const load = os.loadavg()[0] ?? 0;
    if (load < 2) return load;
    console.log(`carga ${load.toFixed(2)} ≥ 2; aguardando 30 s…`);
    await new Promise((resolve) => setTimeout(resolve, 30_000));
  }
  return os.loadavg()[0] ?? 0;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

async function main(): Promise<void> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'mirante-bench-layer-import-'));
  const pgServer = await database(dir);
  try {
    await migrate(pgServer.url);
    const db = createDb(pgServer.url, 4);
    await seedDemoData(db);
    const config = {
      ...loadConfig({}),
      // The server's secret, random per run (a real start reads or makes the data folder's).
      integrationKey: randomBytes(32),
      dataDir: dir,
      storageDir: path.join(dir, 'storage'),
      databaseUrl: pgServer.url,
    };
    const infra = {
      config,
      db,
      mailer: createMailer({ smtpUrl: '', outboxDir: path.join(dir, 'outbox'), from: config.mailFrom }),
      storage: createLocalStorage(config.storageDir),
    };
    const services = createServices(infra);
    const app = await buildApp(infra, services, { serveWeb: false });
    await app.ready();
    const login = await app.inject({
      method: 'POST',
      url: '/api/v1/user',
      payload: { email: 'admin@mirante.app.br', password: DEMO_PASSWORD },
    });
    const token = login.json<{ api_token: string }>().api_token;
    const customer = await db.selectFrom('customers').select('id').orderBy('id').executeTakeFirstOrThrow();
    let sequence = 0;
    const newProject = async (withBoundary: boolean) => {
      const space = `bench-import-${Date.now()}-${++sequence}`;
      const project = await services.projects.create({
        customerId: customer.id,
        name: space,
        space,
        projectType: 'ALLOTMENT',
        delimiter: {
          type: 'Polygon',
          coordinates: [
            [
              [-46.8, -23.8],
              [-46.0, -23.8],
              [-46.0, -23.6],
              [-46.8, -23.6],
              [-46.8, -23.8],
            ],
          ],
        },
      });
      if (!withBoundary) {
        await db
          .updateTable('projects')
          .set({ delimiter: null, bbox: null, center: null })
          .where('id', '=', project.id)
          .execute();
      }
      return project.id;
    };
    const started = performance.now();
    const file = makeLotsShapefile(LOTS);
    console.log(
      `arquivo: ${LOTS} lotes, ${(file.length / 1e6).toFixed(2)} MB (gerado em ${(performance.now() - started).toFixed(0)} ms)`,
    );
    const run = async (projectId: number, fields: Record<string, string> = {}) => {
      const body = multipartBody(fields, [{ name: 'file', filename: 'lotes.zip', content: file }]);
      const at = performance.now();
      const response = await app.inject({
        method: 'POST',
        url: `/api/v1/project/${projectId}/layers/import`,
        headers: { authorization: `Bearer ${token}`, ...body.headers },
        payload: body.payload,
      });
      const ms = performance.now() - at;
      if (response.statusCode !== 200)
        throw new Error(`import ${response.statusCode}: ${response.body.slice(0, 300)}`);
      return { ms, report: response.json<LayerImportReport>(), bytes: response.rawPayload.length };
    };
    // Warm-up (JIT, epsg-index, the grids' code paths) on a small project, not measured.
    await run(await newProject(true), { dryRun: 'true' });
    const loadBefore = await waitForIdle();
    const rows: string[] = [];
    const measure = async (
      label: string,
      prepare: () => Promise<number>,
      fields: Record<string, string>,
      check: (r: LayerImportReport) => string,
    ) => {
      const times: number[] = [];
      let note = '';
      for (let i = 0; i < RUNS; i++) {
        const projectId = await prepare();
        const result = await run(projectId, fields);
        times.push(result.ms);
        note = `${check(result.report)}; resposta ${(result.bytes / 1e6).toFixed(1)} MB`;
      }
      const line = `| ${label} | ${median(times).toFixed(0)} ms | ${Math.min(...times).toFixed(0)}–${Math.max(...times).toFixed(0)} ms | ${note} |`;
      console.log(line);
      rows.push(line);
    };
    await measure(
      'novo projeto (limite dado): 10.000 lotes criados',
      () => newProject(true),
      {},
      (r) => `${r.lots.created} criados`,
    );
    const reimported = await newProject(true);
    await run(reimported);
    await measure(
      'reimportação: 10.000 lotes atualizados no lugar',
      () => Promise.resolve(reimported),
      {},
      (r) => `${r.lots.updated} atualizados`,
    );
    await measure(
      'dryRun (relatório e prévia, nada gravado)',
      () => newProject(true),
      { dryRun: 'true' },
      (r) => `${r.validCount} válidos`,
    );
    await measure(
      'projeto sem limite: lotes + contorno derivado',
      () => newProject(false),
      {},
      (r) => `${r.lots.created} criados, contorno ${r.derived.boundary ? 'derivado' : 'não derivado'}`,
    );
    const loadAfter = os.loadavg()[0] ?? 0;
    await app.close();
    await db.destroy();

    const section = [
      START,
      '## Layer import (`npm run bench:layer-import`)',
      '',
      `${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, ${os.cpus().length} núcleos, Node ${process.version}; carga (1 min) ${loadBefore.toFixed(2)} antes, ${loadAfter.toFixed(2)} depois. ` +
        `POST /project/:id/layers/import via app.inject (multipart, leitura do Shapefile, CRS, validade JTS, casamento com os lotes existentes, gravação numa transação e relatório com prévia incluídos). ` +
        `Arquivo: ${LOTS} lotes reais de São Paulo (testdata/vectors, repetidos lado a lado), Shapefile zipado em SIRGAS 2000 / UTM 23S com .prj ESRI, .dbf Latin-1, ${(file.length / 1e6).toFixed(2)} MB. ` +
        `Mediana de ${RUNS} execuções após 1 de aquecimento. Meta: ≤ 5 s para 10.000 lotes.` +
        (loadBefore >= 2 || loadAfter >= 2
          ? ' **Máquina carregada (carga ≥ 2 em 2 núcleos, outros processos do projeto rodando): os números são pessimistas.**'
          : ''),
      '',
      '| caso | mediana | faixa | resultado |',
      '| --- | --- | --- | --- |',
      ...rows,
      END,
    ].join('\n');
    const current = await readFile(RESULTS, 'utf8').catch(() => '# Bench results\n');
    const startAt = current.indexOf(START);
    const endAt = current.indexOf(END);
    const next =
      startAt >= 0 && endAt > startAt
        ? `${current.slice(0, startAt)}${section}${current.slice(endAt + END.length)}`
        : `${current.trimEnd()}\n\n${section}\n`;
    await writeFile(RESULTS, next);
  } finally {
    await pgServer.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

await main();
