import { readFileSync } from 'node:fs';
import path from 'node:path';
import { FINANCE_IMPORT_MESSAGES } from '@mirante/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import type { RunningInfrastructure } from '../infrastructure';
import { createMailer } from '../mail/mailer';
import { createLocalStorage } from '../storage/local-storage';
import { multipartBody } from '../../test/multipart';
import { bearer, createTestContext, type TestContext } from '../../test/test-app';
import { FINANCE_IMPORT_QUEUE, LAYER_IMPORT_QUEUE } from './import-jobs';
import { WORKERS_UNAVAILABLE_MESSAGE } from './remote-task';
import { startJobs, type RunningJobs } from './start-jobs';

const LOTS = readFileSync(
  path.resolve(import.meta.dirname, '../../../../testdata/vectors/saopaulo_lotes_utm23s.geojson'),
);

let context: TestContext;
let infra: RunningInfrastructure;
let apiApp: FastifyInstance;
let api: RunningJobs;
let projectId: number;
let token: string;
const running: RunningJobs[] = [];

beforeAll(async () => {
  // An API process gives a worker 2 s to take its job.
  context = await createTestContext({ jobPickupSeconds: 2 });
  infra = {
    config: { ...context.config, role: 'api' },
    db: context.db,
    connectionString: context.connectionString,
    storage: createLocalStorage(context.config.storageDir),
    mailer: createMailer({
      outboxDir: path.join(context.config.dataDir, 'outbox'),
      from: 'teste@mirante.test',
    }),
    close: () => Promise.resolve(),
  };
  api = await startJobs(infra, () => undefined, { work: false });
  running.push(api);
  apiApp = await buildApp(infra, api.services, { serveWeb: false });
  const project = await context.db
    .selectFrom('projects')
    .select('id')
    .where('space', '=', 'jardim-das-palmeiras')
    .executeTakeFirstOrThrow();
  projectId = project.id;
  token = await context.login('admin@mirante.app.br');
});

afterAll(async () => {
  await apiApp?.close();
  for (const jobs of running) await jobs.queue.stop({ graceful: false, wait: true });
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
    running.push(await startJobs({ ...infra, config: { ...infra.config, role: 'worker' } }, () => undefined));
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
