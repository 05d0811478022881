import type { Scene } from '@mirante/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { factories, type Factories } from '../../../test/factories';
import { bearer, createTestContext, type TestContext } from '../../../test/test-app';

let context: TestContext;
let make: Factories;
let member: string;
/** An ADMIN: the only role that sees unpublished scenes. */
let admin: string;
let otherCustomerUser: string;
let projectId: number;
let space: string;
let otherSpace: string;
/** How far the tile server's clock is ahead of the real one: a test moves it past the lookup caches' TTL. */
let clockAhead = 0;

beforeAll(async () => {
  context = await createTestContext({}, { clock: () => Date.now() + clockAhead });
  make = factories(context);
  const project = await make.buildProject();
  projectId = project.id;
  space = project.space;
  await make.buildScene(projectId, { date: '2026-04-01', published: true });
  await make.buildScene(projectId, { date: '2026-04-02', published: false });
  const other = await make.buildProject();
  otherSpace = other.space;
  await make.buildScene(other.id, { date: '2026-04-01', published: true });
  member = await make.signIn(
    await make.buildUser('MANAGER', ['allotment.map'], {
      customerId: project.customerId,
      projectIds: [projectId],
    }),
  );
  admin = await make.signIn(await make.buildUser('ADMIN'));
  otherCustomerUser = await make.signIn(await make.buildUser('MANAGER', ['allotment.map']));
});

afterAll(() => context.close());

async function scenes(token: string, id = projectId): Promise<Scene[]> {
  const response = await context.app.inject({
    method: 'GET',
    url: `/api/v1/project/${id}/scenes`,
    headers: bearer(token),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Scene[];
}

const tile = (url: string, headers: Record<string, string> = {}) =>
  context.app.inject({ method: 'GET', url: url.replace('{z}/{x}/{y}', '19/190000/290000'), headers });

describe('signed tile URLs of published scenes', () => {
  it('signs the published scene’s tiles and serves them without a session, public and cacheable', async () => {
    const listed = await scenes(member);
    const published = listed.find((scene) => scene.isoDate === '2026-04-01')!;
    expect(published.tileUrl).toMatch(/\?v=[^&]+&exp=\d+&s=\d+&sig=[\w-]{32}$/);
    expect(published.tileUrl).not.toContain('api_token');
    const response = await tile(published.tileUrl);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.headers['cache-control']).toMatch(/^public, max-age=\d+, s-maxage=\d+$/);
    expect(response.headers.vary).toBeUndefined();
    const sharedSeconds = Number(/s-maxage=(\d+)/.exec(String(response.headers['cache-control']))![1]);
    expect(sharedSeconds).toBeGreaterThan(0);
    // A cache keeps it five minutes at most: a revoked session's URL is not answered longer than that.
    expect(sharedSeconds).toBeLessThanOrEqual(300);
  });

  it('keeps unpublished scenes on the session, private', async () => {
    const listed = await scenes(admin);
    const unpublished = listed.find((scene) => scene.isoDate === '2026-04-02')!;
    expect(unpublished.tileUrl).not.toContain('sig=');
    expect((await tile(unpublished.tileUrl)).statusCode).toBe(401);
    const withSession = await tile(unpublished.tileUrl, bearer(admin));
    expect(withSession.statusCode).toBe(200);
    expect(withSession.headers['cache-control']).toMatch(/^private/);
  });

  it('refuses a tampered signature, expiry or scene with 403 and a pt-BR message', async () => {
    const signed = (await scenes(member)).find((scene) => scene.isoDate === '2026-04-01')!.tileUrl;
    const sig = /sig=([\w-]+)/.exec(signed)![1]!;
    const exp = Number(/exp=(\d+)/.exec(signed)![1]);
    const flipped = (sig.startsWith('A') ? 'B' : 'A') + sig.slice(1);
    const tampered = [
      signed.replace(`sig=${sig}`, `sig=${flipped}`),
      signed.replace(`exp=${exp}`, `exp=${exp + 43_200}`),
      signed.replace(`exp=${exp}`, 'exp=abc'),
      signed.replace(`&sig=${sig}`, ''),
      signed.replace(/&s=(\d+)/, (_match, id: string) => `&s=${Number(id) + 1}`),
      signed.replace(/&s=\d+/, ''),
      signed.replace('2026-04-01', '2026-04-02'),
    ];
    for (const url of tampered) {
      const response = await tile(url);
      expect(response.statusCode, url).toBe(403);
      expect(response.json()).toMatchObject({
        code: 'TILE_SIGNATURE_INVALID',
        message: 'Link de tiles inválido ou expirado. Recarregue o mapa.',
      });
    }
  });

  it('refuses an expired signature, even a genuine one', async () => {
    const signed = (await scenes(member)).find((scene) => scene.isoDate === '2026-04-01')!.tileUrl;
    const session = /&s=(\d+)/.exec(signed)![1]!;
    const { expires, signature } = context.services.scenes.tileSigner.sign(
      space,
      '2026-04-01',
      session,
      Date.now() - 3 * 86_400_000,
    );
    expect(expires * 1000).toBeLessThan(Date.now());
    const response = await tile(
      `/tiles/${space}/2026-04-01/{z}/{x}/{y}.png?exp=${expires}&s=${session}&sig=${signature}`,
    );
    expect(response.statusCode).toBe(403);
  });

  it('does not open another customer’s project: its signature fits its own scene only', async () => {
    const signed = (await scenes(member)).find((scene) => scene.isoDate === '2026-04-01')!.tileUrl;
    const response = await tile(signed.replace(`/tiles/${space}/`, `/tiles/${otherSpace}/`));
    expect(response.statusCode).toBe(403);
    const list = await context.app.inject({
      method: 'GET',
      url: `/api/v1/project/${projectId}/scenes`,
      headers: bearer(otherCustomerUser),
    });
    expect(list.body).not.toContain('sig=');
    expect([403, 404]).toContain(list.statusCode);
  });

  it('stops serving a scene signed while published once it is unpublished', async () => {
    const signed = (await scenes(member)).find((scene) => scene.isoDate === '2026-04-01')!.tileUrl;
    await context.db
      .updateTable('scenes')
      .set({ published: false })
      .where('projectId', '=', projectId)
      .where('date', '=', '2026-04-01')
      .execute();
    // The tile server caches scene lookups for a few seconds (a fresh process would answer at once): its clock
    // is moved past them.
    clockAhead += 60_000;
    expect((await tile(signed)).statusCode).toBe(404);
  });
});

describe('a signed tile URL ends with its reason', () => {
  beforeAll(async () => {
    await make.buildScene(projectId, { date: '2026-04-03', published: true });
  });

  /** A new member of the project, signed in, and the signed URL of the published scene he was given. */
  async function memberWithUrl(): Promise<{ token: string; userId: number; url: string }> {
    const user = await make.buildUser('MANAGER', ['allotment.map'], {
      customerId: (
        await context.db
          .selectFrom('projects')
          .select('customerId')
          .where('id', '=', projectId)
          .executeTakeFirstOrThrow()
      ).customerId,
      projectIds: [projectId],
    });
    const token = await make.signIn(user);
    const url = (await scenes(token)).find((scene) => scene.isoDate === '2026-04-03')!.tileUrl;
    expect((await tile(url)).statusCode).toBe(200);
    return { token, userId: user.id, url };
  }

  const expectRefused = async (url: string) => {
    const response = await tile(url);
    expect([403, 404]).toContain(response.statusCode);
    expect(response.headers['cache-control'] ?? '').not.toMatch(/public/);
  };

  it('is refused at once after its session’s logout', async () => {
    const { token, url } = await memberWithUrl();
    const logout = await context.app.inject({
      method: 'POST',
      url: '/api/v1/user/logout',
      headers: bearer(token),
    });
    expect(logout.statusCode).toBe(200);
    await expectRefused(url);
    expect((await tile(url)).json()).toMatchObject({ code: 'TILE_SIGNATURE_INVALID' });
  });

  it('is refused at once after its user is inactivated', async () => {
    const { userId, url } = await memberWithUrl();
    const toggled = await context.app.inject({
      method: 'POST',
      url: `/api/v1/user/${userId}/status`,
      headers: bearer(admin),
    });
    expect(toggled.statusCode, toggled.body).toBe(200);
    await expectRefused(url);
  });

  it('is refused once its user no longer belongs to the project', async () => {
    const { userId, url } = await memberWithUrl();
    await context.db
      .deleteFrom('userProjects')
      .where('userId', '=', userId)
      .where('projectId', '=', projectId)
      .execute();
    // The tile server keeps a session's project access for a few seconds: its clock is moved past that.
    clockAhead += 60_000;
    await expectRefused(url);
  });
});
