/*
 * Detections report bench: detections-history for 5,000 lots × 24 dates (p50/p95 over HTTP,
 * serialisation included) and the Excel export of 10,000 rows. Throwaway database: embedded PostgreSQL in a
 * temp folder, or TEST_DATABASE_URL's server. Figures go to bench/RESULTS.md between the
 * detections-report markers (other sections untouched).
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile, chmod } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import ExcelJS from 'exceljs';
import pg from 'pg';
import { sql } from 'kysely';
import { loadConfig } from '../../apps/server/src/config';
import { createDb, type Db } from '../../apps/server/src/db/database';
import { startEmbeddedPostgres } from '../../apps/server/src/db/embedded-postgres';
import { migrate } from '../../apps/server/src/db/migrate';
import { DEMO_PASSWORD } from '../../apps/server/src/features/demo/demo-accounts';
import { seedDemoData } from '../../apps/server/src/features/demo/demo.seed';
import { buildApp } from '../../apps/server/src/app';
import { createMailer } from '../../apps/server/src/mail/mailer';
import { createServices } from '../../apps/server/src/services';
import { createLocalStorage } from '../../apps/server/src/storage/local-storage';
import { freePort } from '../../apps/server/test/server-process';

const LOTS = 5_000;
const EXPORT_LOTS = 10_000;
const DATES = 24;
const RUNS = Number(process.env.BENCH_RUNS ?? 40);
const RESULTS = path.resolve('bench/RESULTS.md');
const START = '<!-- detections-report:start -->';
const END = '<!-- detections-report:end -->';
const STATUSES = ['V', 'B', 'E', 'C', 'O'];

async function database(dir: string): Promise<{ url: string; stop: () => Promise<void> }> {
  if (process.env.TEST_DATABASE_URL) {
    const base = new URL(process.env.TEST_DATABASE_URL);
    const name = `bench_detections_${Date.now()}`;
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

const monthDate = (index: number) => {
  const date = new Date(Date.UTC(2024, index, 15));
  return date.toISOString().slice(0, 10);
};

/** `count` LOT layers in 50-lot blocks (4 stages) and their statuses on DATES monthly dates, set-based. */
async function seedLots(db: Db, projectId: number, from: number, count: number): Promise<void> {
  const square = JSON.stringify({
    type: 'Polygon',
    coordinates: [
      [
        [0, 0],
        [0, 0.0001],
        [0.0001, 0.0001],
        [0.0001, 0],
        [0, 0],
      ],
    ],
  });
  await sql`
    INSERT INTO layers (project_id, type, name, block, stage, customer_code, tag_value, source_key, geo_json, bbox)
    SELECT ${projectId}, 'LOT', 'Lote ' || (n % 50 + 1), 'Q' || (n / 50 + 1), 'Etapa ' || (n / 1250 + 1),
      'C' || lpad(n::text, 6, '0'), (n % 50 + 1)::text, 'bench:' || n, ${square}::jsonb, ARRAY[0, 0, 0.0001, 0.0001]
    FROM generate_series(${from}::int, ${from + count - 1}::int) AS n`.execute(db);
  await sql`
    INSERT INTO lot_status_history (layer_id, date, status, precision, source)
    SELECT l.id, (DATE '2024-01-15' + make_interval(months => d))::date,
      (${sql.lit(`{${STATUSES.join(',')}}`)}::text[])[1 + LEAST(4, (d + (l.id % 7)) / 6)], NULL, 'manual'
    FROM layers l CROSS JOIN generate_series(0, ${DATES - 1}::int) AS d
    WHERE l.project_id = ${projectId} AND l.source_key LIKE 'bench:%' AND l.id NOT IN (
      SELECT layer_id FROM lot_status_history)`.execute(db);
  await sql`ANALYZE`.execute(db);
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
};

/** Waits (at most 10 minutes) for a 1-min load below 2; BENCH_NO_WAIT=1 skips it (profiling runs). */
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

async function main(): Promise<void> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'mirante-bench-detections-'));
  const pgServer = await database(dir);
  try {
    await migrate(pgServer.url);
    const db = createDb(pgServer.url, 4);
    await seedDemoData(db);
    const project = await db
      .selectFrom('projects')
      .select('id')
      .where('space', '=', 'jardim-das-palmeiras')
      .executeTakeFirstOrThrow();
    await seedLots(db, project.id, 0, LOTS);
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
    const app = await buildApp(infra, createServices(infra), { serveWeb: false });
    await app.ready();
    const login = await app.inject({
      method: 'POST',
      url: '/api/v1/user',
      payload: { email: 'gerente@horizonte.com.br', password: DEMO_PASSWORD },
    });
    const token = login.json<{ api_token: string }>().api_token;
    const first = monthDate(0);
    const last = monthDate(DATES - 1);
    const history = async (body: Record<string, string>) => {
      const started = performance.now();
      const response = await app.inject({
        method: 'POST',
        url: `/api/v1/project/${project.id}/detections-history`,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams(body).toString(),
      });
      if (response.statusCode !== 200)
        throw new Error(`history ${response.statusCode}: ${response.body.slice(0, 200)}`);
      return {
        ms: performance.now() - started,
        rows: response.json<{ tableRows: unknown[] }>().tableRows.length,
      };
    };
    const loadBefore = await waitForIdle();
    const cases = {
      'Entre, 24 datas': { startDate: first, endDate: last, dateType: 'between' },
      'E, 2 datas': { startDate: first, endDate: last, dateType: 'and' },
      'abertura (última data)': {},
    };
    const figures: string[] = [];
    for (const [label, body] of Object.entries(cases)) {
      for (let i = 0; i < 3; i++) await history(body);
      const times: number[] = [];
      let rows = 0;
      for (let i = 0; i < RUNS; i++) {
        const run = await history(body);
        times.push(run.ms);
        rows = run.rows;
      }
      const line = `| ${label} | ${rows} | ${percentile(times, 50).toFixed(0)} ms | ${percentile(times, 95).toFixed(0)} ms |`;
      console.log(line);
      figures.push(line);
    }

    await seedLots(db, project.id, LOTS, EXPORT_LOTS - LOTS);
    const exportTimes: number[] = [];
    let exportBytes = 0;
    let exportRows = 0;
    for (let i = 0; i < 3; i++) {
      const started = performance.now();
      const query = new URLSearchParams({
        fileType: 'xls',
        startDate: first,
        endDate: last,
        dateType: 'between',
        api_token: token,
      });
      const response = await app.inject({
        method: 'GET',
        url: `/api/v1/project/${project.id}/allotments/export?${query.toString()}`,
      });
      exportTimes.push(performance.now() - started);
      exportBytes = response.rawPayload.length;
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
      exportRows = (workbook.getWorksheet('Detecções')?.rowCount ?? 1) - 1;
    }
    const exportLine = `Excel (.xlsx) de ${exportRows} linhas × ${DATES} datas (${(exportBytes / 1e6).toFixed(1)} MB): melhor ${Math.min(...exportTimes).toFixed(0)} ms, pior ${Math.max(...exportTimes).toFixed(0)} ms (3 execuções).`;
    console.log(exportLine);
    const loadAfter = os.loadavg()[0] ?? 0;
    await app.close();
    await db.destroy();

    const section = [
      START,
      '## Detections report (`npm run bench:detections`)',
      '',
      `${new Date().toISOString().slice(0, 10)}, ${os.cpus().length} núcleos, Node ${process.version}; carga (1 min) ${loadBefore.toFixed(2)} antes, ${loadAfter.toFixed(2)} depois. ` +
        `POST detections-history via HTTP (app.inject: validação da entrada, SQL, montagem das linhas e JSON incluídos; a resposta é serializada por JSON.stringify, sem o serializador zod, e o teste de API valida o contrato), usuário MANAGER (filtro de aprovação ativo), ${LOTS} lotes × ${DATES} datas, ${RUNS} execuções após 3 de aquecimento. Meta: p95 < 300 ms.` +
        (loadBefore >= 2 || loadAfter >= 2
          ? ` **Máquina carregada (carga ≥ 2 em 2 núcleos, outros processos do projeto rodando): os números são pessimistas.**`
          : ''),
      '',
      '| consulta | linhas | p50 | p95 |',
      '| --- | --- | --- | --- |',
      ...figures,
      '',
      `${exportLine} Meta: < 3 s. Gerado pelo WorkbookWriter de streaming do exceljs, enviado como stream.`,
      '',
      'Antes da otimização (mesmo dia, carga 8–18): Entre p50 1561 ms / p95 2431 ms; E p95 680 ms; abertura p95 660 ms; Excel 9273–13433 ms. ' +
        'Mudanças: sem validação zod da resposta (5000 linhas × 48 chaves dinâmicas), pivot SQL em uma consulta devolvendo texto alinhado às datas (sem JSON por lote), ' +
        'chaves e nomes pré-calculados na montagem das linhas, Excel por streaming com um único objeto de estilo compartilhado e CSV em blocos.',
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
