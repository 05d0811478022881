import { execFile, spawn } from 'node:child_process';
import { openAsBlob } from 'node:fs';
import { chmod, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs, promisify } from 'node:util';
import sharp from 'sharp';
import type { TimelapseExport } from '@mirante/shared';
import { DEMO_PASSWORD } from '../../apps/server/src/features/demo/demo-accounts';
import { freePort } from '../../apps/server/test/server-process';

/**
 * `npm run bench:timelapse [-- --scenes 24 --width 1366 --height 768 --shots <dir> --data <dir> --formats webp,gif,mp4]`:
 * how long the server takes to export the timelapse of a map view as an animated WebP, a GIF and an MP4 (the
 * MP4 needs `ffmpeg`, and `ffprobe` to read it back).
 *
 * Starts the real server (`apps/server/src/main.ts`, `ROLE=all`, embedded PostgreSQL, demo data without the demo
 * imagery) on a fresh data folder, uploads `--scenes` published PNG scenes over the demo allotment through the
 * API (0.5 m pixels, textured so that their tiles weigh what imagery weighs), waits for their ingest, then asks
 * for the export of a `--width` × `--height` view of the allotment (its ~600 lots drawn with their statuses of
 * each date) and times it from the request to the file downloaded, polling its progress every 100 ms. Prints the
 * figures; `--shots` also writes the files and their first and last frames as PNGs there. `--data` keeps the
 * server's data folder there (and its ports) so that a second run skips the upload and ingest of the scenes.
 */

const { values } = parseArgs({
  options: {
    scenes: { type: 'string', default: '24' },
    width: { type: 'string', default: '1366' },
    height: { type: 'string', default: '768' },
    shots: { type: 'string' },
    data: { type: 'string' },
    formats: { type: 'string', default: 'webp,gif' },
  },
});
const SCENES = Number(values.scenes);
const WIDTH = Number(values.width);
const HEIGHT = Number(values.height);
const ROOT = path.join(import.meta.dirname, '../..');
const PIXEL_METRES = 0.5;

interface ProjectRow {
  id: number;
  name: string;
  projectType: string;
  bounds: [[number, number], [number, number]];
}

/** A scene of the `index`-th date: a textured ground whose colours drift from green to built grey over time. */
async function writeScene(file: string, index: number, width: number, height: number): Promise<void> {
  const t = index / Math.max(1, SCENES - 1);
  const base = {
    r: Math.round(70 + 110 * t),
    g: Math.round(120 + 20 * t),
    b: Math.round(60 + 100 * t),
  };
  const noise = await sharp({
    create: {
      width,
      height,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  })
    .blur(1.2)
    .raw()
    .toBuffer();
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < width * height; i++) {
    const shade = (noise[i * 3]! - 128) * 0.6;
    pixels[i * 3] = Math.max(0, Math.min(255, base.r + shade));
    pixels[i * 3 + 1] = Math.max(0, Math.min(255, base.g + shade));
    pixels[i * 3 + 2] = Math.max(0, Math.min(255, base.b + shade));
  }
  await sharp(pixels, { raw: { width, height, channels: 3 } })
    .png({ compressionLevel: 3 })
    .toFile(file);
}

const isoDate = (index: number) => {
  const date = new Date(Date.UTC(2025, 0, 15 + index * 23));
  return date.toISOString().slice(0, 10);
};

/** A kept data folder remembers its embedded PostgreSQL's port (the cluster was made for it). */
async function portsOf(dataDir: string): Promise<{ port: number; pgPort: number }> {
  const file = path.join(dataDir, 'bench-ports.json');
  const kept = await readFile(file, 'utf8').then(
    (text) => JSON.parse(text) as { port: number; pgPort: number },
    () => null,
  );
  if (kept) return kept;
  const ports = { port: await freePort(), pgPort: await freePort() };
  await writeFile(file, JSON.stringify(ports));
  return ports;
}

/**
 * CPU seconds (user + system) the server's process has used so far, all its threads, and its ended child
 * processes (the MP4's ffmpeg).
 */
async function cpuSeconds(pid: number | undefined): Promise<number> {
  if (pid === undefined) return Number.NaN;
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
  // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14])) / 100;
}

/** CPU seconds per thread name of the server's process (the event loop is 'node', pool threads and libuv's). */
async function cpuByThread(pid: number | undefined): Promise<Map<string, number>> {
  const byName = new Map<string, number>();
  if (pid === undefined) return byName;
  const tasks = await readdir(`/proc/${pid}/task`).catch(() => [] as string[]);
  for (const task of tasks) {
    const stat = await readFile(`/proc/${pid}/task/${task}/stat`, 'utf8').catch(() => '');
    const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const seconds = (Number(fields[11]) + Number(fields[12])) / 100;
    byName.set(name, (byName.get(name) ?? 0) + seconds);
  }
  return byName;
}

const threadDelta = (before: Map<string, number>, after: Map<string, number>): string =>
  [...after]
    .map(([name, seconds]): [string, number] => [name, seconds - (before.get(name) ?? 0)])
    .filter(([, seconds]) => seconds >= 0.05)
    .sort((a, b) => b[1] - a[1])
    .map(([name, seconds]) => `${name} ${seconds.toFixed(1)} s`)
    .join(', ');

const runTool = promisify(execFile);

/** An MP4's size and frame count as sharp's metadata names them, read with ffprobe. */
async function videoMeta(bytes: Buffer): Promise<{ width: number; pageHeight: number; pages: number }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'bench-timelapse-mp4-'));
  try {
    const file = path.join(dir, 'video.mp4');
    await writeFile(file, bytes);
    const { stdout } = await runTool('ffprobe', [
      ...['-v', 'error', '-count_frames', '-select_streams', 'v:0'],
      ...['-show_entries', 'stream=width,height,nb_read_frames', '-of', 'json', file],
    ]);
    const [stream] = (
      JSON.parse(stdout) as { streams: Array<{ width: number; height: number; nb_read_frames: string }> }
    ).streams;
    return { width: stream!.width, pageHeight: stream!.height, pages: Number(stream!.nb_read_frames) };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Frame `index` of a video as a PNG. */
async function videoFrame(video: string, index: number, png: string): Promise<void> {
  await runTool('ffmpeg', [
    '-v',
    'error',
    '-y',
    '-i',
    video,
    '-vf',
    `select=eq(n\\,${index})`,
    '-frames:v',
    '1',
    png,
  ]);
}

async function main(): Promise<void> {
  const dataDir = values.data
    ? path.resolve(values.data)
    : await mkdtemp(path.join(os.tmpdir(), 'mirante-bench-timelapse-'));
  // The embedded PostgreSQL runs as its own user and must reach its data folder.
  await mkdir(path.join(dataDir, 'data'), { recursive: true, mode: 0o755 });
  await chmod(dataDir, 0o755);
  await chmod(path.join(dataDir, 'data'), 0o755);
  const { port, pgPort } = await portsOf(dataDir);
  const baseUrl = `http://127.0.0.1:${port}`;
  let output = '';
  const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(dataDir, 'data'),
      EMBEDDED_PG_PORT: String(pgPort),
      LOGIN_RATE_LIMIT: '100000',
      DEMO_IMAGERY: '0',
      DATABASE_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  server.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  let token = '';
  const api = async <T>(url: string, init: RequestInit = {}): Promise<T> => {
    const response = await fetch(`${baseUrl}${url}`, {
      ...init,
      headers: { authorization: `Bearer ${token}`, ...(init.headers ?? {}) },
    });
    if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  };
  try {
    for (let waited = 0; ; waited += 500) {
      if (server.exitCode !== null) throw new Error(`o servidor parou:\n${output.slice(-2000)}`);
      const health = await fetch(`${baseUrl}/api/v1/health`).catch(() => null);
      if (health?.ok) break;
      if (waited > 10 * 60_000) throw new Error('o servidor não respondeu em 10 min');
      await sleep(500);
    }
    const login = await fetch(`${baseUrl}/api/v1/user`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@mirante.app.br', password: DEMO_PASSWORD }),
    });
    if (!login.ok) throw new Error(`login: ${login.status} ${await login.text()}`);
    token = ((await login.json()) as { api_token: string }).api_token;
    const projects = await api<ProjectRow[]>('/api/v1/project');
    const allotment = projects.find((project) => project.projectType === 'ALLOTMENT');
    if (!allotment) throw new Error('o loteamento de demonstração não existe');
    const [[west, south], [east, north]] = allotment.bounds;
    const metresPerLon = 111_320 * Math.cos((((south + north) / 2) * Math.PI) / 180);
    const sceneWidth = Math.round(((east - west) * metresPerLon) / PIXEL_METRES);
    const sceneHeight = Math.round(((north - south) * 110_574) / PIXEL_METRES);

    const readyScenes = async () =>
      (
        await api<Array<{ status: string; projectId: number }>>(`/api/v1/project/${allotment.id}/scenes`)
      ).filter((scene) => scene.status === 'ready').length;
    const already = await readyScenes();
    if (already > 0) console.log(`${already} cenas já prontas nesta pasta de dados.`);
    else
      console.log(`Enviando ${SCENES} cenas PNG de ${sceneWidth} × ${sceneHeight} px (${PIXEL_METRES} m)…`);
    const sceneDir = path.join(dataDir, 'scenes');
    await mkdir(sceneDir, { recursive: true });
    const ingestStarted = performance.now();
    for (let index = already; index < SCENES; index++) {
      const file = path.join(sceneDir, `${index}.png`);
      await writeScene(file, index, sceneWidth, sceneHeight);
      const form = new FormData();
      form.append('date', isoDate(index));
      form.append('project', String(allotment.id));
      form.append('publishImage', 'true');
      form.append('cloud', String((index * 7) % 40));
      form.append('bounds', [west, south, east, north].join(','));
      form.append('file', await openAsBlob(file), `${index}.png`);
      const upload = await fetch(`${baseUrl}/api/v1/scene`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        body: form,
      });
      if (!upload.ok) throw new Error(`upload: ${upload.status} ${await upload.text()}`);
      await rm(file);
    }
    for (;;) {
      const scenes = await api<Array<{ status: string; projectId: number }>>(
        `/api/v1/project/${allotment.id}/scenes`,
      );
      if (scenes.some((scene) => scene.status === 'failed')) throw new Error('um ingest falhou');
      if (scenes.filter((scene) => scene.status === 'ready').length >= SCENES) break;
      await sleep(1000);
    }
    console.log(`Cenas prontas em ${((performance.now() - ingestStarted) / 1000).toFixed(0)} s.`);

    // The view: the allotment's centre, at the zoom where WIDTH px cover ~0.6 m each (a map at zoom ~18).
    const centre = [(west + east) / 2, (south + north) / 2];
    const spanLon = (WIDTH * 0.6) / metresPerLon;
    const spanLat = (HEIGHT * 0.6) / 110_574;
    const view = {
      west: centre[0]! - spanLon / 2,
      east: centre[0]! + spanLon / 2,
      south: centre[1]! - spanLat / 2,
      north: centre[1]! + spanLat / 2,
      width: WIDTH,
      height: HEIGHT,
    };
    const figures: string[] = [];
    const formats = (values.formats ?? '')
      .split(',')
      .filter((name) => name === 'webp' || name === 'gif' || name === 'mp4');
    for (const format of formats) {
      for (const run of ['primeira', 'segunda']) {
        const started = performance.now();
        const cpuBefore = await cpuSeconds(server.pid);
        const threadsBefore = await cpuByThread(server.pid);
        const created = await api<TimelapseExport>(`/api/v1/project/${allotment.id}/timelapse/exports`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ ...view, format, frame_ms: 500 }),
        });
        let status = created;
        // When the row's progress reached 85 %: every frame drawn, the encoding begins.
        let framesDone = Number.NaN;
        while (status.status === 'queued' || status.status === 'processing') {
          await sleep(100);
          status = await api<TimelapseExport>(`/api/v1/timelapse-exports/${created.id}`);
          if (status.progress >= 85 && Number.isNaN(framesDone)) framesDone = performance.now() - started;
        }
        if (status.status !== 'ready') {
          // The row says only the pt-BR message; the server's log line says why.
          const why = output.split('\n').filter((line) => line.includes('timelapse export failed'));
          throw new Error(`exportação ${format}: ${status.error ?? status.status}\n${why.join('\n')}`);
        }
        const file = await fetch(`${baseUrl}/api/v1/timelapse-exports/${created.id}/file`, {
          headers: { authorization: `Bearer ${token}` },
        });
        const bytes = Buffer.from(await file.arrayBuffer());
        const seconds = (performance.now() - started) / 1000;
        const cpu = (await cpuSeconds(server.pid)) - cpuBefore;
        const threads = threadDelta(threadsBefore, await cpuByThread(server.pid));
        const meta =
          format === 'mp4' ? await videoMeta(bytes) : await sharp(bytes, { animated: true }).metadata();
        const line = `${format.toUpperCase()} (${run} execução): ${status.frames} quadros de ${meta.width} × ${meta.pageHeight} px, ${(bytes.length / 1e6).toFixed(1)} MB, ${seconds.toFixed(1)} s do pedido ao arquivo baixado (quadros prontos em ${(framesDone / 1000).toFixed(1)} s), ${cpu.toFixed(1)} s de CPU do servidor (${threads})`;
        console.log(line);
        figures.push(line);
        if (values.shots && run === 'primeira') {
          await mkdir(values.shots, { recursive: true });
          await writeFile(path.join(values.shots, status.file_name), bytes);
          const last = (meta.pages ?? 1) - 1;
          const frameFile = (which: string) =>
            path.join(values.shots!, `bench-${format}-${which}-quadro.png`);
          if (format === 'mp4') {
            const video = path.join(values.shots, status.file_name);
            await videoFrame(video, 0, frameFile('primeiro'));
            await videoFrame(video, last, frameFile('ultimo'));
          } else {
            await sharp(bytes, { page: 0 }).png().toFile(frameFile('primeiro'));
            await sharp(bytes, { page: last }).png().toFile(frameFile('ultimo'));
          }
        }
      }
    }
    console.log(
      `\nbench:timelapse ${new Date().toISOString()} · load average ${os
        .loadavg()
        .map((value) => value.toFixed(2))
        .join(' ')} · ${os.cpus().length} núcleos\n${figures.join('\n')}`,
    );
  } finally {
    if (server.exitCode === null && server.signalCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    if (!values.data) await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
