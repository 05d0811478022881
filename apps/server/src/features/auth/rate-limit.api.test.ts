import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ loginRateLimitPerMinute: 3 });
});
afterAll(() => ctx.close());

it('rate-limits repeated login attempts for the same e-mail', async () => {
  const attempt = () =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/v1/user',
      payload: { email: 'admin@mirante.app.br', password: 'tentativa' },
    });
  const statuses: number[] = [];
  for (let i = 0; i < 5; i++) statuses.push((await attempt()).statusCode);
  expect(statuses.slice(0, 3)).toEqual([401, 401, 401]);
  expect(statuses[3]).toBe(429);
  const limited = await attempt();
  expect(limited.json().message).toBe('Muitas tentativas. Aguarde um minuto e tente novamente.');
  // Another account is not locked out by someone hammering the first one.
  const other = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/user',
    payload: { email: 'gerente@horizonte.com.br', password: 'mirante2026' },
  });
  expect(other.statusCode).toBe(200);
});
