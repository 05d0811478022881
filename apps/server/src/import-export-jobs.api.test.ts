import { readdir } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import path from 'node:path';
import { FINANCE_IMPORT_MESSAGES } from '@mirante/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { factories } from '../test/factories';
import { multipartBody } from '../test/multipart';
import { vectorFixture } from '../test/vector-fixtures';
import { roleProcesses, type RoleProcesses } from '../test/role-processes';
import { bearer, createTestContext, type TestContext } from '../test/test-app';
import { EXPORT_QUEUE } from './export-jobs';
import { FINANCE_IMPORT_QUEUE, LAYER_IMPORT_QUEUE } from './import-jobs';
import { WORKERS_UNAVAILABLE_MESSAGE } from './jobs/remote-task';
import type { RunningJobs } from './start-jobs';

const LOTS = vectorFixture('saopaulo_lotes_utm23s.geojson');

let context: TestContext;
let processes: RoleProcesses;
let apiApp: FastifyInstance;
let api: RunningJobs;
let projectId: number;
let token: string;

beforeAll(async () => {
  // An API process gives a worker 2 s to take its job.
  context = await createTestContext({ jobPickupSeconds: 2 });
  processes = roleProcesses(context);
  ({ jobs: api, app: apiApp } = await processes.startApi());
  const project = await context.db
    .selectFrom('projects')
    .select('id')
    .where('space', '=', 'jardim-das-palmeiras')
    .executeTakeFirstOrThrow();
  projectId = project.id;
  token = await context.login('admin@mirante.app.br');
});

afterAll(async () => {
  await processes?.stop();
  await context.close();
});

const post = (url: string, fields: Record<string, string>, filename: string, content: Buffer) => {
  const body = multipartBody(fields, [{ name: 'file', filename, content }]);
  return apiApp.inject({
    method: 'POST',
    url,
    headers: { ...bearer(token), ...body.headers },
    payload: body.payload,
  });
};
const importLots = () =>
  post(`/api/v1/project/${projectId}/layers/import`, { skipInvalid: 'true' }, 'lotes.geojson', LOTS);
const importSheet = (content: Buffer) =>
  post(`/api/v1/project/${projectId}/informations/import`, {}, 'carteira.xlsx', content);

const download = (url: string, as = token) => apiApp.inject({ method: 'GET', url, headers: bearer(as) });
const exportCsv = (as = token) =>
  download(`/api/v1/project/${projectId}/informations/export?fileType=csv`, as);

async function jobStates(name: string): Promise<string[]> {
  const { rows } = await api.queue
    .getDb()
    .executeSql('SELECT state FROM pgboss.job WHERE name = $1 ORDER BY created_on', [name]);
  return (rows as { state: string }[]).map((row) => row.state);
}

const layerCount = async () =>
  Number(
    (
      await context.db
        .selectFrom('layers')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('projectId', '=', projectId)
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('imports and exports on the workers (layer-import, finance-import and export-file queues)', () => {
  it('with no process working the queues an import and an export are withdrawn and answered 503, nothing written', async () => {
    const before = await layerCount();
    const response = await importLots();
    expect(response.statusCode, response.body).toBe(503);
    expect(response.json()).toMatchObject({
      code: 'WORKERS_UNAVAILABLE',
      message: WORKERS_UNAVAILABLE_MESSAGE,
    });
    expect(await jobStates(LAYER_IMPORT_QUEUE)).toEqual(['cancelled']);
    expect(await layerCount()).toBe(before);
    const refused = await exportCsv();
    expect(refused.statusCode, refused.body).toBe(503);
    expect(refused.json()).toMatchObject({ code: 'WORKERS_UNAVAILABLE' });
    expect(await jobStates(EXPORT_QUEUE)).toEqual(['cancelled']);
  }, 60_000);

  it('a worker runs the import the API sent and the API answers with its report; refusals keep their 4xx', async () => {
    await processes.startWorker();
    const before = await layerCount();
    const response = await importLots();
    expect(response.statusCode, response.body).toBe(200);
    const created = (response.json() as { lots: { created: number } }).lots.created;
    expect(created).toBeGreaterThan(0);
    expect(await layerCount()).toBeGreaterThan(before);
    expect(await jobStates(LAYER_IMPORT_QUEUE)).toEqual(['cancelled', 'completed']);

    const refused = await importSheet(Buffer.from('isto não é uma planilha'));
    expect(refused.statusCode, refused.body).toBe(415);
    expect(refused.json()).toMatchObject({ message: FINANCE_IMPORT_MESSAGES.invalidType });
    expect(await jobStates(FINANCE_IMPORT_QUEUE)).toEqual(['completed']);
  }, 60_000);

  it('a worker builds an export the API sent; the API sends it and deletes the stored file', async () => {
    const file = await exportCsv();
    expect(file.statusCode, file.body).toBe(200);
    expect(file.headers['content-type']).toContain('text/csv');
    expect(file.headers['content-disposition']).toMatch(/carteira-.*\.csv/);
    expect(file.body.split('\n').length).toBeGreaterThan(2);
    expect(await jobStates(EXPORT_QUEUE)).toEqual(['cancelled', 'completed']);
    const exportsDir = path.join(context.config.storageDir, 'jobs', 'exports');
    const left = () => readdir(exportsDir).catch(() => []);
    // The stored file is deleted before the answer.
    for (let waited = 0; waited < 5_000 && (await left()).length > 0; waited += 100) await sleep(100);
    expect(await left()).toEqual([]);
  }, 60_000);

  it("the construction notes download is built by the worker; its refusals (another customer's inspection, no processed AI run) come back from it as the same 404", async () => {
    const make = factories(context);
    const customer = await make.buildCustomer();
    const member = await make.buildUser('USER', ['construction.notes'], { customerId: customer.id });
    const outsider = await make.buildUser('MANAGER', ['construction.map', 'construction.notes']);
    const site = await make.buildProject({
      customerId: customer.id,
      projectType: 'CONSTRUCTION',
      memberIds: [member.id],
    });
    const sceneId = await make.buildScene(site.id, { date: '2026-03-10', published: true });
    const inspection = await context.db
      .insertInto('inspections')
      .values({ projectId: site.id, sceneId, phase: 1 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const notesUrl = `/api/v1/notes/export?inspection_id=${inspection.id}&extension=xls`;
    const jobsBefore = (await jobStates(EXPORT_QUEUE)).length;
    const notes = await download(notesUrl, await make.signIn(member));
    expect(notes.statusCode, notes.body).toBe(200);
    expect(notes.headers['content-disposition']).toContain('anotacoes.xls');
    expect(notes.rawPayload.subarray(0, 8).toString('hex')).toBe('d0cf11e0a1b11ae1');
    const hidden = await download(notesUrl, await make.signIn(outsider));
    expect(hidden.statusCode, hidden.body).toBe(404);
    // The test database has no processed AI run: the worker's report service refuses.
    const report = await download(`/api/v1/project/${projectId}/allotments/export?fileType=csv`);
    expect(report.statusCode, report.body).toBe(404);
    expect(report.json()).toMatchObject({ code: 'PROCESSING_NOT_FINISHED' });
    expect((await jobStates(EXPORT_QUEUE)).slice(jobsBefore)).toEqual([
      'completed',
      'completed',
      'completed',
    ]);
  }, 60_000);

  it("the geometry export is built by the worker; another customer's project comes back from it as the same 404", async () => {
    const jobsBefore = (await jobStates(EXPORT_QUEUE)).length;
    const gpkg = await download(`/api/v1/project/${projectId}/geo-export?format=gpkg&crs=utm`);
    expect(gpkg.statusCode, gpkg.body).toBe(200);
    expect(gpkg.headers['content-type']).toBe('application/geopackage+sqlite3');
    expect(gpkg.headers['content-disposition']).toMatch(
      /jardim-das-palmeiras.*-camadas-\d{4}-\d{2}-\d{2}\.gpkg/,
    );
    expect(gpkg.rawPayload.subarray(0, 15).toString('latin1')).toBe('SQLite format 3');
    const hidden = await download(
      `/api/v1/project/${projectId}/geo-export?format=kml`,
      await context.login('usuario@valeverde.com.br'),
    );
    expect(hidden.statusCode, hidden.body).toBe(404);
    expect((await jobStates(EXPORT_QUEUE)).slice(jobsBefore)).toEqual(['completed', 'completed']);
  }, 60_000);

  it('a user without the module is refused 403 and no session 401 by the API, no job sent', async () => {
    const jobsBefore = (await jobStates(EXPORT_QUEUE)).length;
    const refused = await exportCsv(await context.login('usuario@valeverde.com.br'));
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'MODULE_NOT_AVAILABLE' });
    const anonymous = await apiApp.inject({
      method: 'GET',
      url: `/api/v1/project/${projectId}/informations/export?fileType=csv`,
    });
    expect(anonymous.statusCode).toBe(401);
    expect(await jobStates(EXPORT_QUEUE)).toHaveLength(jobsBefore);
  }, 60_000);
});
