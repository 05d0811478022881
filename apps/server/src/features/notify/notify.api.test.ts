import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestContext, type TestContext } from '../../../test/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ supportEmail: 'suporte@mirante.test' });
});
afterAll(() => ctx.close());

const send = (fields: Record<string, string>, token?: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/v1/notify/email/request-help',
    payload: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(token ? bearer(token) : {}) },
  });

describe('POST notify/email/request-help', () => {
  it('sends the support e-mail to the support mailbox', async () => {
    const token = await ctx.login('usuario@horizonte.com.br');
    const before = ctx.mail.length;
    const response = await send(
      {
        subject: 'Imagem de outubro',
        email: 'ursula@horizonte.com.br',
        message: 'A imagem de outubro não abre.',
      },
      token,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe('Email enviado');
    const mail = ctx.mail[before];
    expect(mail?.to).toEqual(['suporte@mirante.test']);
    expect(mail?.raw).toContain('Imagem de outubro');
    expect(mail?.raw).toContain('A imagem de outubro não abre.');
    expect(mail?.raw).toMatch(/Reply-To: ursula@horizonte\.com\.br/i);
  });

  it('validates subject length and e-mail with the spec messages', async () => {
    const token = await ctx.login('usuario@horizonte.com.br');
    const long = await send({ subject: 'x'.repeat(89), email: 'a@b.com', message: 'oi' }, token);
    expect(long.statusCode).toBe(422);
    expect(long.json().message).toContain('O limite máximo é 88 caracteres');
    const badEmail = await send({ subject: 'Assunto', email: 'nao-email', message: 'oi' }, token);
    expect(badEmail.json().message).toContain('Email inválido');
    const empty = await send({ subject: 'Assunto', email: 'a@b.com', message: '  ' }, token);
    expect(empty.json().message).toContain('Informe o conteúdo da mensagem');
  });

  it('needs a session', async () => {
    expect((await send({ subject: 'a', email: 'a@b.com', message: 'b' })).statusCode).toBe(401);
  });
});
