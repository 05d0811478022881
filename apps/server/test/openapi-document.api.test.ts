import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

it('serves the OpenAPI document committed in docs/openapi.json', async () => {
  const response = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
  expect(response.statusCode).toBe(200);
  const document = `${JSON.stringify(response.json(), null, 2)}\n`;
  await expect(
    document,
    'The API contract changed: check the diff, then run `npm run snapshots:update` and commit docs/openapi.json',
  ).toMatchFileSnapshot('../../../docs/openapi.json');
});
