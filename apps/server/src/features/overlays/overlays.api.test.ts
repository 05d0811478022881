import { existsSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  GEOREFERENCE_MESSAGES,
  MESSAGES,
  OVERLAY_MESSAGES,
  georeference,
  type Overlay,
  type OverlayFile,
  type OverlayPoint,
} from '@mirante/shared';
import { factories, type BuiltUser } from '../../../test/factories';
import { multipartBody } from '../../../test/multipart';
import { imageBombPdf, simplePlanPdf } from '../../../test/pdf-fixtures';
import { bearer, createTestContext, type TestContext } from '../../../test/test-app';
import { OVERLAY_UPLOAD_TTL_MS } from './overlays.service';

let context: TestContext;
let projectId: number;
let allotmentId: number;
const tokens: Record<'manager' | 'noModule' | 'otherCustomer' | 'inactive' | 'admin', string> = {
  manager: '',
  noModule: '',
  otherCustomer: '',
  inactive: '',
  admin: '',
};
let plan: OverlayFile;

// A conversion starts a renderer process (seconds on a loaded 2-core machine).
const SLOW = 120_000;

function upload(token: string, fields: Record<string, string>, content: Buffer, filename = 'planta.pdf') {
  const body = multipartBody(fields, [{ name: 'file', filename, content, contentType: 'application/pdf' }]);
  return context.app.inject({
    method: 'POST',
    url: '/api/v1/overlays/file',
    headers: { ...bearer(token), ...body.headers },
    payload: body.payload,
  });
}

const post = (token: string, path: string, payload: object) =>
  context.app.inject({ method: 'POST', url: `/api/v1${path}`, headers: bearer(token), payload });

const list = (token: string, id = projectId) =>
  context.app.inject({ method: 'GET', url: `/api/v1/project/${id}/overlays`, headers: bearer(token) });

const image = (token: string, hash: string, small = false) =>
  context.app.inject({
    method: 'GET',
    url: `/api/v1/overlays/file/image?hash=${hash}${small ? '&small=1' : ''}&api_token=${token}`,
  });

/** Points A and B of a plan laid north-up, 0.05 m per pixel, its top-left corner at the project's corner. */
function pointsFor(file: OverlayFile): OverlayPoint[] {
  const degreesPerPixel = 0.05 / 111_320;
  const at = (x: number, y: number) => ({
    x,
    y,
    lng: -51.95 + x * (degreesPerPixel / Math.cos((23.42 * Math.PI) / 180)),
    lat: -23.418 - y * degreesPerPixel,
  });
  return [at(100, 100), at(file.width - 200, file.height - 150)];
}

function createBody(file: OverlayFile, points = pointsFor(file), name = 'Planta térreo') {
  const { bounds } = georeference(points, file);
  return { project_id: projectId, name, hash: file.hash, bounds, points, opacity: 80 };
}

const overlayRows = async () => (await context.db.selectFrom('overlays').selectAll().execute()).length;
const fileRows = async () => (await context.db.selectFrom('overlayFiles').selectAll().execute()).length;

beforeAll(async () => {
  context = await createTestContext();
  const build = factories(context);
  const customer = await build.buildCustomer();
  const overlaysModules = ['construction.map', 'construction.overlays'] as const;
  const manager = await build.buildUser('MANAGER', overlaysModules, { customerId: customer.id });
  const noModule = await build.buildUser('USER', ['construction.map'], { customerId: customer.id });
  const inactive: BuiltUser = await build.buildUser('USER', overlaysModules, { customerId: customer.id });
  const other = await build.buildUser('MANAGER', overlaysModules);
  const members = [manager.id, noModule.id, inactive.id];
  projectId = (
    await build.buildProject({ customerId: customer.id, projectType: 'CONSTRUCTION', memberIds: members })
  ).id;
  await build.buildProject({
    customerId: other.customerId,
    projectType: 'CONSTRUCTION',
    memberIds: [other.id],
  });
  allotmentId = (await build.buildProject({ customerId: customer.id, memberIds: members })).id;
  tokens.manager = await build.signIn(manager);
  tokens.noModule = await build.signIn(noModule);
  tokens.otherCustomer = await build.signIn(other);
  tokens.inactive = await build.signIn(inactive);
  await context.db.updateTable('users').set({ status: false }).where('id', '=', inactive.id).execute();
  tokens.admin = await context.login('admin@mirante.app.br');

  const response = await upload(tokens.manager, { project_id: String(projectId) }, simplePlanPdf());
  expect(response.statusCode).toBe(200);
  plan = response.json<OverlayFile>();
}, SLOW);

afterAll(async () => {
  await context.close();
});

describe('POST /overlays/file (PDF plan, converted on the server)', () => {
  it('answers the hash and size of page 1 rendered to an image, served in full and reduced', async () => {
    expect(plan.hash).toMatch(/^[a-f0-9]{32}$/);
    expect([plan.width, plan.height]).toEqual([4096, Math.round((842 / 1190) * 4096)]);

    const full = await image(tokens.manager, plan.hash);
    expect(full.statusCode).toBe(200);
    expect(full.headers['content-type']).toBe('image/png');
    expect((await sharp(full.rawPayload).metadata()).width).toBe(4096);
    const small = await image(tokens.manager, plan.hash, true);
    expect((await sharp(small.rawPayload).metadata()).width).toBe(1600);
  });

  it('refuses a file that is not a PDF by its content, whatever its name, storing nothing', async () => {
    const before = await fileRows();
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    const response = await upload(tokens.manager, { project_id: String(projectId) }, png, 'planta.pdf');
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ code: 'NOT_A_PDF', message: OVERLAY_MESSAGES.pdfOnly });
    expect(await fileRows()).toBe(before);
  });

  it(
    'refuses a hostile PDF (a 20,000² px image in ~50 KB) with a clear message, storing nothing',
    async () => {
      const before = await fileRows();
      const response = await upload(tokens.manager, { project_id: String(projectId) }, imageBombPdf());
      expect(response.statusCode).toBe(422);
      expect(response.json()).toMatchObject({
        code: 'PDF_REFUSED',
        message: OVERLAY_MESSAGES.pdfImageTooLarge,
      });
      expect(await fileRows()).toBe(before);
    },
    SLOW,
  );

  it('needs the project before the file', async () => {
    const response = await upload(tokens.manager, {}, simplePlanPdf());
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe(OVERLAY_MESSAGES.projectFirst);
  });

  it('is refused on a project that is not a construction', async () => {
    const response = await upload(tokens.admin, { project_id: String(allotmentId) }, simplePlanPdf());
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe(OVERLAY_MESSAGES.constructionOnly);
  });
});

describe('POST /overlays/create', () => {
  it('fits two points (similarity) and stores the four corners with the entities and their fields two-corner bounds', async () => {
    const body = createBody(plan);
    const response = await post(tokens.manager, '/overlays/create', body);
    expect(response.statusCode).toBe(200);
    const overlay = response.json<Overlay>();
    const fit = georeference(body.points, plan);
    expect(overlay).toMatchObject({
      project_id: projectId,
      name: 'Planta térreo',
      hash: plan.hash,
      transform: 'similarity',
      bounds: fit.bounds,
      corners: fit.corners,
      points: body.points,
      opacity: 80,
      width: plan.width,
      height: plan.height,
    });
    const listed = (await list(tokens.manager)).json<Overlay[]>();
    expect(listed.map((item) => item.id)).toContain(overlay.id);
  });

  it('fits four points by least squares (affine) and reports each residual in metres', async () => {
    const [a, b] = pointsFor(plan);
    const c = { ...a!, x: a!.x, y: b!.y, lat: b!.lat };
    const d = { ...b!, y: a!.y, lat: a!.lat + 0.000003 };
    const response = await post(
      tokens.manager,
      '/overlays/create',
      createBody(plan, [a!, b!, c, d], 'Planta 4 pontos'),
    );
    expect(response.statusCode).toBe(200);
    const overlay = response.json<Overlay>();
    expect(overlay.transform).toBe('affine');
    expect(overlay.residuals).toHaveLength(4);
    expect(Math.max(...overlay.residuals)).toBeGreaterThan(0.05);
    expect(overlay.rmse).toBeGreaterThan(0);
  });

  it('refuses an image point outside the image, and bounds that do not match the points, saving nothing', async () => {
    const before = await overlayRows();
    const [a, b] = pointsFor(plan);
    const outside = await post(tokens.manager, '/overlays/create', {
      ...createBody(plan),
      points: [a, { ...b!, x: plan.width + 10 }],
    });
    expect(outside.statusCode).toBe(422);
    expect(outside.json().message).toBe(GEOREFERENCE_MESSAGES.outsideImage);

    const shifted = createBody(plan);
    shifted.bounds[0][0] += 0.001;
    const mismatch = await post(tokens.manager, '/overlays/create', shifted);
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json().message).toBe(OVERLAY_MESSAGES.boundsMismatch);
    expect(await overlayRows()).toBe(before);
  });

  it('requires a name, and a hash uploaded to this project', async () => {
    const unnamed = await post(tokens.manager, '/overlays/create', { ...createBody(plan), name: '  ' });
    expect(unnamed.statusCode).toBe(422);
    expect(unnamed.json().message).toContain(OVERLAY_MESSAGES.nameRequired);
    const unknown = await post(tokens.manager, '/overlays/create', {
      ...createBody(plan),
      hash: '0'.repeat(32),
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(OVERLAY_MESSAGES.fileNotFound);
  });
});

describe('POST /overlays/destroy', () => {
  it('removes the overlay, then answers 404 for it', async () => {
    const created = (
      await post(tokens.manager, '/overlays/create', createBody(plan, undefined, 'Remover'))
    ).json<Overlay>();
    const response = await post(tokens.manager, '/overlays/destroy', {
      project_id: projectId,
      overlay_id: created.id,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ id: created.id });
    expect((await list(tokens.manager)).json<Overlay[]>().map((item) => item.id)).not.toContain(created.id);
    const again = await post(tokens.manager, '/overlays/destroy', {
      project_id: projectId,
      overlay_id: created.id,
    });
    expect(again.statusCode).toBe(404);
  });
});

describe('overlay permissions', () => {
  it('hides the project and its files from another customer’s user (404, nothing changed)', async () => {
    const before = await overlayRows();
    const existing = (await list(tokens.manager)).json<Overlay[]>()[0]!;
    expect((await list(tokens.otherCustomer)).statusCode).toBe(404);
    expect((await image(tokens.otherCustomer, plan.hash)).statusCode).toBe(404);
    expect((await post(tokens.otherCustomer, '/overlays/create', createBody(plan))).statusCode).toBe(404);
    const destroy = await post(tokens.otherCustomer, '/overlays/destroy', {
      project_id: projectId,
      overlay_id: existing.id,
    });
    expect(destroy.statusCode).toBe(404);
    const uploaded = await upload(tokens.otherCustomer, { project_id: String(projectId) }, simplePlanPdf());
    expect(uploaded.statusCode).toBe(404);
    expect(await overlayRows()).toBe(before);
  });

  it('refuses a user without the construction.overlays module (403)', async () => {
    expect((await list(tokens.noModule)).statusCode).toBe(403);
    expect((await image(tokens.noModule, plan.hash)).statusCode).toBe(403);
    expect((await post(tokens.noModule, '/overlays/create', createBody(plan))).statusCode).toBe(403);
    const uploaded = await upload(tokens.noModule, { project_id: String(projectId) }, simplePlanPdf());
    expect(uploaded.statusCode).toBe(403);
  });

  it('refuses an inactive user with the spec’s message', async () => {
    const response = await list(tokens.inactive);
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(MESSAGES.inactiveUser);
    const created = await post(tokens.inactive, '/overlays/create', createBody(plan));
    expect(created.statusCode).toBe(403);
  });
});

describe('abandoned plan uploads', () => {
  it(
    'removes, rows and files, the uploads no overlay took within a day; keeps fresh and used ones',
    async () => {
      const send = async () => {
        const response = await upload(tokens.manager, { project_id: String(projectId) }, simplePlanPdf());
        expect(response.statusCode).toBe(200);
        return response.json<OverlayFile>();
      };
      const [abandoned, fresh, used] = [await send(), await send(), await send()];
      expect((await post(tokens.manager, '/overlays/create', createBody(used))).statusCode).toBe(200);
      const dayAgo = new Date(Date.now() - OVERLAY_UPLOAD_TTL_MS - 60_000);
      // created_at is never written by the application: the test ages the rows directly.
      await sql`update overlay_files set created_at = ${dayAgo} where hash in (${abandoned.hash}, ${used.hash})`.execute(
        context.db,
      );
      const folder = (hash: string) => path.join(context.config.storageDir, `overlays/p${projectId}/${hash}`);
      expect(existsSync(folder(abandoned.hash))).toBe(true);

      const removed = await context.services.overlays.removeAbandonedUploads();

      expect(removed).toEqual([abandoned.hash]);
      expect(existsSync(folder(abandoned.hash))).toBe(false);
      expect((await image(tokens.manager, abandoned.hash)).statusCode).toBe(404);
      for (const kept of [fresh, used]) {
        expect(existsSync(folder(kept.hash))).toBe(true);
        expect((await image(tokens.manager, kept.hash)).statusCode).toBe(200);
      }
      const late = await post(tokens.manager, '/overlays/create', createBody(abandoned));
      expect(late.json().message).toBe(OVERLAY_MESSAGES.fileNotFound);
      expect(await context.services.overlays.removeAbandonedUploads()).toEqual([]);
    },
    SLOW,
  );
});
