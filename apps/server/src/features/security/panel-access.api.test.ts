import { afterAll, beforeAll, expect, it } from 'vitest';
import { bearer, createTestContext, type TestContext } from '../../../test/test-app';
import { factories, type Factories } from '../../../test/factories';

let ctx: TestContext;
let make: Factories;
beforeAll(async () => {
  ctx = await createTestContext();
  make = factories(ctx);
});
afterAll(() => ctx.close());

it('a MANAGER without a security module is refused every security-panel list (403)', async () => {
  const manager = await make.buildUser('MANAGER', ['allotment.map', 'allotment.finance']);
  const token = await make.signIn(manager);
  for (const url of ['/users', '/groups', '/customers', `/projects/${manager.customerId}`]) {
    const response = await ctx.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: bearer(token) });
    expect({ url, status: response.statusCode }).toEqual({ url, status: 403 });
  }
});

it('a MANAGER holding a security module opens the panel', async () => {
  const manager = await make.buildUser('MANAGER', ['allotment.map', 'allotment.security']);
  const response = await ctx.app.inject({
    method: 'GET',
    url: '/api/v1/users',
    headers: bearer(await make.signIn(manager)),
  });
  expect(response.statusCode).toBe(200);
});
