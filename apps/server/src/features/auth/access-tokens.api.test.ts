import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoRows } from '../../../test/demo-rows';
import { bearer, createTestContext, type TestContext } from '../../../test/test-app';
import { DEMO_ACCESS_TOKEN } from '../demo/demo-accounts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const DAY_MS = 86_400_000;
const signInWithLink = (token: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/v1/user', payload: { token } });

const userId = (email: string) => demoRows(ctx).userId(email);

describe('sign-in links (access tokens)', () => {
  it('the demo sign-in link expires at most 30 days after it was created', async () => {
    const row = await ctx.db
      .selectFrom('accessTokens')
      .select(['createdAt', 'expiresAt'])
      .where('description', '=', 'Link de demonstração')
      .executeTakeFirstOrThrow();
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBeLessThanOrEqual(30 * DAY_MS + 60_000);
  });

  it('a new sign-in link is valid for ACCESS_TOKEN_TTL_DAYS (30) by default', async () => {
    const id = await userId('usuario@horizonte.com.br');
    await ctx.services.auth.createAccessToken(id, 'padrão');
    const row = await ctx.db
      .selectFrom('accessTokens')
      .select(['createdAt', 'expiresAt'])
      .where('description', '=', 'padrão')
      .executeTakeFirstOrThrow();
    const days = (row.expiresAt.getTime() - row.createdAt.getTime()) / DAY_MS;
    expect(Math.round(days)).toBe(30);
  });

  it('an expired sign-in link is refused with 401', async () => {
    const token = await ctx.services.auth.createAccessToken(
      await userId('usuario@horizonte.com.br'),
      'vencido',
    );
    await sql`UPDATE access_tokens SET expires_at = now() - interval '1 minute' WHERE description = 'vencido'`.execute(
      ctx.db,
    );
    expect((await signInWithLink(token)).statusCode).toBe(401);
  });

  it('an ADMIN lists the sign-in links with their user and expiry, never the secret', async () => {
    const admin = await ctx.login('admin@mirante.app.br');
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/access-tokens',
      headers: bearer(admin),
    });
    expect(response.statusCode).toBe(200);
    const demo = response
      .json()
      .find((t: { description: string }) => t.description === 'Link de demonstração');
    expect(demo).toMatchObject({ user_email: 'usuario@horizonte.com.br', revoked_at: null });
    expect(response.body).not.toContain(DEMO_ACCESS_TOKEN);
  });

  it('a MANAGER may neither list nor revoke sign-in links (403)', async () => {
    const manager = await ctx.login('gerente@horizonte.com.br');
    const list = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/access-tokens',
      headers: bearer(manager),
    });
    const revoke = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/access-tokens/1/revoke',
      headers: bearer(manager),
    });
    expect([list.statusCode, revoke.statusCode]).toEqual([403, 403]);
  });

  it('after an ADMIN revokes a sign-in link it no longer signs in and the sessions it opened end', async () => {
    const token = await ctx.services.auth.createAccessToken(
      await userId('usuario@horizonte.com.br'),
      'revogar',
    );
    const opened = await signInWithLink(token);
    expect(opened.statusCode).toBe(200);
    const session = opened.json().api_token as string;
    const row = await ctx.db
      .selectFrom('accessTokens')
      .select('id')
      .where('description', '=', 'revogar')
      .executeTakeFirstOrThrow();
    const admin = await ctx.login('admin@mirante.app.br');
    const revoked = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/access-tokens/${row.id}/revoke`,
      headers: bearer(admin),
    });
    expect(revoked.statusCode).toBe(200);
    expect((await signInWithLink(token)).statusCode).toBe(401);
    const restored = await ctx.app.inject({ method: 'GET', url: '/api/v1/user', headers: bearer(session) });
    expect(restored.statusCode).toBe(401);
  });
});
