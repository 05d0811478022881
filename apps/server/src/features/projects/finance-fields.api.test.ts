import { afterAll, beforeAll, expect, it } from 'vitest';
import { bearer, createTestContext, type TestContext } from '../../../test/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

interface ProjectBody {
  id: number;
  space: string;
  valorInadimplencia: number | null;
}

async function jardimAs(email: string): Promise<ProjectBody | undefined> {
  const token = await ctx.login(email);
  const list = await ctx.app.inject({ method: 'GET', url: '/api/v1/project', headers: bearer(token) });
  return list.json<ProjectBody[]>().find((project) => project.space === 'jardim-das-palmeiras');
}

it('valorInadimplencia reaches no user without the allotment.finance module (list and single project)', async () => {
  const listed = await jardimAs('usuario@horizonte.com.br');
  expect(listed?.valorInadimplencia).toBeNull();
  const token = await ctx.login('usuario@horizonte.com.br');
  const single = await ctx.app.inject({
    method: 'GET',
    url: `/api/v1/project/${listed?.id}`,
    headers: bearer(token),
  });
  expect(single.body).not.toContain('187450');
});

it('valorInadimplencia reaches a MANAGER holding allotment.finance', async () => {
  expect((await jardimAs('gerente@horizonte.com.br'))?.valorInadimplencia).toBe(187_450.35);
});
