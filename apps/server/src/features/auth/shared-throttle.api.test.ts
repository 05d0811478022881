import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { factories, type BuiltUser } from '../../../test/factories';
import { createSiblingApp, createTestContext, type TestContext } from '../../../test/test-app';

// Two API processes on one database, LOGIN_RATE_LIMIT 3: 3 tries per address and subject, 9 per subject,
// 30 per address — counted together, whichever process answers.
let ctx: TestContext;
let sibling: Awaited<ReturnType<typeof createSiblingApp>>;
let apps: FastifyInstance[];
let users: BuiltUser[];
beforeAll(async () => {
  ctx = await createTestContext({ loginRateLimitPerMinute: 3 });
  sibling = await createSiblingApp(ctx);
  apps = [ctx.app, sibling.app];
  const build = factories(ctx);
  users = [];
  for (let i = 0; i < 4; i++) users.push(await build.buildUser('USER'));
});
afterAll(async () => {
  await sibling?.close();
  await ctx?.close();
});

/** The `index`-th call goes to one app and the next to the other, as a load balancer alternates. */
const post = (index: number, url: string, payload: object, remoteAddress: string) =>
  apps[index % 2]!.inject({ method: 'POST', url: `/api/v1${url}`, payload, remoteAddress });

async function statusesOf(count: number, call: (index: number) => Promise<{ statusCode: number }>) {
  const statuses: number[] = [];
  for (let index = 0; index < count; index++) statuses.push((await call(index)).statusCode);
  return statuses;
}

describe('credential throttles shared by two API processes', () => {
  it('refuses the 4th wrong password from one address, whichever process gets it', async () => {
    const statuses = await statusesOf(6, (i) =>
      post(i, '/user', { email: users[0]!.email, password: 'errada' }, '10.20.0.1'),
    );
    expect(statuses).toEqual([401, 401, 401, 429, 429, 429]);
  });

  it('refuses the 31st sign-in from one address over both processes, each e-mail different', async () => {
    const statuses = await statusesOf(32, (i) =>
      post(i, '/user', { email: `pessoa${i}@exemplo.com`, password: 'errada' }, '10.20.0.2'),
    );
    expect(statuses.filter((status) => status === 401)).toHaveLength(30);
    expect(statuses.slice(30)).toEqual([429, 429]);
  });

  it('refuses the 10th try on one account from many addresses over both processes', async () => {
    const statuses = await statusesOf(11, (i) =>
      post(i, '/user', { email: users[1]!.email, password: 'errada' }, `10.21.0.${i}`),
    );
    expect(statuses).toEqual([...Array<number>(9).fill(401), 429, 429]);
  });

  it('sends at most 5 recovery e-mails an hour to one address over both processes', async () => {
    const statuses = await statusesOf(7, (i) =>
      post(i, '/user/recover', { email: users[2]!.email }, `10.22.0.${i}`),
    );
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);
    expect(ctx.mail.filter((mail) => mail.to.includes(users[2]!.email))).toHaveLength(5);
  });

  it('counts 20 simultaneous tries on both processes exactly: 3 answered, 17 refused', async () => {
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        post(i, '/user', { email: users[3]!.email, password: 'errada' }, '10.23.0.1'),
      ),
    );
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([...Array<number>(3).fill(401), ...Array<number>(17).fill(429)]);
    const refused = responses.find((response) => response.statusCode === 429);
    expect(refused?.json()).toMatchObject({
      message: 'Muitas tentativas. Aguarde um minuto e tente novamente.',
    });
  });
});
