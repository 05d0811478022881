import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Storage } from './storage/storage';
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
let apiApp: FastifyInstance;
let api: RunningJobs;
let token: string;

/**
 * The worker's storage: each staged import file it reads is recorded in `reads`, and the first one is handed
 * over only at `release` (an import that is still running).
 */
function heldImportReads(storage: Storage) {
  const reads: string[] = [];
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const held: Storage = {
    ...storage,
    async getStream(key) {
      if (key.startsWith('jobs/imports/')) {
        reads.push(key);
        if (reads.length === 1) await released;
      }
      return storage.getStream(key);
    },
  };
  return { storage: held, reads, release };
}

beforeAll(async () => {
  // Pickup within 2 s: an import still waiting for a loop then is answered 503.
  context = await createTestContext({ jobPickupSeconds: 2 });
  processes = roleProcesses(context);
  ({ jobs: api, app: apiApp } = await processes.startApi());
  token = await context.login('admin@mirante.app.br');
});

afterAll(async () => {
  await processes?.stop();
  await context.close();
});

const importLots = (projectId: number, app = apiApp) => {
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

const activeImports = async () => {
  const { rows } = await api.queue
    .getDb()
    .executeSql(`SELECT singleton_key AS key FROM pgboss.job WHERE name = $1 AND state = 'active'`, [
      LAYER_IMPORT_QUEUE,
    ]);
  return (rows as { key: string }[]).map((row) => row.key).sort();
};

/** Sessions waiting for an advisory lock another holds (a worker's job waiting for its project's import). */
const waitingForLocks = async () => {
  const { rows } = await api.queue.getDb().executeSql(
    `SELECT count(*)::int AS n FROM pg_locks
        WHERE locktype = 'advisory' AND NOT granted
          AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
    [],
  );
  return (rows as { n: number }[])[0]!.n;
};

async function until(condition: () => Promise<boolean> | boolean): Promise<void> {
  for (let waited = 0; waited < 30_000; waited += 50) {
    if (await condition()) return;
    await sleep(50);
  }
  throw new Error('condição não atingida em 30 s');
}

describe('imports of different projects on one worker (layer-import queue)', () => {
  it("project B's import completes while project A's is still running; a second import of A waits for the first and then runs", async () => {
    const make = factories(context);
    const projectA = (await make.buildProject()).id;
    const projectB = (await make.buildProject()).id;
    const { storage, reads, release } = heldImportReads(processes.infra.storage);
    await processes.startWorker(storage);

    const firstA = importLots(projectA);
    await until(() => reads.length === 1);

    const importB = await importLots(projectB);
    expect(importB.statusCode, importB.body).toBe(200);
    expect((importB.json() as { lots: { created: number } }).lots.created).toBeGreaterThan(0);
    expect(await activeImports()).toEqual([`project-${projectA}`]);

    const secondA = importLots(projectA);
    // Taken by another loop, it waits for the first import's project lock without reading its file.
    await until(async () => (await activeImports()).length === 2 && (await waitingForLocks()) === 1);
    expect(reads).toHaveLength(2);

    release();
    const [first, second] = await Promise.all([firstA, secondA]);
    expect(first.statusCode, first.body).toBe(200);
    expect(second.statusCode, second.body).toBe(200);
    const created = (first.json() as { lots: { created: number } }).lots.created;
    expect(created).toBeGreaterThan(0);
    // The second import ran after the first had committed: it found every lot and updated it.
    expect((second.json() as { lots: { created: number; updated: number } }).lots).toMatchObject({
      created: 0,
      updated: created,
    });
    expect(reads).toHaveLength(3);
  }, 120_000);
});

describe('ROLE=all: imports and exports run in the process that answers', () => {
  let allApp: FastifyInstance;
  beforeAll(async () => {
    ({ app: allApp } = await processes.startAll());
  });

  const jobCount = async (name: string) => {
    const { rows } = await api.queue
      .getDb()
      .executeSql('SELECT count(*)::int AS n FROM pgboss.job WHERE name = $1', [name]);
    return (rows as { n: number }[])[0]!.n;
  };

  it('a layer import answers 200 with its lots created and sends no layer-import job', async () => {
    const project = await factories(context).buildProject();
    const jobsBefore = await jobCount(LAYER_IMPORT_QUEUE);
    const response = await importLots(project.id, allApp);
    expect(response.statusCode, response.body).toBe(200);
    expect((response.json() as { lots: { created: number } }).lots.created).toBeGreaterThan(0);
    expect(await jobCount(LAYER_IMPORT_QUEUE)).toBe(jobsBefore);
  }, 120_000);

  it('a portfolio CSV export answers the file and sends no export-file job', async () => {
    const project = await factories(context).buildProject();
    const jobsBefore = await jobCount(EXPORT_QUEUE);
    const response = await allApp.inject({
      method: 'GET',
      url: `/api/v1/project/${project.id}/informations/export?fileType=csv`,
      headers: bearer(token),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(await jobCount(EXPORT_QUEUE)).toBe(jobsBefore);
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
      const pending = importLots(project.id, allApp).finally(() => (answered = true));
      await until(async () => (await waitingForLocks()) === 1);
      expect(answered).toBe(false);
      await holder.query('SELECT pg_advisory_unlock_all()');
      const response = await pending;
      expect(response.statusCode, response.body).toBe(200);
    } finally {
      await holder.end();
    }
  }, 120_000);
});
