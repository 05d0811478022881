import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/test-app';
import { hashPassword } from '../auth';
import { DEMO_ACCESS_TOKEN, DEMO_PASSWORD } from './demo-accounts';
import { loadInitialData } from './initial-data';

/*
 * The demo's doors (accounts with the published password, the README's sign-in link) exist only in the
 * demonstration: a real install has none, whatever database it was given.
 */

let ctx: TestContext;
let lines: string[];

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

const signIn = (payload: Record<string, string>) =>
  ctx.app.inject({ method: 'POST', url: '/api/v1/user', payload });

function start(loadDemoData: boolean, adminEmail?: string): Promise<boolean> {
  lines = [];
  return loadInitialData({
    db: ctx.db,
    config: { loadDemoData, adminEmail, accessTokenTtlDays: 30 },
    sendDefinitionEmail: async () => undefined,
    log: (line) => lines.push(line),
  });
}

describe('a start on the demonstration’s database', () => {
  it('is the demo when the demo is wanted: its accounts and link open, GET /installation says so', async () => {
    expect(await start(true)).toBe(true);
    expect((await signIn({ email: 'admin@mirante.app.br', password: DEMO_PASSWORD })).statusCode).toBe(200);
    expect((await signIn({ token: DEMO_ACCESS_TOKEN })).statusCode).toBe(200);
    const answer = await ctx.app.inject({ method: 'GET', url: '/api/v1/installation' });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ demo: true });
  });

  it('as a real install (production, DEMO_DATA=0) closes every demo door but leaves changed passwords', async () => {
    const admin = await signIn({ email: 'admin@mirante.app.br', password: DEMO_PASSWORD });
    const adminToken = (admin.json() as { api_token: string }).api_token;
    // The manager chose his own password: his is a real account now.
    await ctx.db
      .updateTable('users')
      .set({ passwordHash: await hashPassword('senha-propria-2026') })
      .where('email', '=', 'gerente@horizonte.com.br')
      .execute();

    expect(await start(false)).toBe(false);

    for (const email of ['admin@mirante.app.br', 'usuario@horizonte.com.br', 'usuario@valeverde.com.br'])
      expect((await signIn({ email, password: DEMO_PASSWORD })).statusCode, email).toBe(401);
    expect((await signIn({ token: DEMO_ACCESS_TOKEN })).statusCode).toBe(401);
    const oldSession = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/user',
      headers: { authorization: `Bearer ${adminToken}` },
    });
    expect(oldSession.statusCode).toBe(401);
    expect(
      (await signIn({ email: 'gerente@horizonte.com.br', password: 'senha-propria-2026' })).statusCode,
    ).toBe(200);
    expect(lines.join('\n')).toContain('admin@mirante.app.br');
    expect(lines.join('\n')).not.toContain('gerente@horizonte.com.br');
    expect(lines).toContain('Instalação real: o link de acesso de demonstração foi revogado.');
  });

  it('closes nothing twice: a later real start finds no door left', async () => {
    expect(await start(false)).toBe(false);
    expect(lines.filter((line) => line.startsWith('Instalação real'))).toEqual([]);
  });
});

describe('a start on a real install’s database', () => {
  it('never turns it into the demo, even with the demo wanted', async () => {
    await ctx.db.deleteFrom('installationMarkers').where('name', '=', 'demo').execute();
    const customers = await ctx.db.selectFrom('customers').select('id').execute();
    expect(await start(true)).toBe(false);
    expect(lines.join('\n')).toContain('O banco de dados já guarda uma instalação real');
    expect(await ctx.db.selectFrom('customers').select('id').execute()).toEqual(customers);
  });
});

describe('GET /installation', () => {
  it('answers demo: false on a real install', async () => {
    const real = await createTestContext({ demo: false });
    try {
      const answer = await real.app.inject({ method: 'GET', url: '/api/v1/installation' });
      expect(answer.json()).toEqual({ demo: false });
    } finally {
      await real.close();
    }
  });
});
