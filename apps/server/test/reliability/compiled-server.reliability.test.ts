import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Scene } from '@mirante/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYNTHETIC_ORIGINS, syntheticGeoTiff } from '../geotiff-fixtures';
import { startCompiledServer } from '../server-process';
import {
  demoAllotmentId,
  freePort,
  signIn,
  startClusterBase,
  stopProcess,
  waitFor,
  type ClusterBase,
  type ServerProcess,
} from './cluster';
import { tileOf, uploadScene } from './traffic';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
/** `npm run build:server` compiles and runs `npm ci --omit=dev` (from the npm cache after the first time). */
const BUILD_LIMIT_MS = 600_000;
const DOCKERFILE = readFileSync(path.join(ROOT, 'deploy/Dockerfile'), 'utf8');

/** The runtime stage's `node` command of a Dockerfile instruction in exec form (`CMD ["node", …]`): its arguments. */
function nodeArgsOf(instruction: 'CMD' | 'HEALTHCHECK'): string[] {
  const line = DOCKERFILE.replaceAll('\\\n', ' ')
    .split('\n')
    .findLast((text) => text.startsWith(`${instruction} `));
  const command = JSON.parse(line!.slice(line!.indexOf('['))) as string[];
  expect(command[0]).toBe('node');
  return command.slice(1);
}

let build: string;
let dataDir: string;
let base: ClusterBase;
let server: ServerProcess | undefined;

beforeAll(async () => {
  // Outside the repository, as in the image: no node_modules above it to fall back on.
  build = await mkdtemp(path.join(os.tmpdir(), 'mirante-compiled-'));
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'mirante-compiled-data-'));
  const built = spawnSync(process.execPath, ['scripts/build-server.mjs', '--out', build], {
    cwd: ROOT,
    encoding: 'utf8',
    timeout: BUILD_LIMIT_MS,
  });
  if (built.status !== 0) throw new Error(`build:server falhou:\n${built.stdout}\n${built.stderr}`);
  base = await startClusterBase();
}, BUILD_LIMIT_MS + 60_000);

afterAll(async () => {
  if (server) await stopProcess(server, 'SIGTERM');
  await base?.close();
  for (const dir of [build, dataDir]) if (dir) await rm(dir, { recursive: true, force: true });
});

describe("the production image's command: `node app/main.js` from `npm run build:server`'s folder", () => {
  it('holds the compiled server and production dependencies only', async () => {
    expect(existsSync(path.join(build, 'app/main.js'))).toBe(true);
    const app = await readdir(path.join(build, 'app'));
    expect(app.filter((file) => file.endsWith('.ts'))).toEqual([]);
    for (const runtime of ['pg-boss', 'fastify', 'sharp', 'pdfjs-dist', '@aws-sdk/client-s3'])
      expect(existsSync(path.join(build, 'node_modules', runtime)), runtime).toBe(true);
    // Dev dependencies of the root and of the server, and the root's `node` package (the image has its Node).
    for (const dev of ['tsx', 'vitest', 'typescript', 'esbuild', 's3rver', 'smtp-server', 'node'])
      expect(existsSync(path.join(build, 'node_modules', dev)), dev).toBe(false);
  });

  it('starts against PostgreSQL and S3, signs in, and ingests a scene on its CPU threads into S3', async () => {
    const port = await freePort();
    server = await startCompiledServer(
      build,
      nodeArgsOf('CMD'),
      { ...base.env, ROLE: 'all', DATA_DIR: dataDir },
      port,
    );
    expect(server.output()).not.toMatch(/tsx/);
    const health = await fetch(`${server.baseUrl}/api/v1/health`);
    expect(await health.json()).toMatchObject({ status: 'ok', database: 'ok' });
    // The image's HEALTHCHECK, as Docker runs it in the container (PORT set by the image; HOST 0.0.0.0 there).
    const check = spawnSync(process.execPath, nodeArgsOf('HEALTHCHECK'), {
      env: { PORT: String(port) },
      timeout: 10_000,
    });
    expect(check.status, check.stderr?.toString()).toBe(0);

    const token = await signIn(server.baseUrl);
    const projectId = await demoAllotmentId(base);
    const tiff = syntheticGeoTiff({ width: 300, height: 300, origin: SYNTHETIC_ORIGINS.demoAllotment });
    const sceneId = await uploadScene(server.baseUrl, token, projectId, '2026-06-01', tiff.bytes);
    const status = await waitFor(
      async () =>
        (
          await base.db.query<{ status: string; error: string | null }>(
            'SELECT status, error_message AS error FROM scenes WHERE id = $1',
            [sceneId],
          )
        ).rows[0]!,
      (row) => row.status === 'ready' || row.status === 'failed',
    );
    expect(status, server.output().slice(-2000)).toEqual({ status: 'ready', error: null });
    expect((await readdir(base.s3Directory, { recursive: true })).some((f) => f.includes('scenes'))).toBe(
      true,
    );

    const listed = await fetch(`${server.baseUrl}/api/v1/project/${projectId}/scenes`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const scene = ((await listed.json()) as Scene[]).find((s) => s.id === sceneId)!;
    const [z, x, y] = tileOf(scene);
    const tile = await fetch(`${server.baseUrl}${scene.tileUrl.replace('{z}/{x}/{y}', `${z}/${x}/${y}`)}`);
    expect(tile.status).toBe(200);
    expect(tile.headers.get('content-type')).toBe('image/png');
  }, 360_000);
});
