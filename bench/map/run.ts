// bench/map: a project with 5,000 lots (BENCH_LOTS) — GET project/:id/layers latency and payload, the vector
// tiles of a view (cold after a change, warm), then in headless Chromium the time and bytes from sign-in to a
// drawn map, the time from navigation to a rendered map and the frame times while panning. Writes its section
// of bench/RESULTS.md (`map-mvt`).
import { randomBytes } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import pg from 'pg';
import { chromium, type Page } from 'playwright-core';
import { seedLots } from './seed-lots';
import { fittedView, viewAt, type View } from './view-tiles';
import { pageHeapMb, panFrames } from './page-measures';
import {
  startServerProcess,
  stopServerProcess,
  type ServerProcess,
} from '../../apps/server/test/server-process';
import { writeBenchResults } from '../results';

declare global {
  interface Window {
    /** Set by the web map when its first frame is drawn (apps/web/src/features/map/engine/readyMarker.ts). */
    __miranteMapReadyAt?: number;
  }
}

const DATA = process.env.BENCH_MAP_DIR ?? '/tmp/mirante-bench-map';
const PORT = Number(process.env.BENCH_MAP_PORT ?? 3177);
const PG_PORT = PORT + 51239;
const LOTS = Number(process.env.BENCH_LOTS ?? 5000);
const CALLS = Number(process.env.BENCH_CALLS ?? 50);
const REBUILD_CALLS = 20;
const NAVIGATIONS = 3;
/**
 * BENCH_MAP_KEEP=1 keeps (and reuses) the data folder; BENCH_MAP_ONLY=api measures the API only, =signin only the
 * sign-in (BENCH_SIGNINS times, each in a new browser, for comparing builds under load): neither writes RESULTS.
 */
const KEEP = process.env.BENCH_MAP_KEEP === '1';
const API_ONLY = process.env.BENCH_MAP_ONLY === 'api';
const SIGNIN_ONLY = process.env.BENCH_MAP_ONLY === 'signin';
const SIGNINS = Number(process.env.BENCH_SIGNINS ?? 5);
const SPACE = 'jardim-das-palmeiras';
/** The map's area at 1366×768 (less the side panel, header and status bar) and its vector tiles' deepest zoom. */
const MAP_WIDTH = 1016;
const MAP_HEIGHT = 656;
const TILE_MAX_ZOOM = 17;
/** Requests a browser keeps open to one host (HTTP/1.1). */
const BROWSER_CONNECTIONS = 6;
const VIEW_ROUNDS = Number(process.env.BENCH_VIEW_ROUNDS ?? 20);
const USER = { email: 'usuario@horizonte.com.br', password: 'mirante2026' };
const BASE = `http://localhost:${PORT}`;

const load1 = () => os.loadavg()[0] ?? 0;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
};
const ms = (value: number) => `${value.toFixed(1)} ms`;

/** Waits for an idle machine (1-min load < 2), up to BENCH_WAIT_SECONDS; BENCH_FORCE=1 runs regardless. */
async function waitForIdle(): Promise<void> {
  const deadline = Date.now() + Number(process.env.BENCH_WAIT_SECONDS ?? 900) * 1000;
  while (load1() >= 2) {
    if (process.env.BENCH_FORCE === '1') return console.log(`carga ${load1().toFixed(2)}: BENCH_FORCE=1`);
    if (Date.now() > deadline)
      throw new Error(`máquina ocupada (carga ${load1().toFixed(2)}); tente mais tarde`);
    console.log(`carga ${load1().toFixed(2)} ≥ 2: aguardando…`);
    await sleep(20_000);
  }
}

function startServer(): Promise<ServerProcess> {
  return startServerProcess(
    {
      NODE_ENV: 'production',
      DATA_DIR: DATA,
      EMBEDDED_PG_PORT: String(PG_PORT),
      APP_URL: BASE,
      SMTP_URL: '',
      // Production starts without the demo unless asked: the bench's allotment is the demo's.
      DEMO_DATA: '1',
      DEMO_IMAGERY: '0',
      // Production refuses to start without the ERP credentials' key; a throwaway one for the throwaway data.
      INTEGRATION_KEY: randomBytes(32).toString('base64'),
      LOGIN_RATE_LIMIT: '1000',
    },
    PORT,
    // A loaded machine starts slowly (the first start seeds the demo).
    { inheritStderr: true, limitMs: 600_000 },
  );
}

async function stopServer(server: ServerProcess): Promise<void> {
  await stopServerProcess(server, 'SIGTERM');
}

/** One GET as a browser makes it (Accept-Encoding: gzip, deflate, br): the bytes on the wire and the encoding. */
function rawGet(url: string, token: string): Promise<{ wire: Buffer; encoding: string }> {
  return new Promise((resolve, reject) => {
    const headers = { Authorization: `Bearer ${token}`, 'Accept-Encoding': 'gzip, deflate, br' };
    request(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          wire: Buffer.concat(chunks),
          encoding: response.headers['content-encoding'] ?? 'identity',
        }),
      );
      response.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

async function apiFigures(projectId: number, token: string) {
  const url = `${BASE}/api/v1/project/${projectId}/layers`;
  await rawGet(url, token); // warm-up
  const times: number[] = [];
  let last = await rawGet(url, token);
  for (let i = 0; i < CALLS; i++) {
    const start = performance.now();
    last = await rawGet(url, token);
    times.push(performance.now() - start);
  }
  // The list is kept while the project is unchanged: also time the first call after each change (a rebuild).
  const db = new pg.Client(`postgres://mirante:mirante@127.0.0.1:${PG_PORT}/mirante`);
  await db.connect();
  const rebuilt: number[] = [];
  try {
    for (let i = 0; i < REBUILD_CALLS; i++) {
      await db.query(
        `UPDATE layers SET updated_at = now() WHERE id = (SELECT min(id) FROM layers WHERE project_id = $1)`,
        [projectId],
      );
      const start = performance.now();
      await rawGet(url, token);
      rebuilt.push(performance.now() - start);
    }
  } finally {
    await db.end();
  }
  const { wire, encoding } = last;
  const body = encoding === 'br' ? brotliDecompressSync(wire) : encoding === 'gzip' ? gunzipSync(wire) : wire;
  const lots = (JSON.parse(body.toString('utf8')) as { type: string }[]).filter(
    (layer) => layer.type === 'LOT',
  ).length;
  return {
    p50: quantile(times, 0.5),
    p95: quantile(times, 0.95),
    rebuiltP50: quantile(rebuilt, 0.5),
    rebuiltP95: quantile(rebuilt, 0.95),
    bytes: body.length,
    wireBytes: wire.length,
    encoding,
    lots,
  };
}

/** Every tile of a view fetched as a browser does (6 at a time, gzip): the time until the last one arrived. */
async function fetchView(
  projectId: number,
  token: string,
  view: View,
): Promise<{ ms: number; wire: number }> {
  const queue = [...view.tiles];
  let wire = 0;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: BROWSER_CONNECTIONS }, async () => {
      for (let tile = queue.shift(); tile; tile = queue.shift()) {
        const url = `${BASE}/api/v1/project/${projectId}/layer-tiles/${tile.z}/${tile.x}/${tile.y}`;
        wire += (await rawGet(url, token)).wire.length;
      }
    }),
  );
  return { ms: performance.now() - start, wire };
}

/** A view's vector tiles: fitted to the allotment and at street level (z17), warm, and cold after a change. */
async function tileFigures(projectId: number, token: string) {
  const db = new pg.Client(`postgres://mirante:mirante@127.0.0.1:${PG_PORT}/mirante`);
  await db.connect();
  try {
    const { rows } = await db.query<{ w: number; s: number; e: number; n: number }>(
      `SELECT min(bbox[1]) w, min(bbox[2]) s, max(bbox[3]) e, max(bbox[4]) n
         FROM layers WHERE project_id = $1 AND type = 'LOT'`,
      [projectId],
    );
    const { w, s, e, n } = rows[0]!;
    const bbox: [number, number, number, number] = [w, s, e, n];
    const views = {
      fitted: fittedView(bbox, MAP_WIDTH, MAP_HEIGHT, TILE_MAX_ZOOM),
      street: viewAt(bbox, 17.5, MAP_WIDTH, MAP_HEIGHT, TILE_MAX_ZOOM),
    };
    const figures: Record<
      string,
      { tiles: number; zoom: number; wire: number; warm: number[]; cold: number[] }
    > = {};
    for (const [name, view] of Object.entries(views)) {
      const warm: number[] = [];
      const cold: number[] = [];
      let wire = 0;
      for (let round = 0; round < VIEW_ROUNDS; round++) {
        // A change to the project: the next view is cut from a new index (the first call after any change).
        await db.query(
          `UPDATE layers SET updated_at = now() WHERE id = (SELECT min(id) FROM layers WHERE project_id = $1)`,
          [projectId],
        );
        cold.push((await fetchView(projectId, token, view)).ms);
        const again = await fetchView(projectId, token, view);
        warm.push(again.ms);
        wire = again.wire;
      }
      figures[name] = { tiles: view.tiles.length, zoom: view.zoom, wire, warm, cold };
    }
    return figures;
  } finally {
    await db.end();
  }
}

/**
 * A new browser (empty cache) signs in and lands on the map: the time from pressing Enter to the first settled
 * map with its lots drawn, and the bytes on the wire from opening the sign-in page until then.
 */
/** The requests on the way from sign-in to the map whose end marks a step (the last map chunk: its end). */
function milestoneOf(url: string): string | null {
  const { pathname } = new URL(url, BASE);
  if (pathname === '/api/v1/user') return 'sign-in answered';
  if (pathname === '/api/v1/project') return 'project list';
  if (/\/assets\/ShellLayout-/.test(pathname)) return 'shell code';
  if (/\/assets\/map-/.test(pathname)) return 'map code';
  if (/\/project\/\d+\/layers$/.test(pathname)) return 'layer list';
  if (/\/project\/\d+\/scenes$|\/project\/\d+\/scene/.test(pathname)) return 'scene list';
  if (pathname.includes('maplibre-gl-worker')) return 'map worker code';
  if (pathname.includes('/layer-tiles/')) return 'first vector tile';
  if (pathname.startsWith('/tiles/')) return 'first imagery tile';
  return null;
}

async function signInFigures() {
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
  });
  let start = 0;
  try {
    const page = await browser.newPage({ viewport: { width: 1366, height: 768 } });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    let bytes = 0;
    let requests = 0;
    const byKind = new Map<string, number>();
    const kinds = new Map<string, string>();
    cdp.on('Network.responseReceived', (event) => {
      const url = event.response.url;
      const kind = url.includes('/layer-tiles/')
        ? 'vector tiles'
        : url.includes('/tiles/')
          ? 'imagery tiles'
          : url.includes('/layers')
            ? 'layer list'
            : url.includes('/assets/')
              ? 'web app (JS/CSS)'
              : 'other';
      kinds.set(event.requestId, kind);
    });
    // Where the time goes: when each milestone's response ended, in ms after Enter (the first of each).
    const milestones = new Map<string, number>();
    const urls = new Map<string, string>();
    cdp.on('Network.requestWillBeSent', (event) => urls.set(event.requestId, event.request.url));
    cdp.on('Network.loadingFinished', (event) => {
      const url = urls.get(event.requestId) ?? '';
      const milestone = milestoneOf(url);
      if (milestone && start > 0 && !milestones.has(milestone)) milestones.set(milestone, Date.now() - start);
      if (milestone === 'map code' && start > 0) milestones.set(milestone, Date.now() - start);
      bytes += event.encodedDataLength;
      requests += 1;
      const kind = kinds.get(event.requestId) ?? 'other';
      byKind.set(kind, (byKind.get(kind) ?? 0) + event.encodedDataLength);
    });
    await page.goto(`${BASE}/`);
    await page.getByLabel('Email').fill(USER.email);
    await page.getByLabel('Senha').fill(USER.password);
    // BENCH_CPU_PROFILE=<file>: the page's main-thread JS profile from Enter to the drawn map (.cpuprofile).
    const profile = process.env.BENCH_CPU_PROFILE;
    if (profile) await cdp.send('Profiler.enable').then(() => cdp.send('Profiler.start'));
    start = Date.now();
    await page.getByLabel('Senha').press('Enter');
    await page.waitForURL(/\/page\/(fusion-map|area)/, { timeout: 60_000 });
    await page
      .locator('[data-testid="map-stage"] > [data-testid="map-canvas"][data-map-ready="true"]')
      .waitFor({ timeout: 120_000 });
    const ms = Date.now() - start;
    if (profile) await writeFile(profile, JSON.stringify((await cdp.send('Profiler.stop')).profile));
    await page.screenshot({ path: path.join(os.tmpdir(), `bench-map-signin-${LOTS}.png`) });
    return {
      ms,
      bytes,
      requests,
      byKind: Object.fromEntries(byKind),
      milestones: [...milestones].sort((a, b) => a[1] - b[1]),
    };
  } finally {
    await browser.close();
  }
}

async function signIn(page: Page): Promise<void> {
  await page.goto(`${BASE}/`);
  await page.getByLabel('Email').fill(USER.email);
  await page.getByLabel('Senha').fill(USER.password);
  await page.getByLabel('Senha').press('Enter');
  await page.waitForURL(/\/page\/(fusion-map|area)/, { timeout: 60_000 });
}

async function browserFigures() {
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1366, height: 768 } });
    await signIn(page);
    const rendered: number[] = [];
    for (let i = 0; i < NAVIGATIONS; i++) {
      await page.goto(`${BASE}/page/fusion-map?tipo=mapa`);
      await page.waitForFunction(() => window.__miranteMapReadyAt !== undefined, null, { timeout: 60_000 });
      rendered.push(await page.evaluate(() => window.__miranteMapReadyAt ?? 0));
    }
    await page.waitForTimeout(1000);
    const frames = await panFrames(page);
    const heapMb = await pageHeapMb(page);
    // The floor: the same drags with every vector layer unchecked (background only, SwiftShader still draws).
    await page.getByRole('tab', { name: 'Camadas' }).click();
    const layersTab = page.getByTestId('layers-tab');
    const lots = layersTab.getByRole('checkbox', { name: /Lotes/ });
    for (let i = 0; i < 2 && (await lots.isChecked()); i++)
      await layersTab.getByText('Selecionar todas').click();
    await page.waitForTimeout(1000);
    const bare = (await lots.isChecked()) ? [] : await panFrames(page);
    return {
      renderedMedian: quantile(rendered, 0.5),
      rendered,
      frameMedian: quantile(frames, 0.5),
      frameP95: quantile(frames, 0.95),
      frames: frames.length,
      heapMb,
      bareMedian: quantile(bare, 0.5),
      bareP95: quantile(bare, 0.95),
      bareFrames: bare.length,
    };
  } finally {
    await browser.close();
  }
}

/** Sign-ins alone, each printed with the load average, then their median. */
async function signInOnly(): Promise<void> {
  const times: number[] = [];
  for (let i = 0; i < SIGNINS; i++) {
    const figures = await signInFigures();
    times.push(figures.ms);
    console.log(`sign-in ${i + 1}: carga ${load1().toFixed(2)}`, JSON.stringify(figures));
  }
  console.log(
    `sign-in → mapa: mediana ${ms(quantile(times, 0.5))} (${times.map((t) => t.toFixed(0)).join(', ')})`,
  );
}

async function main(): Promise<void> {
  await waitForIdle();
  const loadBefore = load1();
  if (!KEEP) await rm(DATA, { recursive: true, force: true });
  let server = await startServer();
  await stopServer(server); // first start: demo data and layers seeded
  const { startEmbeddedPostgres } = await import('../../apps/server/src/db/embedded-postgres');
  const pg = await startEmbeddedPostgres({
    dataDir: path.join(DATA, 'postgres'),
    port: PG_PORT,
    database: 'mirante',
    log: () => undefined,
  });
  const projectId = await seedLots(pg.connectionString, SPACE, LOTS);
  await pg.stop();
  server = await startServer();
  try {
    const login = await fetch(`${BASE}/api/v1/user`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(USER),
    });
    const { api_token } = (await login.json()) as { api_token: string };
    if (SIGNIN_ONLY) return await signInOnly();
    const api = await apiFigures(projectId, api_token);
    console.log('API', api);
    const tiles = await tileFigures(projectId, api_token);
    console.log('tiles', JSON.stringify(tiles));
    const signIn = API_ONLY ? null : await signInFigures();
    console.log('sign-in', signIn);
    const web = API_ONLY ? null : await browserFigures();
    console.log('browser', web);
    const loadAfter = load1();
    const ok = (good: boolean) => (good ? 'met' : '**not met**');
    const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;
    const viewRows = Object.entries(tiles).map(
      ([name, view]) =>
        `| A view's vector tiles, ${name === 'fitted' ? 'the whole allotment fitted' : 'street level (zoom 17.5)'} ` +
        `(zoom ${view.zoom.toFixed(1)}, ${view.tiles} tiles, ${kb(view.wire)} gzip): warm p50 / p95 | ` +
        `${ms(quantile(view.warm, 0.5))} / ${ms(quantile(view.warm, 0.95))} | ≤ 100 ms — ${ok(quantile(view.warm, 0.95) <= 100)} |\n` +
        `| Same, first view after a change (tiles cut from a new index): p50 / p95 | ` +
        `${ms(quantile(view.cold, 0.5))} / ${ms(quantile(view.cold, 0.95))} | |\n`,
    );
    const signInRows = signIn
      ? `| Sign-in → drawn map (new browser, Enter to the settled map with its lots) | ${ms(signIn.ms)} | ≤ 3,000 ms — ${ok(signIn.ms <= 3000)} |\n` +
        `| Bytes on the wire, sign-in page to drawn map (${signIn.requests} requests) | ${kb(signIn.bytes)}: ` +
        Object.entries(signIn.byKind)
          .map(([kind, bytes]) => `${kind} ${kb(bytes)}`)
          .join(', ') +
        ` | |\n` +
        `| Steps after Enter (end of each, ms) | ${signIn.milestones.map(([step, at]) => `${step} ${at}`).join(', ')} | |\n`
      : '';
    const webRows = web
      ? `| Navigation → rendered map (median of ${NAVIGATIONS}) | ${ms(web.renderedMedian)} (${web.rendered.map((v) => v.toFixed(0)).join(', ')}) | |\n` +
        `| Pan frame time median / p95 (${web.frames} frames) | ${ms(web.frameMedian)} / ${ms(web.frameP95)} | |\n` +
        `| Page memory after panning (JS heap in use, CDP) | ${web.heapMb.toFixed(0)} MB | ≤ 500 MB — ${ok(web.heapMb <= 500)} |\n`
      : '';
    writeBenchResults(
      `map-mvt-${LOTS}`,
      `## Map drawn from vector tiles, ${api.lots.toLocaleString('en')} lots (\`npm run bench:map\`, ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC)\n\n` +
        `Project with ${api.lots.toLocaleString('en')} lots (seeded in a throwaway data folder), ${CALLS} list calls, ` +
        `${VIEW_ROUNDS} rounds per view (6 tiles at a time, as a browser), ` +
        `headless Chromium 1366×768 (SwiftShader WebGL), ${os.cpus().length} cores, ` +
        `load average ${loadBefore.toFixed(2)} before / ${loadAfter.toFixed(2)} after.\n\n` +
        `| Measure | Figure | Target |\n|---|---|---|\n` +
        `| GET project/:id/layers warm p50 / p95 | ${ms(api.p50)} / ${ms(api.p95)} | ≤ 30 ms at 5,000 lots — ${ok(api.p95 <= 30)} |\n` +
        `| Same, first call after a change (list rebuilt; ${REBUILD_CALLS} calls): p50 / p95 | ${ms(api.rebuiltP50)} / ${ms(api.rebuiltP95)} | |\n` +
        `| Layers payload | ${(api.bytes / 1e6).toFixed(2)} MB JSON, ${(api.wireBytes / 1e6).toFixed(2)} MB on the wire (${api.encoding}) | |\n` +
        viewRows.join('') +
        signInRows +
        webRows +
        '\n',
    );
  } finally {
    await stopServer(server);
    if (!KEEP) await rm(DATA, { recursive: true, force: true });
  }
}

await main();
