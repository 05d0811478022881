import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeQuotedPrintable } from '../../../test/test-smtp';
import { FACTORY_PASSWORD, factories, type BuiltUser } from '../../../test/factories';
import { createTestContext, type TestContext } from '../../../test/test-app';

// The lock-out test. LOGIN_RATE_LIMIT 3: an account's bucket holds 9 tries a minute from all addresses; once
// full it refuses unknown addresses only, while the owner's recent sign-in addresses and his e-mailed link
// still get in. The throttle's clock is the test's.
let now = Date.parse('2026-12-07T10:00:00Z');
let ctx: TestContext;
let victim: BuiltUser;
beforeAll(async () => {
  ctx = await createTestContext({ loginRateLimitPerMinute: 3 }, { clock: () => now });
  victim = await factories(ctx).buildUser('USER');
});
afterAll(() => ctx?.close());

const HOME = '198.51.100.10';
const post = (url: string, payload: object, remoteAddress: string) =>
  ctx.app.inject({ method: 'POST', url: `/api/v1${url}`, payload, remoteAddress });
const signIn = (password: string, remoteAddress: string) =>
  post('/user', { email: victim.email, password }, remoteAddress);

/** 9 wrong passwords on the victim's account from 9 addresses of the attacker's, then one more. */
async function guessFromManyAddresses(prefix: string): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 1; i <= 10; i++) statuses.push((await signIn('chute-errado', `${prefix}.${i}`)).statusCode);
  return statuses;
}

describe('soft lock-out of an account under a password-guessing attack', () => {
  it('refuses unknown addresses, even with the right password, while the owner signs in from his own', async () => {
    // The owner signed in from home earlier today.
    expect((await signIn(FACTORY_PASSWORD, HOME)).statusCode).toBe(200);
    now += 3_600_000;

    expect(await guessFromManyAddresses('203.0.113')).toEqual([...Array<number>(9).fill(401), 429]);
    const attackerWithPassword = await signIn(FACTORY_PASSWORD, '203.0.113.11');
    expect(attackerWithPassword.statusCode).toBe(429);
    expect(attackerWithPassword.json()).toMatchObject({
      message: 'Muitas tentativas. Aguarde um minuto e tente novamente.',
    });

    const owner = await signIn(FACTORY_PASSWORD, HOME);
    expect(owner.statusCode).toBe(200);
    expect(owner.json()).toMatchObject({ id: victim.id, email: victim.email });
  });

  it('lets the owner at a new address in through the e-mailed link, and that address is then his', async () => {
    const travelling = '192.0.2.50';
    expect((await signIn(FACTORY_PASSWORD, travelling)).statusCode).toBe(429);

    expect((await post('/user/recover', { email: victim.email }, travelling)).statusCode).toBe(200);
    const mail = ctx.mail.filter((message) => message.to.includes(victim.email)).at(-1);
    const token = /\/auth\/pass\?t=([A-Za-z0-9_-]+)/.exec(decodeQuotedPrintable(mail?.raw ?? ''))?.[1];
    expect(token).toBeTruthy();
    const validated = await post(
      '/user/validate-password-definition-token',
      { password_token: token },
      travelling,
    );
    expect(validated.statusCode).toBe(200);
    const defined = await post(
      '/user/set-password',
      { password_token: token, password: 'nova-senha-456', password_confirmation: 'nova-senha-456' },
      travelling,
    );
    expect(defined.statusCode).toBe(200);
    expect(defined.json()).toMatchObject({ id: victim.id });

    // The account's bucket is still full for everybody else.
    expect((await signIn('nova-senha-456', '203.0.113.12')).statusCode).toBe(429);
    expect((await signIn('nova-senha-456', travelling)).statusCode).toBe(200);
  });

  it('lets a sign-in link ("entrar por token") in while the account is under attack', async () => {
    const token = await ctx.services.auth.createAccessToken(victim.id, 'Vista compartilhada');
    const response = await post('/user', { token }, '192.0.2.77');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: victim.id, from_token: true });
  });

  it('opens the account to every address a minute later, and forgets an address unused for 30 days', async () => {
    now += 61_000;
    expect((await signIn('chute-errado', '203.0.113.40')).statusCode).toBe(401);
    expect((await signIn('nova-senha-456', '203.0.113.41')).statusCode).toBe(200);

    now += 31 * 86_400_000;
    expect(await guessFromManyAddresses('203.0.114')).toEqual([...Array<number>(9).fill(401), 429]);
    expect((await signIn('nova-senha-456', HOME)).statusCode).toBe(429);
  });
});
