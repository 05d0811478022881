import os from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  freePort,
  signIn,
  startApi,
  startClusterBase,
  startWorker,
  stopProcess,
  type ClusterBase,
  type ServerProcess,
  type WorkerProcess,
} from './cluster';
import { insertEnvironmentAnalysis, insertReadyScene, projectIdOf } from './cluster-rows';
import {
  FUZZ_CENTRE,
  GeometryFuzzer,
  fuzzJson,
  hugePolygonJson,
  seededRandom,
  zigzagPolygonJson,
} from './geometry-fuzz';
import { peakRss, recordFigures } from './figures';
import { highestIds, storedGeometries, storedGeometryProblem } from './stored-geometry';

/** How long the fuzzing runs (ms); FUZZ_SECONDS overrides its default of 60 s. */
const FUZZ_MS = Number(process.env.FUZZ_SECONDS ?? 60) * 1000;
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 1_000_000);

let base: ClusterBase;
let api: ServerProcess;
let worker: WorkerProcess;
let token: string;
let allotmentId: number;
let inspectionId: number;
let environmentProjectId: number;
let detectId: number;
let before: Awaited<ReturnType<typeof highestIds>>;

const readyScene = (projectId: number, date: string) =>
  insertReadyScene(base.db, projectId, date, [
    FUZZ_CENTRE[0] - 0.01,
    FUZZ_CENTRE[1] - 0.01,
    FUZZ_CENTRE[0] + 0.01,
    FUZZ_CENTRE[1] + 0.01,
  ]);
const projectOf = (space: string) => projectIdOf(base.db, space);

beforeAll(async () => {
  base = await startClusterBase();
  api = await startApi(base, await freePort());
  // The layer import runs as a job on the workers (ROLE=api only sends it).
  worker = await startWorker(base);
  token = await signIn(api.baseUrl);
  allotmentId = await projectOf('jardim-das-palmeiras');
  const constructionId = await projectOf('edificio-aurora');
  environmentProjectId = await projectOf('app-ribeirao-pinguim');
  const inspectionScene = await readyScene(constructionId, '2026-05-01');
  inspectionId = (
    await base.db.query<{ id: number }>(
      'INSERT INTO inspections (project_id, scene_id, phase) VALUES ($1, $2, 1) RETURNING id',
      [constructionId, inspectionScene],
    )
  ).rows[0]!.id;
  const earlier = await readyScene(environmentProjectId, '2026-04-01');
  const later = await readyScene(environmentProjectId, '2026-05-01');
  detectId = await insertEnvironmentAnalysis(base.db, environmentProjectId, earlier, later);
  before = await highestIds(base.db);
}, 240_000);

afterAll(async () => {
  if (api) await stopProcess(api, 'SIGTERM');
  if (worker) await stopProcess(worker, 'SIGTERM');
  await base?.close();
});

interface Answer {
  status: number;
  body: string;
}

/** The answer, or status 0 with the error when the request failed (the server died or hung). */
async function post(path: string, body: string | FormData): Promise<Answer> {
  try {
    return await send(path, body);
  } catch (error) {
    return { status: 0, body: `${String(error)}\n${api.output().slice(-3000)}` };
  }
}

async function send(path: string, body: string | FormData): Promise<Answer> {
  const response = await fetch(`${api.baseUrl}/api/v1${path}`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      ...(typeof body === 'string' ? { 'content-type': 'application/json' } : {}),
    },
    body,
    signal: AbortSignal.timeout(120_000),
  });
  return { status: response.status, body: (await response.text()).slice(0, 300) };
}

function layerImport(features: string[], skipInvalid: boolean): Promise<Answer> {
  const file = `{"type":"FeatureCollection","features":[${features
    .map((geometry, i) => `{"type":"Feature","properties":{"nome":"fuzz ${i}"},"geometry":${geometry}}`)
    .join(',')}]}`;
  const form = new FormData();
  form.append('skipInvalid', String(skipInvalid));
  form.append('file', new Blob([file]), 'fuzz.geojson');
  return post(`/project/${allotmentId}/layers/import`, form);
}

const noteBody = (noteType: 'polygon' | 'line' | 'marker', geometry: string) =>
  `{"name":"Fuzz","date":"2026-05-01","description":"Desenho aleatório","categoryName":"Fuzz",` +
  `"categoryColor":"#aa5500","noteType":"${noteType}","volume":0,"inspectionId":${inspectionId},` +
  `"layerGeojson":${geometry}}`;

const detectionBody = (geometry: string) =>
  `{"category_id":1,"area":1500,"description":"Desenho aleatório","geojson":${geometry}}`;

describe('geometry fuzzing through the layer import, the note drawing and the detection drawing', () => {
  it(`survives ${FUZZ_MS / 1000} s of random and malformed polygons: no 5xx, no crash, nothing invalid stored`, async () => {
    const fuzzer = new GeometryFuzzer(seededRandom(SEED));
    const featureCount = seededRandom(SEED + 1);
    const counts: Record<string, Record<number, number>> = { import: {}, note: {}, detection: {} };
    const failures: string[] = [];
    const load = os.loadavg()[0]!.toFixed(2);
    const started = Date.now();
    let requests = 0;
    let round = 0;
    while (Date.now() - started < FUZZ_MS) {
      const target = (['import', 'note', 'detection'] as const)[round++ % 3]!;
      let answer: Answer;
      let sent: string;
      if (target === 'import') {
        const geometries = Array.from({ length: 1 + Math.floor(featureCount() * 4) }, () =>
          fuzzJson(fuzzer.polygon()),
        );
        sent = geometries.join(' | ');
        answer = await layerImport(geometries, round % 2 === 0);
      } else if (target === 'note') {
        const kind = (['polygon', 'polygon', 'line', 'marker'] as const)[round % 4]!;
        sent = fuzzJson(
          kind === 'polygon'
            ? fuzzer.polygon()
            : fuzzer.lineOrPoint(kind === 'line' ? 'LineString' : 'Point'),
        );
        answer = await post('/notes', noteBody(kind, sent));
      } else {
        sent = fuzzJson(fuzzer.polygon());
        answer = await post(
          `/project/${environmentProjectId}/detect/${detectId}/feature`,
          detectionBody(sent),
        );
      }
      requests++;
      counts[target]![answer.status] = (counts[target]![answer.status] ?? 0) + 1;
      if (answer.status >= 500 || answer.status === 0)
        failures.push(`${target} ${answer.status} ${answer.body} ← ${sent.slice(0, 400)}`);
      if (api.child.exitCode !== null || answer.status === 0) break;
    }
    const elapsed = (Date.now() - started) / 1000;
    const stored = await storedGeometries(base.db, before);
    const invalid = stored
      .map((row) => ({ ...row, problem: storedGeometryProblem(row.geometry) }))
      .filter((row) => row.problem !== null)
      .map((row) => `${row.table} ${row.id}: ${row.problem} ${JSON.stringify(row.geometry).slice(0, 300)}`);
    await recordFigures('geometry-fuzz', {
      seed: SEED,
      seconds: Number(elapsed.toFixed(1)),
      requests,
      answers: counts,
      stored: stored.length,
      invalidStored: invalid.length,
      failures: failures.length,
      load1Before: Number(load),
      load1After: Number(os.loadavg()[0]!.toFixed(2)),
    });
    expect(failures, failures.join('\n')).toEqual([]);
    expect(api.child.exitCode, api.output().slice(-3000)).toBeNull();
    expect(worker.child.exitCode, worker.output().slice(-3000)).toBeNull();
    expect((await fetch(`${api.baseUrl}/api/v1/health`)).status).toBe(200);
    expect(invalid, invalid.join('\n')).toEqual([]);
    // Valid shapes were among them, and were kept.
    expect(stored.length).toBeGreaterThan(0);
  }, 600_000);

  it('answers a ring of many vertices within the body limit without a 5xx, and stores only a valid one', async () => {
    const load = os.loadavg()[0]!.toFixed(2);
    // 5 MB JSON body limit: a note ring may hold 5 000 vertices, a drawn detection 1 000 rings of 20 000; about
    // 200 000 compact vertices fit in the body. The import file (100 MB) carries a million.
    const t0 = Date.now();
    const note = await post('/notes', noteBody('polygon', hugePolygonJson(200_000)));
    const t1 = Date.now();
    const detection = await post(
      `/project/${environmentProjectId}/detect/${detectId}/feature`,
      detectionBody(hugePolygonJson(19_999, 9)),
    );
    const t2 = Date.now();
    const imported = await layerImport([hugePolygonJson(1_000_000)], false);
    const t3 = Date.now();
    const rss = peakRss(api.child.pid!);
    await recordFigures('geometry-huge', {
      noteStatus: note.status,
      noteMs: t1 - t0,
      detectionStatus: detection.status,
      detectionMs: t2 - t1,
      noteVertices: 200_000,
      detectionVertices: 200_000,
      importVertices: 1_000_000,
      importStatus: imported.status,
      importMs: t3 - t2,
      serverPeakRssMb: rss,
      load1Before: Number(load),
      load1After: Number(os.loadavg()[0]!.toFixed(2)),
    });
    for (const answer of [note, detection, imported]) expect(answer.status, answer.body).toBeLessThan(500);
    const stored = await storedGeometries(base.db, before);
    const invalid = stored.filter((row) => storedGeometryProblem(row.geometry) !== null);
    expect(invalid.map((row) => `${row.table} ${row.id}`)).toEqual([]);
  }, 600_000);

  it('validates a dense zigzag (JTS’s quadratic case) of 4,999 vertices as a note and stores it; refuses 19,999 as a drawn detection and 150,000 in an import as too complex to validate', async () => {
    const load = os.loadavg()[0]!.toFixed(2);
    const t0 = Date.now();
    const note = await post('/notes', noteBody('polygon', zigzagPolygonJson(4_999)));
    const t1 = Date.now();
    const detection = await post(
      `/project/${environmentProjectId}/detect/${detectId}/feature`,
      detectionBody(zigzagPolygonJson(19_999)),
    );
    const t2 = Date.now();
    const imported = await layerImport([zigzagPolygonJson(150_000)], false);
    const t3 = Date.now();
    await recordFigures('geometry-zigzag', {
      noteVertices: 4_999,
      noteStatus: note.status,
      noteMs: t1 - t0,
      detectionVertices: 19_999,
      detectionStatus: detection.status,
      detectionMs: t2 - t1,
      importVertices: 150_000,
      importStatus: imported.status,
      importMs: t3 - t2,
      load1Before: Number(load),
      load1After: Number(os.loadavg()[0]!.toFixed(2)),
    });
    expect(note.status, note.body).toBe(200);
    expect(detection.status, detection.body).toBe(422);
    expect(detection.body).toMatch(/complexa demais para validar/);
    // The import refuses the file whole; its report (past the 300 characters kept here) names the feature.
    expect(imported.status, imported.body).toBe(422);
    expect(imported.body).toMatch(/IMPORT_INVALID/);
    const stored = await storedGeometries(base.db, before);
    const invalid = stored.filter((row) => storedGeometryProblem(row.geometry) !== null);
    expect(invalid.map((row) => `${row.table} ${row.id}`)).toEqual([]);
  }, 600_000);
});
