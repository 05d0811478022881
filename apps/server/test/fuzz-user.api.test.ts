import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
  it(`as USER, every malformed call answers 4xx with a message and changes no table`, async () => {
    expect(await fuzzEveryRoute(ctx, 'usuario@horizonte.com.br')).toBe(report([]));
    // Thousands of requests: ~10 s alone, over 30 s on a loaded 2-core machine.
  }, 120_000);
});
