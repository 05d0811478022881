import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Layer } from '@mirante/shared';
import { multipartBody } from '../../../test/multipart';
import { bearer, createTestContext, type TestContext } from '../../../test/test-app';
import { buildApp } from '../../app';
import { createMailer } from '../../mail/mailer';
import { createLocalStorage } from '../../storage/local-storage';
import { loadDemoLayers } from '../demo/demo-layers.loader';
import { createLayersRepo } from './layers.repo';
import { createObservationsRepo, type ObservationsRepo } from './observations.repo';
import { createObservationsService } from './observations.service';

/*
 * PostgreSQL going away in the middle of saving an observation: whatever the client was answered, the row and
 * its photo files agree. A committed row keeps its photos; files of a row that certainly was not written go.
 */

let context: TestContext;
let user: string;
let lot: Layer;
let png: Buffer;
const apps: FastifyInstance[] = [];

/** What node-postgres throws when the server dies under a query (the COMMIT's answer never came). */
const connectionLost = () => new Error('Connection terminated unexpectedly');

/** The same API, whose observation writes go through `repo` (a real repo with a crash at one point). */
async function appWith(repo: ObservationsRepo): Promise<FastifyInstance> {
  const storage = createLocalStorage(context.config.storageDir);
  const infra = {
    config: context.config,
    db: context.db,
    storage,
    mailer: createMailer({
      smtpUrl: undefined,
      outboxDir: path.join(context.config.dataDir, 'outbox'),
      from: context.config.mailFrom,
    }),
  };
  const observations = createObservationsService(
    repo,
    createLayersRepo(context.db),
    context.services.projects,
    storage,
  );
  const app = await buildApp(infra, { ...context.services, observations }, { serveWeb: false });
  await app.ready();
  apps.push(app);
  return app;
}

function post(app: FastifyInstance, description: string) {
  const body = multipartBody({ date: '2026-03-02', description }, [
    { name: 'images[]', filename: 'foto.png', content: png, contentType: 'image/png' },
  ]);
  return app.inject({
    method: 'POST',
    url: `/api/v1/layer/${lot.id}/obs`,
    headers: { ...bearer(user), ...body.headers },
    payload: body.payload,
  });
}

/** The lot's saved observation with this description and the API addresses of its photos, if any. */
async function savedObservation(description: string): Promise<{ id: number; photos: string[] } | undefined> {
  const row = await context.db
    .selectFrom('layerObservations')
    .select('id')
    .where('layerId', '=', lot.id)
    .where('description', '=', description)
    .executeTakeFirst();
  if (!row) return undefined;
  const photos = await context.db
    .selectFrom('layerObservationPhotos')
    .select('id')
    .where('observationId', '=', row.id)
    .execute();
  return {
    id: row.id,
    photos: photos.map((photo) => `/api/v1/layer/${lot.id}/obs/${row.id}/photos/${photo.id}`),
  };
}

/** Every stored photo file of the lot's observations. */
async function photoFiles(): Promise<string[]> {
  const root = path.join(context.config.storageDir, 'observations');
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile() && entry.parentPath.includes(`${path.sep}l${lot.id}${path.sep}`))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
}

beforeAll(async () => {
  context = await createTestContext();
  await loadDemoLayers(context.db, context.services.layerImport);
  user = await context.login('usuario@horizonte.com.br');
  const { id } = await context.db
    .selectFrom('projects')
    .select('id')
    .where('space', '=', 'jardim-das-palmeiras')
    .executeTakeFirstOrThrow();
  const layers = (
    await context.app.inject({ method: 'GET', url: `/api/v1/project/${id}/layers`, headers: bearer(user) })
  ).json<Layer[]>();
  lot = layers.find((layer) => layer.type === 'LOT')!;
  png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#3a7' } })
    .png()
    .toBuffer();
});

afterAll(async () => {
  for (const app of apps) await app.close();
  await context?.close();
});

describe('an observation saved while PostgreSQL crashes', () => {
  it.each([
    ['the COMMIT went through but its answer was lost', 'insert'],
    ['the row was committed and the database died before it was read back', 'find'],
  ] as const)('keeps the photo of a committed row when %s (503 to the client)', async (_case, crashAt) => {
    const real = createObservationsRepo(context.db);
    const crashing: ObservationsRepo = {
      ...real,
      insert: async (...args) => {
        const id = await real.insert(...args);
        if (crashAt === 'insert') throw connectionLost();
        return id;
      },
      find: async (...args) => {
        if (crashAt === 'find') throw connectionLost();
        return real.find(...args);
      },
    };
    const description = `Queda do banco (${crashAt})`;
    const answer = await post(await appWith(crashing), description);
    expect(answer.statusCode).toBe(503);

    // The row is there (it was committed): so is its photo, served by the API as for any observation.
    const saved = await savedObservation(description);
    expect(saved).toBeDefined();
    expect(saved!.photos).toHaveLength(1);
    const photo = await context.app.inject({ method: 'GET', url: saved!.photos[0]!, headers: bearer(user) });
    expect(photo.statusCode).toBe(200);
    expect(photo.rawPayload.equals(png)).toBe(true);
  });

  it('removes the files of a row the database certainly refused, leaving no row', async () => {
    const real = createObservationsRepo(context.db);
    const refused = Object.assign(new Error('insert or update violates foreign key constraint'), {
      code: '23503',
    });
    const refusing: ObservationsRepo = {
      ...real,
      insert: async () => {
        throw refused;
      },
    };
    const before = await photoFiles();
    const answer = await post(await appWith(refusing), 'Recusada pelo banco');
    expect(answer.statusCode).toBe(500);
    expect(await photoFiles()).toEqual(before);
    expect(await savedObservation('Recusada pelo banco')).toBeUndefined();
  });
});
