import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestContext, type TestContext } from '../../../test/test-app';
import { factories, type Factories } from '../../../test/factories';

let ctx: TestContext;
let make: Factories;
beforeAll(async () => {
  ctx = await createTestContext();
  make = factories(ctx);
});
afterAll(() => ctx.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'GET', url, headers });
// A tile of a date with no scene: 404 once the session is accepted, 401/403 when it is not.
const tileOf = (space: string, token: string) =>
  get(`/tiles/${space}/2020-01-01/17/1/1.png?api_token=${token}`);

async function member() {
  const project = await make.buildProject();
  const user = await make.buildUser('USER', ['allotment.map'], {
    customerId: project.customerId,
    projectIds: [project.id],
  });
  return { project, user, token: await make.signIn(user) };
}

describe('tiles and downloads stop at once', () => {
  it('after logout a tile request with the old token is refused (401)', async () => {
    const { project, token } = await member();
    expect((await tileOf(project.space, token)).statusCode).toBe(404);
    await ctx.app.inject({ method: 'POST', url: '/api/v1/user/logout', headers: bearer(token) });
    expect((await tileOf(project.space, token)).statusCode).toBe(401);
  });

  it('after an ADMIN inactivates the user his tile requests are refused (403)', async () => {
    const { project, user, token } = await member();
    expect((await tileOf(project.space, token)).statusCode).toBe(404);
    const admin = await ctx.login('admin@mirante.app.br');
    const toggled = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/user/${user.id}/status`,
      headers: bearer(admin),
    });
    expect(toggled.json()).toMatchObject({ status: false });
    expect((await tileOf(project.space, token)).statusCode).toBe(403);
  });

  it('after a password change the other sessions’ tile requests are refused (401)', async () => {
    const { project, user, token } = await member();
    const other = await make.signIn(user);
    expect((await tileOf(project.space, other)).statusCode).toBe(404);
    const changed = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/user/change-password',
      headers: bearer(token),
      payload: {
        current_password: 'senha-de-teste-123',
        password: 'nova-123',
        password_confirmation: 'nova-123',
      },
    });
    expect(changed.statusCode).toBe(200);
    expect((await tileOf(project.space, other)).statusCode).toBe(401);
  });
});

describe('api_token in the query only where the contract allows it', () => {
  it('a JSON route refuses ?api_token= (401) and accepts the same token as a bearer header', async () => {
    const { project, token } = await member();
    expect((await get(`/api/v1/project/${project.id}?api_token=${token}`)).statusCode).toBe(401);
    expect((await get(`/api/v1/project/${project.id}`, bearer(token))).statusCode).toBe(200);
  });

  // Downloads keep ?api_token= too: detections-report.api.test.ts exports with it.
  it('GET /user restores a session from ?api_token=', async () => {
    const { token } = await member();
    expect((await get(`/api/v1/user?api_token=${token}`)).statusCode).toBe(200);
  });
});

describe('password links and idle sessions', () => {
  it('a recovery link e-mailed before a password change no longer works after it (410)', async () => {
    const { user, token } = await member();
    const before = ctx.mail.length;
    await ctx.app.inject({ method: 'POST', url: '/api/v1/user/recover', payload: { email: user.email } });
    const link = /\/auth\/pass\?t=([\w-]+)/.exec(
      ctx.mail
        .slice(before)
        .map((m) => m.raw)
        .join('\n'),
    )?.[1];
    expect(link).toBeDefined();
    await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/user/change-password',
      headers: bearer(token),
      payload: {
        current_password: 'senha-de-teste-123',
        password: 'nova-123',
        password_confirmation: 'nova-123',
      },
    });
    const validated = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/user/validate-password-definition-token',
      payload: { password_token: link },
    });
    expect(validated.statusCode).toBe(410);
  });

  it('a session unused for longer than SESSION_IDLE_MINUTES (120) is refused (401)', async () => {
    const { user, token } = await member();
    expect((await get('/api/v1/user', bearer(token))).statusCode).toBe(200);
    await sql`UPDATE sessions SET last_used_at = now() - interval '121 minutes' WHERE user_id = ${user.id}`.execute(
      ctx.db,
    );
    expect((await get('/api/v1/user', bearer(token))).statusCode).toBe(401);
  });

  it('a session used within SESSION_IDLE_MINUTES is kept', async () => {
    const { user, token } = await member();
    await sql`UPDATE sessions SET last_used_at = now() - interval '100 minutes' WHERE user_id = ${user.id}`.execute(
      ctx.db,
    );
    expect((await get('/api/v1/user', bearer(token))).statusCode).toBe(200);
  });
});
