// bench/finance: the portfolio (Análise da carteira) of a project with 10,000 lots, all with sale data —
// POST project/:id/informations latency and payload, then in headless Chromium the time from navigation to the
// rendered table and the frame times while the table scrolls. Writes bench/RESULTS.md (finance-portfolio).
import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { chromium, type Page } from 'playwright-core';
import { seedLots } from '../map/seed-lots';
import {
  startServerProcess,
  stopServerProcess,
  type ServerProcess,
} from '../../apps/server/test/server-process';
import { writeBenchResults } from '../results';

const DATA = process.env.BENCH_FINANCE_DIR ?? '/tmp/mirante-bench-finance';
// The finance helper's assigned port (E2E_PORT 3204); its embedded PostgreSQL derives from it.
const PORT = Number(process.env.BENCH_FINANCE_PORT ?? 3204);
const PG_PORT = PORT + 51239;
const LOTS = Number(process.env.BENCH_LOTS ?? 10_000);
const CALLS = 20;
const NAVIGATIONS = 5;
const SPACE = 'jardim-das-palmeiras';
const MANAGER = { email: 'gerente@horizonte.com.br', password: 'mirante2026' };
const BASE = `http://localhost:${PORT}`;

const load1 = () => os.loadavg()[0] ?? 0;
const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
};
const ms = (value: number) => `${value.toFixed(1)} ms`;

function startServer(): Promise<ServerProcess> {
  return startServerProcess(
    {
      NODE_ENV: 'production',
      DEMO_DATA: '1',
      DATA_DIR: DATA,
      EMBEDDED_PG_PORT: String(PG_PORT),
      APP_URL: BASE,
      SMTP_URL: '',
      DEMO_IMAGERY: '0',
      // Production refuses to start without the ERP credentials' key; a throwaway one for the throwaway data.
      INTEGRATION_KEY: randomBytes(32).toString('base64'),
      LOGIN_RATE_LIMIT: '1000',
    },
    PORT,
    { inheritStderr: true },
  );
}

async function stopServer(server: ServerProcess): Promise<void> {
  await stopServerProcess(server, 'SIGTERM');
}

/** Sale data for every lot without any: a mix of sold, paid-off, available and defaulting lots. */
async function seedSales(connectionString: string, projectId: number): Promise<void> {
  const db = new pg.Client(connectionString);
  await db.connect();
  try {
    await db.query(
      `INSERT INTO lot_informations (layer_id, project_id, codigo_comprador, nome_comprador, status_unidade, status,
         valor_venda, valor_inadimplencia, qtde_parcelas_vencidas, codigo_venda, data_venda, inscricao_iptu,
         termo_posse, escritura, registro, status_construcao, status_escritura, notas)
       SELECT l.id, l.project_id,
         CASE WHEN l.id % 4 = 0 THEN NULL ELSE 'C' || (l.id % 99999) END,
         CASE WHEN l.id % 4 = 0 THEN NULL ELSE 'Comprador ' || l.id || ' da Silva' END,
         CASE l.id % 4 WHEN 0 THEN 'Disponível' WHEN 1 THEN 'Quitado' ELSE 'Vendida' END,
         CASE WHEN l.id % 13 = 0 THEN 'Inadimplente' ELSE 'Adimplente' END,
         60000 + (l.id % 97) * 1500,
         CASE WHEN l.id % 13 = 0 THEN 1200 + (l.id % 7) * 350 ELSE 0 END,
         CASE WHEN l.id % 13 = 0 THEN 1 + l.id % 6 ELSE 0 END,
         'V' || (l.id % 99999),
         DATE '2023-01-01' + (l.id % 1000),
         '01.' || l.id,
         l.id % 2 = 0, l.id % 5 = 0, l.id % 10 = 0,
         'Em andamento', 'Não iniciado', NULL
       FROM layers l
       WHERE l.project_id = $1 AND l.type = 'LOT'
       ON CONFLICT (layer_id) DO NOTHING`,
      [projectId],
    );
  } finally {
    await db.end();
  }
}

async function apiFigures(projectId: number, token: string) {
  const call = () =>
    fetch(`${BASE}/api/v1/project/${projectId}/informations`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: '',
    });
  await call();
  const times: number[] = [];
  let bytes = 0;
  let lots = 0;
  for (let i = 0; i < CALLS; i++) {
    const start = performance.now();
    const response = await call();
    const text = await response.text();
    times.push(performance.now() - start);
    bytes = text.length;
    lots = (JSON.parse(text) as { list: unknown[] }).list.length;
  }
  return { p50: quantile(times, 0.5), p95: quantile(times, 0.95), bytes, lots };
}

/** Marks the moment the first table row is in the DOM (performance.now(), from navigation start). */
const MARK_RENDERED = `(() => {
  const observer = new MutationObserver(() => {
    if (document.querySelector('[data-testid="portfolio-row"]')) {
      window.__portfolioRenderedAt = performance.now();
      observer.disconnect();
    }
  });
  observer.observe(document, { childList: true, subtree: true });
})()`;

/** rAF frame times while the table is scrolled 120 px per frame to the bottom and back. */
async function scrollFrames(page: Page): Promise<{ frames: number[]; rowsInDom: number }> {
  return (await page.evaluate(`new Promise((resolve) => {
    const table = document.querySelector('[data-testid="portfolio-table"]');
    const frames = [];
    let last = performance.now();
    let direction = 1;
    let rowsInDom = 0;
    const tick = (now) => {
      frames.push(now - last);
      last = now;
      table.scrollTop += 120 * direction;
      rowsInDom = Math.max(rowsInDom, table.querySelectorAll('[data-testid="portfolio-row"]').length);
      if (direction === 1 && table.scrollTop + table.clientHeight >= table.scrollHeight - 1) direction = -1;
      if (frames.length >= 600 || (direction === -1 && table.scrollTop <= 0)) resolve({ frames: frames.slice(1), rowsInDom });
      else requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  })`)) as { frames: number[]; rowsInDom: number };
}

async function browserFigures() {
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1366, height: 768 } });
    await page.goto(`${BASE}/`);
    await page.getByLabel('Email').fill(MANAGER.email);
    await page.getByLabel('Senha').fill(MANAGER.password);
    await page.getByLabel('Senha').press('Enter');
    await page.waitForURL(/\/page\/(fusion-map|area)/, { timeout: 60_000 });
    await page.addInitScript(MARK_RENDERED);
    const rendered: number[] = [];
    for (let i = 0; i < NAVIGATIONS; i++) {
      await page.goto(`${BASE}/page/information`);
      await page.waitForFunction(
        () => (window as { __portfolioRenderedAt?: number }).__portfolioRenderedAt !== undefined,
        null,
        { timeout: 60_000 },
      );
      rendered.push((await page.evaluate('window.__portfolioRenderedAt')) as number);
    }
    await page.waitForTimeout(500);
    const { frames, rowsInDom } = await scrollFrames(page);
    // a sort of 10,000 rows, click to the first row re-rendered
    const sortStart = Date.now();
    await page.getByRole('columnheader', { name: 'Valor de venda' }).click();
    await page.waitForSelector('[aria-sort="ascending"]');
    const sortMs = Date.now() - sortStart;
    return {
      renderedMedian: quantile(rendered, 0.5),
      rendered,
      frameMedian: quantile(frames, 0.5),
      frameP95: quantile(frames, 0.95),
      frames: frames.length,
      rowsInDom,
      sortMs,
    };
  } finally {
    await browser.close();
  }
}

async function main(): Promise<void> {
  const loadBefore = load1();
  await rm(DATA, { recursive: true, force: true });
  let server = await startServer();
  await stopServer(server); // first start: demo data, layers and portfolio seeded
  const { startEmbeddedPostgres } = await import('../../apps/server/src/db/embedded-postgres');
  const db = await startEmbeddedPostgres({
    dataDir: path.join(DATA, 'postgres'),
    port: PG_PORT,
    database: 'mirante',
    log: () => undefined,
  });
  const projectId = await seedLots(db.connectionString, SPACE, LOTS);
  await seedSales(db.connectionString, projectId);
  await db.stop();
  server = await startServer();
  try {
    const login = await fetch(`${BASE}/api/v1/user`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(MANAGER),
    });
    const { api_token } = (await login.json()) as { api_token: string };
    const api = await apiFigures(projectId, api_token);
    console.log('API', api);
    const web = await browserFigures();
    console.log('browser', web);
    const loadAfter = load1();
    const ok = (good: boolean) => (good ? 'met' : '**not met**');
    const fps = 1000 / web.frameMedian;
    writeBenchResults(
      'finance-portfolio',
      `## Finance portfolio (\`npm run bench:finance\`, ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC)\n\n` +
        `Demo allotment grown to ${api.lots.toLocaleString('en')} lots, every one with sale data (throwaway data ` +
        `folder), signed in as the demo MANAGER; headless Chromium 1366×768, ${os.cpus().length} cores, load ` +
        `average ${loadBefore.toFixed(2)} before / ${loadAfter.toFixed(2)} after (other helpers share the machine).\n\n` +
        `| Measure | Figure | Target |\n|---|---|---|\n` +
        `| POST project/:id/informations p50 / p95 (${CALLS} calls, alerts computed) | ${ms(api.p50)} / ${ms(api.p95)} | |\n` +
        `| Payload | ${(api.bytes / 1e6).toFixed(2)} MB JSON | |\n` +
        `| Navigation → first table row rendered (median of ${NAVIGATIONS}) | ${ms(web.renderedMedian)} (${web.rendered.map((v) => v.toFixed(0)).join(', ')}) | ≤ 1,500 ms — ${ok(web.renderedMedian <= 1500)} |\n` +
        `| Scroll frame time median (${web.frames} frames, 120 px per frame to the bottom and back) | ${ms(web.frameMedian)} (${fps.toFixed(0)} fps) | 60 fps (≤ 16.7 ms) — ${ok(Math.round(fps) >= 60)} |\n` +
        `| Scroll frame time p95 | ${ms(web.frameP95)} | |\n` +
        `| Rows in the DOM while scrolling (virtualised) | ${web.rowsInDom} of ${api.lots.toLocaleString('en')} | |\n` +
        `| Sort 10,000 rows by 'Valor de venda' (click → header marked) | ${web.sortMs} ms | |\n\n`,
    );
  } finally {
    await stopServer(server);
    await rm(DATA, { recursive: true, force: true });
  }
}

await main();
