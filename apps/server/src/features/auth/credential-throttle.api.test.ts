import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestContext, type TestContext } from '../../../test/test-app';

// LOGIN_RATE_LIMIT 3: 3 tries per address and subject, 9 per subject, 30 per address.
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ loginRateLimitPerMinute: 3 });
});
afterAll(() => ctx.close());

const post = (
  url: string,
  payload: object,
  options: { forwardedFor?: string; remoteAddress?: string } = {},
) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/v1${url}`,
    payload,
    remoteAddress: options.remoteAddress ?? '127.0.0.1',
    headers: options.forwardedFor ? { 'x-forwarded-for': options.forwardedFor } : {},
  });

async function statusesOf(count: number, call: (index: number) => Promise<{ statusCode: number }>) {
  const statuses: number[] = [];
  for (let index = 0; index < count; index++) statuses.push((await call(index)).statusCode);
  return statuses;
}

describe('credential throttling without TRUST_PROXY', () => {
  it('ignores X-Forwarded-For: the 4th wrong password from one address is refused with 429', async () => {
    const statuses = await statusesOf(5, (i) =>
      post(
        '/user',
        { email: 'usuario@valeverde.com.br', password: 'errada' },
        { forwardedFor: `10.9.0.${i}` },
      ),
    );
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
  });

  it('refuses the 6th recovery e-mail to one person within an hour even from 6 different addresses', async () => {
    const statuses = await statusesOf(6, (i) =>
      post('/user/recover', { email: 'gerente@horizonte.com.br' }, { remoteAddress: `10.1.0.${i}` }),
    );
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    expect(ctx.mail.filter((m) => m.to.includes('gerente@horizonte.com.br'))).toHaveLength(5);
  });

  it('refuses the 31st sign-in from one address trying a different e-mail each time', async () => {
    const statuses = await statusesOf(31, (i) =>
      post('/user', { email: `pessoa${i}@exemplo.com`, password: 'errada' }, { remoteAddress: '10.2.0.1' }),
    );
    expect(statuses.slice(0, 30)).toEqual(Array(30).fill(401));
    expect(statuses[30]).toBe(429);
  });

  it('lets a colleague at the same address sign in after someone hit the limit on his own e-mail', async () => {
    const address = { remoteAddress: '10.3.0.1' };
    const statuses = await statusesOf(8, () =>
      post('/user', { email: 'inativo@horizonte.com.br', password: 'errada' }, address),
    );
    expect(statuses.slice(3)).toEqual([429, 429, 429, 429, 429]);
    const colleague = await post(
      '/user',
      { email: 'usuario@horizonte.com.br', password: 'mirante2026' },
      address,
    );
    expect(colleague.statusCode).toBe(200);
  });

  it('refuses the 4th password-token validation from rotating X-Forwarded-For addresses', async () => {
    const statuses = await statusesOf(4, (i) =>
      post(
        '/user/validate-password-definition-token',
        { password_token: 'chute' },
        { forwardedFor: `10.4.0.${i}`, remoteAddress: '10.4.0.99' },
      ),
    );
    expect(statuses).toEqual([404, 404, 404, 429]);
  });

  it('refuses the 4th wrong current password in a change-password from rotating X-Forwarded-For addresses', async () => {
    const token = await ctx.login('admin@mirante.app.br');
    const statuses = await statusesOf(4, (i) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/v1/user/change-password',
        remoteAddress: '10.5.0.1',
        headers: { ...bearer(token), 'x-forwarded-for': `10.5.1.${i}` },
        payload: { current_password: 'errada', password: 'nova12345', password_confirmation: 'nova12345' },
      }),
    );
    expect(statuses).toEqual([422, 422, 422, 429]);
  });
});
