import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/test-app';

describe('GET /base-maps without configuration', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  it('answers no external base map', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/base-maps' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ street: null, satellite: null });
  });
});

describe('GET /base-maps configured', () => {
  let ctx: TestContext;
  const street = { kind: 'tiles', url: 'https://tile.example.com/{z}/{x}/{y}.png', attribution: '© Exemplo' };
  beforeAll(async () => {
    ctx = await createTestContext({
      baseMaps: { street: { ...street, kind: 'tiles' }, satellite: null },
    });
  });
  afterAll(() => ctx.close());

  it('answers the configured servers to anyone (the map of the login-less token session too)', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/base-maps' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ street, satellite: null });
  });
});
