import { readFileSync } from 'node:fs';
import path from 'node:path';
import { FINANCE_IMPORT_MESSAGES } from '@mirante/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartBody } from '../../test/multipart';
import { roleProcesses, type RoleProcesses } from '../../test/role-processes';
import { bearer, createTestContext, type TestContext } from '../../test/test-app';
import { FINANCE_IMPORT_QUEUE, LAYER_IMPORT_QUEUE } from './import-jobs';
import { WORKERS_UNAVAILABLE_MESSAGE } from './remote-task';
import type { RunningJobs } from './start-jobs';

const LOTS = readFileSync(
  path.resolve(import.meta.dirname, '../../../../testdata/vectors/saopaulo_lotes_utm23s.geojson'),
);

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

describe('imports on the workers (layer-import and finance-import queues)', () => {
  it('with no process working the queues an import is withdrawn and answered 503, nothing written', async () => {
    const before = await layerCount();
    const response = await importLots();
    expect(response.statusCode, response.body).toBe(503);
    expect(response.json()).toMatchObject({
      code: 'WORKERS_UNAVAILABLE',
      message: WORKERS_UNAVAILABLE_MESSAGE,
    });
    expect(await jobStates(LAYER_IMPORT_QUEUE)).toEqual(['cancelled']);
    expect(await layerCount()).toBe(before);
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
});
