import { MESSAGES } from '@mirante/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestContext, type TestContext } from '../../../test/test-app';
import { DEMO_ACCESS_TOKEN, DEMO_PASSWORD } from '../demo/demo-accounts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'POST', url: `/api/v1${url}`, payload, headers });
const get = (url: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'GET', url: `/api/v1${url}`, headers });
const form = (url: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/v1${url}`,
    payload: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
  });

function linkToken(raw: string): { token: string; recovery: boolean } {
  const match = /\/auth\/pass\?t=([A-Za-z0-9_-]+)(&m=1)?/.exec(raw);
  if (!match?.[1]) throw new Error('link não encontrado no e-mail');
  return { token: match[1], recovery: Boolean(match[2]) };
}

describe('POST /user (login)', () => {
  it('returns credentials with modules for a valid password', async () => {
    const response = await post('/user', { email: 'GERENTE@horizonte.com.br ', password: DEMO_PASSWORD });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ email: 'gerente@horizonte.com.br', role: 'MANAGER', from_token: false });
    expect(body.api_token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(body.modules).toContain('allotment.finance');
  });

  it('gives ADMIN every module', async () => {
    const body = (await post('/user', { email: 'admin@mirante.app.br', password: DEMO_PASSWORD })).json();
    expect(body.modules).toHaveLength(15);
  });

  it('rejects a wrong password with 401 and the spec message', async () => {
    const response = await post('/user', { email: 'admin@mirante.app.br', password: 'errada123' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      statusCode: 401,
      code: 'INVALID_CREDENTIALS',
      message: 'Usuário ou senha inválidos',
    });
  });

  it('answers an unknown e-mail exactly like a wrong password', async () => {
    const response = await post('/user', { email: 'ninguem@exemplo.com', password: 'qualquer1' });
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe(MESSAGES.invalidCredentials);
  });

  it('refuses an inactive user with 403', async () => {
    const response = await post('/user', { email: 'inativo@horizonte.com.br', password: DEMO_PASSWORD });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe('Acesso negado. O usuário está inativo.');
  });

  it('validates the body in Portuguese', async () => {
    const response = await post('/user', { email: 'nao-e-email', password: '' });
    expect(response.statusCode).toBe(422);
    expect(response.json().code).toBe('VALIDATION');
  });

  it('signs in by access token, marking the session from_token', async () => {
    const response = await post('/user', { token: DEMO_ACCESS_TOKEN });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ email: 'usuario@horizonte.com.br', from_token: true });
    expect((await post('/user', { token: 'token-inexistente' })).statusCode).toBe(401);
  });

  it('leaks no stack traces on malformed JSON', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/user',
      payload: '{"email":',
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.body).not.toMatch(/at .*\.ts|stack/i);
    expect(response.json().message).toBe('Requisição inválida.');
  });
});

describe('sessions: GET /user and POST /user/logout', () => {
  it('restores the session from a bearer token or the api_token query', async () => {
    const token = await ctx.login('usuario@horizonte.com.br');
    const viaHeader = await get('/user', bearer(token));
    expect(viaHeader.statusCode).toBe(200);
    expect(viaHeader.json()).toMatchObject({ api_token: token, role: 'USER' });
    expect((await get(`/user?api_token=${token}`)).statusCode).toBe(200);
  });

  it('returns 401 without a token or with an unknown one', async () => {
    expect((await get('/user')).statusCode).toBe(401);
    expect((await get('/user', bearer('desconhecido'))).statusCode).toBe(401);
  });

  it('revokes the token on logout', async () => {
    const token = await ctx.login('usuario@horizonte.com.br');
    expect((await post('/user/logout', {}, bearer(token))).statusCode).toBe(200);
    expect((await get('/user', bearer(token))).statusCode).toBe(401);
  });

  it('rejects an expired session', async () => {
    const token = await ctx.login('gerente@horizonte.com.br');
    await sql`UPDATE sessions SET expires_at = now() - interval '1 minute'`.execute(ctx.db);
    expect((await get('/user', bearer(token))).statusCode).toBe(401);
  });

  it('turns a signed-in user who was inactivated into 403 on the next call', async () => {
    const token = await ctx.login('usuario@horizonte.com.br');
    await sql`UPDATE users SET status = false WHERE email = 'usuario@horizonte.com.br'`.execute(ctx.db);
    const response = await get('/project', bearer(token));
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe('Acesso negado. O usuário está inativo.');
    await sql`UPDATE users SET status = true WHERE email = 'usuario@horizonte.com.br'`.execute(ctx.db);
  });
});

describe('password recovery and definition', () => {
  it('e-mails a recovery link that sets a new password once', async () => {
    const before = ctx.mail.length;
    const response = await post('/user/recover', { email: 'gerente@horizonte.com.br' });
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe('Email de recuperação enviado');
    const message = ctx.mail[before];
    expect(message?.to).toEqual(['gerente@horizonte.com.br']);
    const { token, recovery } = linkToken(message?.raw ?? '');
    expect(recovery).toBe(true);
    expect(message?.raw).toContain('http://mirante.test/auth/pass?t=');

    const validation = await post('/user/validate-password-definition-token', { password_token: token });
    expect(validation.statusCode).toBe(200);
    expect(validation.json()).toMatchObject({ valid: true, email: 'gerente@horizonte.com.br' });

    const mismatch = await post('/user/set-password', {
      password: 'novaSenha2026',
      password_confirmation: 'outraSenha2026',
      password_token: token,
    });
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json().message).toContain('As senhas não são iguais');

    const set = await post('/user/set-password', {
      password: 'novaSenha2026',
      password_confirmation: 'novaSenha2026',
      password_token: token,
    });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toMatchObject({ email: 'gerente@horizonte.com.br', role: 'MANAGER' });
    await ctx.login('gerente@horizonte.com.br', 'novaSenha2026');
    expect(
      (await post('/user', { email: 'gerente@horizonte.com.br', password: DEMO_PASSWORD })).statusCode,
    ).toBe(401);

    const reuse = await post('/user/validate-password-definition-token', { password_token: token });
    expect(reuse.statusCode).toBe(410);
  });

  it('rejects short passwords at definition (minimum 8)', async () => {
    const response = await post('/user/set-password', {
      password: 'curta',
      password_confirmation: 'curta',
      password_token: 'x',
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toContain('Mínimo de 8 caracteres');
  });

  it('answers 404 for an unknown token and 410 for an expired one', async () => {
    expect(
      (await post('/user/validate-password-definition-token', { password_token: 'nao-existe' })).statusCode,
    ).toBe(404);
    const before = ctx.mail.length;
    await post('/user/recover', { email: 'admin@mirante.app.br' });
    const { token } = linkToken(ctx.mail[before]?.raw ?? '');
    await sql`UPDATE password_tokens SET expires_at = now() - interval '1 second'`.execute(ctx.db);
    expect(
      (await post('/user/validate-password-definition-token', { password_token: token })).statusCode,
    ).toBe(410);
  });

  it('sends a definition e-mail (no recovery flag) for new users', async () => {
    const before = ctx.mail.length;
    const row = await ctx.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'usuario@valeverde.com.br')
      .executeTakeFirstOrThrow();
    await ctx.services.auth.sendDefinitionEmail(row.id);
    const { recovery } = linkToken(ctx.mail[before]?.raw ?? '');
    expect(recovery).toBe(false);
  });

  it('answers recovery for an unknown e-mail with 404 and for an inactive user with 403', async () => {
    const unknown = await post('/user/recover', { email: 'ninguem@exemplo.com' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Usuário não encontrado');
    const inactive = await post('/user/recover', { email: 'inativo@horizonte.com.br' });
    expect(inactive.statusCode).toBe(403);
    expect(inactive.json().message).toBe('Usuário não possui acesso a versão de desenvolvedor');
  });

  it('refuses to set a password for an inactive user', async () => {
    const row = await ctx.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'inativo@horizonte.com.br')
      .executeTakeFirstOrThrow();
    const before = ctx.mail.length;
    await ctx.services.auth.sendDefinitionEmail(row.id);
    const { token } = linkToken(ctx.mail[before]?.raw ?? '');
    const response = await post('/user/set-password', {
      password: 'novaSenha2026',
      password_confirmation: 'novaSenha2026',
      password_token: token,
    });
    expect(response.statusCode).toBe(403);
  });
});

describe('POST /user/change-password (form-encoded)', () => {
  it('changes the password, keeps this session and revokes the others', async () => {
    const other = await ctx.login('usuario@valeverde.com.br');
    const token = await ctx.login('usuario@valeverde.com.br');
    const response = await form(
      '/user/change-password',
      { current_password: DEMO_PASSWORD, password: 'trocada1', password_confirmation: 'trocada1' },
      bearer(token),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe('Senha alterada com sucesso!');
    expect((await get('/user', bearer(token))).statusCode).toBe(200);
    expect((await get('/user', bearer(other))).statusCode).toBe(401);
    await ctx.login('usuario@valeverde.com.br', 'trocada1');
  });

  it('rejects a wrong current password and lengths outside 6–20', async () => {
    const token = await ctx.login('admin@mirante.app.br');
    const wrong = await form(
      '/user/change-password',
      { current_password: 'errada', password: 'novasenha', password_confirmation: 'novasenha' },
      bearer(token),
    );
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().message).toBe('A senha atual está incorreta.');
    const long = await form(
      '/user/change-password',
      { current_password: DEMO_PASSWORD, password: 'x'.repeat(21), password_confirmation: 'x'.repeat(21) },
      bearer(token),
    );
    expect(long.statusCode).toBe(422);
  });

  it('needs a session', async () => {
    const response = await form('/user/change-password', {
      current_password: DEMO_PASSWORD,
      password: 'novasenha',
      password_confirmation: 'novasenha',
    });
    expect(response.statusCode).toBe(401);
  });
});
