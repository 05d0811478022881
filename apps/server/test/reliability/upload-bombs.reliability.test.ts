import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { heightGridTiff, sampleHeights } from '@mirante/demo/elevation-model';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimedSizePng } from '../bomb-images';
import { SYNTHETIC_ORIGINS, syntheticGeoTiff, withClaimedSize } from '../geotiff-fixtures';
import { imageBombPdf, simplePlanPdf } from '../pdf-fixtures';
import { buildZip, deflatedEntry, zeroBombEntry } from '../zip-fixtures';
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
import { currentRss, peakRss, recordFigures } from './figures';

const VECTORS = path.resolve(import.meta.dirname, '../../../../testdata/vectors');
const MB = 1024 * 1024;

let base: ClusterBase;
let api: ServerProcess;
/** The layer and spreadsheet imports run on the workers: their bombs reach this process. */
let worker: WorkerProcess;
let token: string;
let allotmentId: number;
let sceneId: number;
let constructionId: number;
let environmentProjectId: number;
let detectId: number;
let lotId: number;

const projectOf = (space: string) => projectIdOf(base.db, space);
const readyScene = (projectId: number, date: string) => insertReadyScene(base.db, projectId, date);

beforeAll(async () => {
  base = await startClusterBase();
  api = await startApi(base, await freePort());
  worker = await startWorker(base);
  token = await signIn(api.baseUrl);
  allotmentId = await projectOf('jardim-das-palmeiras');
  constructionId = await projectOf('edificio-aurora');
  sceneId = await readyScene(constructionId, '2026-05-01');
  environmentProjectId = await projectOf('app-ribeirao-pinguim');
  const earlier = await readyScene(environmentProjectId, '2026-04-01');
  const later = await readyScene(environmentProjectId, '2026-05-01');
  detectId = await insertEnvironmentAnalysis(base.db, environmentProjectId, earlier, later);
  lotId = (
    await base.db.query<{ id: number }>(
      `SELECT id FROM layers WHERE project_id = $1 AND type = 'LOT' ORDER BY id LIMIT 1`,
      [allotmentId],
    )
  ).rows[0]!.id;
}, 240_000);

afterAll(async () => {
  if (api) await stopProcess(api, 'SIGTERM');
  if (worker) await stopProcess(worker, 'SIGTERM');
  await base?.close();
});

interface Upload {
  /** The upload type, as the product names it. */
  kind: string;
  url: () => string;
  /** Fields sent before the file. */
  fields?: () => Record<string, string>;
  fileField?: string;
}

const UPLOADS = {
  scene: {
    kind: 'Imagem (GeoTIFF)',
    url: () => '/scene',
    fields: () => ({ date: '2026-06-01', project: String(allotmentId) }),
  },
  dsm: { kind: 'Modelo de elevação (DSM)', url: () => `/scene/${sceneId}/dsm` },
  layers: { kind: 'Importação de camadas', url: () => `/project/${allotmentId}/layers/import` },
  overlay: {
    kind: 'Sobreposição (PDF)',
    url: () => '/overlays/file',
    fields: () => ({ project_id: String(constructionId) }),
  },
  finance: { kind: 'Planilha da carteira', url: () => `/project/${allotmentId}/informations/import` },
  report: {
    kind: 'Relatório (PDF)',
    url: () => `/project/${environmentProjectId}/detect/${detectId}/report/file`,
  },
  photo: {
    kind: 'Foto de observação',
    url: () => `/layer/${lotId}/obs`,
    fields: () => ({ date: '2026-03-10', description: 'Foto' }),
    fileField: 'images[]',
  },
} satisfies Record<string, Upload>;

interface Case {
  upload: keyof typeof UPLOADS;
  name: string;
  filename: string;
  content: () => Promise<Buffer> | Buffer;
  /** A well-formed file that is only odd: taken (200), its cost bounded by the server (not a refusal). */
  accepted?: true;
}

const text = (value: string) => Buffer.from(value, 'utf8');
const goodTiff = () =>
  syntheticGeoTiff({ width: 256, height: 256, origin: SYNTHETIC_ORIGINS.demoAllotment }).bytes;
const half = (bytes: Buffer) => bytes.subarray(0, Math.floor(bytes.length / 2));
const pngBytes = () =>
  sharp({ create: { width: 64, height: 64, channels: 3, background: '#3a7' } })
    .png()
    .toBuffer();
const laughs =
  '<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lolololololololololo">' +
  Array.from(
    { length: 9 },
    (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i === 0 ? '' : i};`.repeat(10)}">`,
  ).join('') +
  ']>';
/** A single-band float DSM (40 m × 40 m at 20 cm) near Maringá, as the elevation upload wants. */
const dsmTiff = () =>
  heightGridTiff(sampleHeights([405_000, 7_410_000], 40, 40, 0.2, (x, y) => 550 + 0.01 * (x - 405_000 + y)));

const CASES: Case[] = [
  {
    upload: 'scene',
    name: 'magia errada (texto)',
    filename: 'cena.tif',
    content: () => text('não é um TIFF'),
  },
  { upload: 'scene', name: 'GeoTIFF truncado', filename: 'cena.tif', content: () => half(goodTiff()) },
  {
    upload: 'scene',
    name: 'bomba de descompressão (30 000 × 30 000 declarados)',
    filename: 'cena.tif',
    content: () => withClaimedSize(goodTiff(), 30_000, 30_000),
  },
  {
    upload: 'scene',
    name: 'dimensões enormes (200 000 × 200 000 declarados)',
    filename: 'cena.tif',
    content: () => withClaimedSize(goodTiff(), 200_000, 200_000),
  },
  { upload: 'dsm', name: 'magia errada (PNG)', filename: 'dsm.tif', content: pngBytes },
  { upload: 'dsm', name: 'DSM truncado', filename: 'dsm.tif', content: async () => half(await dsmTiff()) },
  {
    upload: 'dsm',
    name: 'bomba de descompressão (19 000 × 19 000 declarados)',
    filename: 'dsm.tif',
    content: async () => withClaimedSize(await dsmTiff(), 19_000, 19_000),
  },
  {
    upload: 'dsm',
    name: 'dimensões enormes (40 000 × 40 000 declarados)',
    filename: 'dsm.tif',
    content: async () => withClaimedSize(await dsmTiff(), 40_000, 40_000),
  },
  {
    upload: 'layers',
    name: 'zip bomb (.shp de 520 MB)',
    filename: 'lotes.zip',
    content: async () => buildZip([await zeroBombEntry('lotes.shp', 520 * MB)]),
  },
  {
    upload: 'layers',
    name: 'zip que mente o tamanho (declara 1 KB, descomprime 300 MB)',
    filename: 'lotes.zip',
    content: async () => buildZip([await zeroBombEntry('lotes.shp', 300 * MB)], () => 1024),
  },
  {
    upload: 'layers',
    name: 'KMZ bomb (doc.kml de 520 MB)',
    filename: 'lotes.kmz',
    content: async () => buildZip([await zeroBombEntry('doc.kml', 520 * MB)]),
  },
  {
    upload: 'layers',
    name: 'KML com bomba de entidades XML',
    filename: 'lotes.kml',
    content: () => text(`${laughs}<kml><Document><name>&lol9;</name></Document></kml>`),
  },
  {
    upload: 'layers',
    name: 'zip truncado',
    filename: 'lotes.zip',
    content: () => half(readFileSync(path.join(VECTORS, 'saopaulo_lotes_utm23s_shp.zip'))),
  },
  {
    upload: 'layers',
    name: 'GeoJSON truncado',
    filename: 'lotes.geojson',
    content: () => half(readFileSync(path.join(VECTORS, 'saopaulo_lotes_utm23s.geojson'))),
  },
  { upload: 'layers', name: 'GeoJSON com magia errada (PNG)', filename: 'lotes.geojson', content: pngBytes },
  {
    upload: 'layers',
    name: 'DXF truncado',
    filename: 'lotes.dxf',
    content: () => half(readFileSync(path.join(VECTORS, 'saopaulo_lotes_utm23s.dxf'))),
  },
  { upload: 'layers', name: 'DXF com magia errada (PNG)', filename: 'lotes.dxf', content: pngBytes },
  { upload: 'overlay', name: 'magia errada (PNG)', filename: 'planta.pdf', content: pngBytes },
  { upload: 'overlay', name: 'PDF truncado', filename: 'planta.pdf', content: () => half(simplePlanPdf()) },
  {
    upload: 'overlay',
    name: 'PDF com imagem-bomba (20 000 × 20 000)',
    filename: 'planta.pdf',
    content: () => imageBombPdf(),
  },
  {
    upload: 'overlay',
    name: 'PDF com página enorme (MediaBox 99 999 pt): aceito, renderizado com no máximo 4096 px',
    filename: 'planta.pdf',
    accepted: true,
    content: () => Buffer.from(simplePlanPdf().toString('latin1').replace('1190 842', '99999 99'), 'latin1'),
  },
  {
    upload: 'finance',
    name: 'zip bomb (.xlsx, sheet1.xml de 1 GB)',
    filename: 'carteira.xlsx',
    content: async () =>
      buildZip([
        deflatedEntry('[Content_Types].xml', '<Types/>'),
        await zeroBombEntry('xl/worksheets/sheet1.xml', 1024 * MB),
      ]),
  },
  {
    upload: 'finance',
    name: 'bomba de entidades XML (.xlsx)',
    filename: 'carteira.xlsx',
    content: () =>
      buildZip([
        deflatedEntry('[Content_Types].xml', '<Types/>'),
        deflatedEntry('xl/worksheets/sheet1.xml', `${laughs}<worksheet>&lol9;</worksheet>`),
      ]),
  },
  { upload: 'finance', name: 'magia errada (PNG como .xlsx)', filename: 'carteira.xlsx', content: pngBytes },
  {
    upload: 'finance',
    name: '.xlsx truncado',
    filename: 'carteira.xlsx',
    content: () =>
      half(
        buildZip([
          deflatedEntry('[Content_Types].xml', '<Types/>'),
          deflatedEntry('xl/worksheets/sheet1.xml', '<worksheet/>'),
        ]),
      ),
  },
  { upload: 'report', name: 'magia errada (PNG)', filename: 'relatorio.pdf', content: pngBytes },
  { upload: 'report', name: 'PDF truncado', filename: 'relatorio.pdf', content: () => half(simplePlanPdf()) },
  {
    upload: 'photo',
    name: 'PNG de 20 000 × 20 000 declarados',
    filename: 'foto.png',
    content: () => claimedSizePng(20_000, 20_000),
  },
  {
    upload: 'photo',
    name: 'PNG truncado',
    filename: 'foto.png',
    content: async () => half(await pngBytes()),
  },
  {
    upload: 'photo',
    name: 'magia errada (texto)',
    filename: 'foto.png',
    content: () => text('<html></html>'),
  },
];

interface Figure {
  accepted: boolean;
  tipo: string;
  caso: string;
  bytes: number;
  status: number;
  message: string;
  ms: number;
  peakRssMb: number | null;
  rssAfterMb: number | null;
  workerPeakRssMb: number | null;
  load1: number;
}

/** What a server says when it did not handle the file (its 500 page). */
const GENERIC_ERROR = 'Ocorreu algum erro no servidor.';

describe('every upload type with bombs and broken files', () => {
  it('refuses each fast with a 4xx and a pt-BR message, the server staying up with bounded memory', async () => {
    const figures: Figure[] = [];
    const baselineRss = peakRss(api.child.pid!);
    const workerBaselineRss = peakRss(worker.child.pid!);
    for (const testCase of CASES) {
      const upload: Upload = UPLOADS[testCase.upload];
      const content = await testCase.content();
      const form = new FormData();
      for (const [name, value] of Object.entries(upload.fields?.() ?? {})) form.append(name, value);
      form.append(upload.fileField ?? 'file', new Blob([content]), testCase.filename);
      const load1 = Number(os.loadavg()[0]!.toFixed(2));
      const started = performance.now();
      const response = await fetch(`${api.baseUrl}/api/v1${upload.url()}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        body: form,
        signal: AbortSignal.timeout(300_000),
      });
      const body = await response.text();
      const ms = Math.round(performance.now() - started);
      let message = body;
      try {
        message = (JSON.parse(body) as { message?: string }).message ?? body;
      } catch {
        // not JSON: kept as text
      }
      figures.push({
        accepted: testCase.accepted === true,
        tipo: upload.kind,
        caso: testCase.name,
        bytes: content.length,
        status: response.status,
        message: message.slice(0, 200),
        ms,
        peakRssMb: peakRss(api.child.pid!),
        rssAfterMb: currentRss(api.child.pid!),
        workerPeakRssMb: peakRss(worker.child.pid!),
        load1,
      });
      expect(api.child.exitCode, api.output().slice(-2000)).toBeNull();
      expect(worker.child.exitCode, worker.output().slice(-2000)).toBeNull();
    }
    await recordFigures('upload-bombs', {
      baselinePeakRssMb: baselineRss,
      workerBaselinePeakRssMb: workerBaselineRss,
      cases: figures,
    });
    const wrong = figures.filter((figure) =>
      figure.accepted
        ? figure.status !== 200
        : figure.status < 400 ||
          figure.status >= 500 ||
          !figure.message ||
          figure.message === GENERIC_ERROR ||
          // English or a library's words instead of a pt-BR sentence
          /\b(error|invalid|failed|cannot|unexpected|undefined)\b/i.test(figure.message),
    );
    expect(wrong, JSON.stringify(wrong, null, 2)).toEqual([]);
    // Bounded memory: no bomb inflates the API or the worker past 1 GB resident (a bomb would reach several GB).
    const peak = Math.max(
      ...figures.map((figure) => Math.max(figure.peakRssMb ?? 0, figure.workerPeakRssMb ?? 0)),
    );
    expect(peak).toBeLessThan(1024);
    expect((await fetch(`${api.baseUrl}/api/v1/health`)).status).toBe(200);
  }, 900_000);
});
