import { VectorTile } from '@mapbox/vector-tile';
import { PbfReader } from 'pbf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCpuPool, type CpuPool } from '../../cpu/cpu-pool';
import { bearer, createTestContext, type TestContext } from '../../../test/test-app';
import { factories } from '../../../test/factories';

// The vector tiles are cut on the CPU pool, never on the event loop. The pool here holds each cut of the "big"
// project until the test lets it go: what is answered meanwhile cannot have waited for it (no timing).
const BIG_LOTS = 120;
const real = createCpuPool({ threads: 1 });
/** The layer ids of each cut the pool was asked for. */
const cuts: number[][] = [];
let release: () => void = () => undefined;
const released = new Promise<void>((resolve) => (release = resolve));
const waiters: { ids: number[]; go: () => void }[] = [];
const bigLots: number[] = [];

const ofProject = (cut: number[], ids: number[]) => cut.length > 0 && cut.every((id) => ids.includes(id));
const cutsOf = (ids: number[]) => cuts.filter((cut) => ofProject(cut, ids)).length;
/** Settles when a cut of these layers reaches the pool. */
const whenCutStarts = (ids: number[]) => new Promise<void>((go) => waiters.push({ ids, go }));

const pool: CpuPool = {
  threads: 1,
  run(name, input, options) {
    let held = Promise.resolve();
    if (name === 'cutVectorTiles') {
      const ids = (input as { rows: { id: number }[] }).rows.map((row) => row.id);
      cuts.push(ids);
      for (const waiter of waiters.filter((w) => ofProject(ids, w.ids))) waiter.go();
      if (ofProject(ids, bigLots)) held = released;
    }
    return held.then(() => real.run(name, input, options));
  },
  close: () => real.close(),
};

let ctx: TestContext;
let big = 0;
let small = 0;
let token = '';
let customerId = 0;

/** The zoom-16 tile holding the factory layers' square (-51.95, -23.42). */
const Z = 16;
const X = Math.floor(((-51.94995 + 180) / 360) * 2 ** Z);
const lat = (-23.41995 * Math.PI) / 180;
const Y = Math.floor(((1 - Math.log(Math.tan(lat) + 1 / Math.cos(lat)) / Math.PI) / 2) * 2 ** Z);

const get = (url: string) => ctx.app.inject({ method: 'GET', url, headers: bearer(token) });
const tile = (projectId: number, z = Z, x = X, y = Y) =>
  get(`/api/v1/project/${projectId}/layer-tiles/${z}/${x}/${y}`);
const featureCount = (bytes: Buffer) => new VectorTile(new PbfReader(bytes)).layers.layers?.length ?? 0;

beforeAll(async () => {
  ctx = await createTestContext({}, { cpu: pool });
  const make = factories(ctx);
  const customer = await make.buildCustomer();
  customerId = customer.id;
  big = (await make.buildProject({ customerId: customer.id })).id;
  small = (await make.buildProject({ customerId: customer.id })).id;
  for (let i = 1; i <= BIG_LOTS; i++) bigLots.push(await make.buildLayer(big, { name: `Lote ${i}` }));
  for (const name of ['Lote 1', 'Lote 2']) await make.buildLayer(small, { name });
  token = await make.signIn(await make.buildUser('ADMIN', [], { customerId: customer.id }));
});

afterAll(async () => {
  release();
  await ctx?.close();
  await real.close();
});

describe('vector tiles cut on the CPU pool', () => {
  it("answers other requests while a big project's tiles are being cut, then its tiles from one shared cut", async () => {
    const started = whenCutStarts(bigLots);
    let answered = false;
    const pending = Promise.all([tile(big), tile(big, Z, X + 1, Y)]).then((responses) => {
      answered = true;
      return responses;
    });
    await started;

    const other = await tile(small);
    expect(other.statusCode, other.body).toBe(200);
    expect(featureCount(other.rawPayload)).toBe(2);
    expect((await get(`/api/v1/project/${big}/layers`)).statusCode).toBe(200);
    expect(answered).toBe(false);

    release();
    const [first, neighbour] = await pending;
    expect(first.statusCode, first.body).toBe(200);
    expect(featureCount(first.rawPayload)).toBe(BIG_LOTS);
    expect(neighbour.statusCode).toBe(200);
    expect(cutsOf(bigLots)).toBe(1);
  });

  it('starts the cut when the layer list is asked for, and cuts again after a lot changes', async () => {
    const make = factories(ctx);
    const project = (await make.buildProject({ customerId })).id;
    const lots: number[] = [];
    for (const name of ['Lote 1', 'Lote 2', 'Lote 3']) lots.push(await make.buildLayer(project, { name }));
    const warmed = whenCutStarts(lots);
    expect((await get(`/api/v1/project/${project}/layers`)).statusCode).toBe(200);
    await warmed;
    const before = await tile(project);
    expect(featureCount(before.rawPayload)).toBe(3);
    expect(cutsOf(lots)).toBe(1);

    await ctx.db.deleteFrom('layers').where('id', '=', lots[0]!).execute();
    const after = await tile(project);
    expect(after.statusCode).toBe(200);
    expect(featureCount(after.rawPayload)).toBe(2);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(cutsOf(lots)).toBe(2);
  });
});
