import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoRows } from '../../../test/demo-rows';
import { bearer, createTestContext, type TestContext } from '../../../test/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const DAY_MS = 86_400_000;

const userId = (email: string) => demoRows(ctx).userId(email);

async function createLink(signedInAs: string, payload: Record<string, unknown>) {
  const session = await ctx.login(signedInAs);
  return ctx.app.inject({
    method: 'POST',
    url: '/api/v1/access-tokens',
    headers: bearer(session),
    payload,
  });
}

/** The secret of a link URL (`…/?token=<secret>`). */
const secretOf = (url: string) => new URL(url).searchParams.get('token') ?? '';

const signInWithLink = (token: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/v1/user', payload: { token } });

describe('POST /access-tokens: an ADMIN creates a sign-in link', () => {
  it('answers 201 with the summary and the full link URL, and stores only the hash of its secret', async () => {
    const user = await userId('usuario@horizonte.com.br');
    const response = await createLink('admin@mirante.app.br', { user_id: user, description: 'Corretor' });
    expect(response.statusCode).toBe(201);
    const created = response.json();
    expect(created).toMatchObject({
      description: 'Corretor',
      user_id: user,
      user_email: 'usuario@horizonte.com.br',
      revoked_at: null,
    });
    expect(created.url).toMatch(/^http:\/\/[^/]+\/\?token=[A-Za-z0-9_-]{20,}$/);
    const stored = await ctx.db
      .selectFrom('accessTokens')
      .selectAll()
      .where('id', '=', String(created.id))
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(stored)).not.toContain(secretOf(created.url));
  });

  it('the created link signs its user in, marked from_token', async () => {
    const response = await createLink('admin@mirante.app.br', {
      user_id: await userId('usuario@horizonte.com.br'),
      description: 'Entrar',
    });
    const signedIn = await signInWithLink(secretOf(response.json().url));
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json()).toMatchObject({ email: 'usuario@horizonte.com.br', from_token: true });
  });

  it('a link for a user of another customer is created and signs that user in', async () => {
    const response = await createLink('admin@mirante.app.br', {
      user_id: await userId('usuario@valeverde.com.br'),
      description: 'Outro cliente',
    });
    expect(response.statusCode).toBe(201);
    const signedIn = await signInWithLink(secretOf(response.json().url));
    expect(signedIn.json()).toMatchObject({ email: 'usuario@valeverde.com.br' });
  });

  it('expires after ACCESS_TOKEN_TTL_DAYS (30) by default and after valid_days when given', async () => {
    const user = await userId('usuario@horizonte.com.br');
    const standard = (await createLink('admin@mirante.app.br', { user_id: user, description: 'd' })).json();
    const week = (
      await createLink('admin@mirante.app.br', { user_id: user, description: 'w', valid_days: 7 })
    ).json();
    const days = (link: { created_at: string; expires_at: string }) =>
      Math.round((Date.parse(link.expires_at) - Date.parse(link.created_at)) / DAY_MS);
    expect([days(standard), days(week)]).toEqual([30, 7]);
  });

  it('a MANAGER and a USER get 403 and no link is stored', async () => {
    const before = await ctx.db
      .selectFrom('accessTokens')
      .select(ctx.db.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    const payload = { user_id: await userId('usuario@horizonte.com.br'), description: 'x' };
    const manager = await createLink('gerente@horizonte.com.br', payload);
    const user = await createLink('usuario@horizonte.com.br', payload);
    const after = await ctx.db
      .selectFrom('accessTokens')
      .select(ctx.db.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect([manager.statusCode, user.statusCode, after.n]).toEqual([403, 403, before.n]);
  });

  it('refuses an empty description, 0 or 366 days and an unknown user, with a pt-BR message', async () => {
    const user = await userId('usuario@horizonte.com.br');
    const answers = await Promise.all([
      createLink('admin@mirante.app.br', { user_id: user, description: '  ' }),
      createLink('admin@mirante.app.br', { user_id: user, description: 'a', valid_days: 0 }),
      createLink('admin@mirante.app.br', { user_id: user, description: 'a', valid_days: 366 }),
      createLink('admin@mirante.app.br', { user_id: 999_999, description: 'a' }),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([422, 422, 422, 404]);
    expect(answers[0]?.json().message).toContain('Informe a descrição do link.');
    expect(answers[1]?.json().message).toContain('A validade deve ser um número inteiro de 1 a 365 dias.');
  });

  it("an inactive user's link does not sign in (403)", async () => {
    const response = await createLink('admin@mirante.app.br', {
      user_id: await userId('inativo@horizonte.com.br'),
      description: 'Inativo',
    });
    expect(response.statusCode).toBe(201);
    expect((await signInWithLink(secretOf(response.json().url))).statusCode).toBe(403);
  });

  it('an expired link is refused (401)', async () => {
    const response = await createLink('admin@mirante.app.br', {
      user_id: await userId('usuario@horizonte.com.br'),
      description: 'Vencido',
      valid_days: 1,
    });
    await sql`UPDATE access_tokens SET expires_at = now() - interval '1 minute' WHERE id = ${response.json().id}`.execute(
      ctx.db,
    );
    expect((await signInWithLink(secretOf(response.json().url))).statusCode).toBe(401);
  });

  it('after the ADMIN revokes the link it no longer signs in, and the list shows it revoked', async () => {
    const admin = await ctx.login('admin@mirante.app.br');
    const created = (
      await createLink('admin@mirante.app.br', {
        user_id: await userId('usuario@horizonte.com.br'),
        description: 'Revogar depois',
      })
    ).json();
    expect((await signInWithLink(secretOf(created.url))).statusCode).toBe(200);
    const revoked = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/access-tokens/${created.id}/revoke`,
      headers: bearer(admin),
    });
    expect(revoked.statusCode).toBe(200);
    expect((await signInWithLink(secretOf(created.url))).statusCode).toBe(401);
    const list = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/access-tokens',
      headers: bearer(admin),
    });
    const listed = list.json().find((link: { id: number }) => link.id === created.id);
    expect(listed.revoked_at).not.toBeNull();
    expect(list.body).not.toContain(secretOf(created.url));
  });
});
