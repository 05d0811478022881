import { endpointUrl } from '@mirante/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contractEndpoints } from './fuzz/contract-endpoints';
import { fuzzEveryRoute, report } from './fuzz/fuzz-run';
import { createTestContext, type TestContext } from './test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

// The USER's fuzz and the ADMIN's are two files (fuzz-user, fuzz-admin) so that they run on Vitest's two workers at
// once; each is minutes on a loaded 2-core machine.
describe('fuzz of every route of the contract, the downloads and the tiles', () => {
  it(`as ADMIN, every malformed call answers 4xx with a message and changes no table`, async () => {
    expect(await fuzzEveryRoute(ctx, 'admin@mirante.app.br')).toBe(report([]));
    // Thousands of requests: ~10 s alone, over 30 s on a loaded 2-core machine.
  }, 120_000);

  it('covers every route the server registers (a new route is fuzzed without a new test)', () => {
    // Fastify merges parameter names of one position (`:id|:layerId`): compare the shapes only.
    const shape = (path: string) => path.replace(/:[^/]+/g, ':');
    const fuzzed = new Set(contractEndpoints().map((endpoint) => shape(endpointUrl(endpoint))));
    const registered = ctx.app
      .printRoutes({ commonPrefix: false })
      .split('\n')
      .map((line) => line.replace(/^[\s│├└─]+/, '').replace(/\s*\(.*\)\s*$/, ''))
      .filter((path) => path.startsWith('/api/v1/') || path.startsWith('/tiles/'))
      .map(shape);
    expect(registered.filter((path) => !fuzzed.has(path))).toEqual([]);
  });
});
