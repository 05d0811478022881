import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { factories } from '../test/factories';
import { multipartBody } from '../test/multipart';
import { vectorFixture } from '../test/vector-fixtures';
import { roleProcesses, type RoleProcesses } from '../test/role-processes';
import { bearer, createTestContext, type TestContext } from '../test/test-app';
import { EXPORT_QUEUE } from './export-jobs';
import { LAYER_IMPORT_QUEUE } from './import-jobs';
import type { RunningJobs } from './start-jobs';

const LOTS = vectorFixture('saopaulo_lotes_utm23s.geojson');

let context: TestContext;
let processes: RoleProcesses;
let app: FastifyInstance;
let jobs: RunningJobs;
let token: string;

beforeAll(async () => {
  context = await createTestContext();
  processes = roleProcesses(context);
  ({ jobs, app } = await processes.startAll());
  token = await context.login('admin@mirante.app.br');
});

afterAll(async () => {
  await processes?.stop();
  await context.close();
});

const importLots = (projectId: number) => {
  const body = multipartBody({ skipInvalid: 'true' }, [
    { name: 'file', filename: 'lotes.geojson', content: LOTS },
  ]);
  return app.inject({
    method: 'POST',
    url: `/api/v1/project/${projectId}/layers/import`,
    headers: { ...bearer(token), ...body.headers },
    payload: body.payload,
  });
};

async function jobCount(name: string): Promise<number> {
  const { rows } = await jobs.queue
    .getDb()
    .executeSql('SELECT count(*)::int AS n FROM pgboss.job WHERE name = $1', [name]);
  return (rows as { n: number }[])[0]!.n;
}

/** Sessions waiting for an advisory lock another holds. */
async function waitingForLocks(): Promise<number> {
  const { rows } = await jobs.queue.getDb().executeSql(
    `SELECT count(*)::int AS n FROM pg_locks
        WHERE locktype = 'advisory' AND NOT granted
          AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
    [],
  );
  return (rows as { n: number }[])[0]!.n;
}

describe('ROLE=all: imports and exports run in the process that answers', () => {
  it('a layer import answers 200 with its lots created and sends no layer-import job', async () => {
    const project = await factories(context).buildProject();
    const response = await importLots(project.id);
    expect(response.statusCode, response.body).toBe(200);
    expect((response.json() as { lots: { created: number } }).lots.created).toBeGreaterThan(0);
    expect(await jobCount(LAYER_IMPORT_QUEUE)).toBe(0);
  });

  it('a portfolio CSV export answers the file and sends no export-file job', async () => {
    const project = await factories(context).buildProject();
    const response = await app.inject({
      method: 'GET',
      url: `/api/v1/project/${project.id}/informations/export?fileType=csv`,
      headers: bearer(token),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(await jobCount(EXPORT_QUEUE)).toBe(0);
  });

  it("an import waits while the project's import lock is held elsewhere (as by a worker's job), then runs", async () => {
    const project = await factories(context).buildProject();
    const holder = new pg.Client({ connectionString: context.connectionString });
    await holder.connect();
    try {
      // The lock a worker holds while it runs a layer-import job of this project (jobs/task-liveness.ts).
      await holder.query('SELECT pg_advisory_lock(hashtextextended($1, 0))', [
        `${LAYER_IMPORT_QUEUE}:project-${project.id}`,
      ]);
      let answered = false;
      const pending = importLots(project.id).finally(() => (answered = true));
      for (let waited = 0; (await waitingForLocks()) === 0; waited += 50) {
        if (waited > 30_000) throw new Error('the import never waited for the lock');
        await sleep(50);
      }
      expect(answered).toBe(false);
      await holder.query('SELECT pg_advisory_unlock_all()');
      const response = await pending;
      expect(response.statusCode, response.body).toBe(200);
    } finally {
      await holder.end();
    }
  }, 60_000);
});
