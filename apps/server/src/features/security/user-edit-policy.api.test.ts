import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestContext, type TestContext } from '../../../test/test-app';
import { factories, type BuiltUser, type Factories } from '../../../test/factories';
import { encodeForm, type Form } from '../../../test/security-test-kit';

let ctx: TestContext;
let make: Factories;
beforeAll(async () => {
  ctx = await createTestContext();
  make = factories(ctx);
});
afterAll(() => ctx.close());

/** One customer with two projects, a USER and a MANAGER holding the security module, their peers, an ADMIN. */
async function office() {
  const customer = await make.buildCustomer();
  const first = await make.buildProject({ customerId: customer.id });
  const second = await make.buildProject({ customerId: customer.id });
  const both = { customerId: customer.id, projectIds: [first.id, second.id] };
  const one = { customerId: customer.id, projectIds: [first.id] };
  const user = await make.buildUser('USER', ['allotment.map', 'allotment.security'], one);
  const peerUser = await make.buildUser('USER', ['allotment.map'], one);
  const manager = await make.buildUser('MANAGER', ['allotment.map', 'allotment.security'], both);
  const peerManager = await make.buildUser('MANAGER', ['allotment.map', 'allotment.security'], one);
  const admin = await make.buildUser('ADMIN', [], { customerId: customer.id });
  return { customer, first, second, user, peerUser, manager, peerManager, admin };
}

async function call(caller: BuiltUser, url: string, form?: Form) {
  return ctx.app.inject({
    method: 'POST',
    url: `/api/v1${url}`,
    headers: {
      ...bearer(await make.signIn(caller)),
      ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
    },
    ...(form ? { payload: encodeForm(form) } : {}),
  });
}

async function stored(id: number) {
  return ctx.db
    .selectFrom('users')
    .select(['email', 'status', 'name'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

const editForm = (target: BuiltUser, customerId: number, projects: number[], extra: Form = {}): Form => ({
  name: 'Nome Alterado',
  email: target.email,
  customer: customerId,
  projects,
  ...(target.groupId === null ? {} : { group: target.groupId }),
  ...extra,
});

describe('who may edit whom', () => {
  it('a USER with the security module cannot change a peer USER’s e-mail: 403 with a pt-BR message, nothing changes', async () => {
    const o = await office();
    const response = await call(
      o.user,
      `/user/${o.peerUser.id}`,
      editForm(o.peerUser, o.customer.id, [o.first.id], { email: 'ladrao@exemplo.com' }),
    );
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe('Você só pode alterar usuários de perfil inferior ao seu.');
    expect((await stored(o.peerUser.id)).email).toBe(o.peerUser.email);
  });

  it('a MANAGER cannot edit, inactivate or change the e-mail of a peer MANAGER (403)', async () => {
    const o = await office();
    const edit = await call(
      o.manager,
      `/user/${o.peerManager.id}`,
      editForm(o.peerManager, o.customer.id, [o.first.id], { email: 'outro@exemplo.com' }),
    );
    const toggle = await call(o.manager, `/user/${o.peerManager.id}/status`);
    expect([edit.statusCode, toggle.statusCode]).toEqual([403, 403]);
    expect(await stored(o.peerManager.id)).toMatchObject({ email: o.peerManager.email, status: true });
  });

  it('an ADMIN edits a MANAGER', async () => {
    const o = await office();
    const response = await call(
      o.admin,
      `/user/${o.peerManager.id}`,
      editForm(o.peerManager, o.customer.id, [o.first.id]),
    );
    expect(response.statusCode).toBe(200);
    expect((await stored(o.peerManager.id)).name).toBe('Nome Alterado');
  });

  it('a MANAGER edits a USER’s name and projects within his own projects', async () => {
    const o = await office();
    const response = await call(
      o.manager,
      `/user/${o.peerUser.id}`,
      editForm(o.peerUser, o.customer.id, [o.first.id, o.second.id]),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().projects).toHaveLength(2);
  });

  it('nobody adds himself to a project he is not in (403), while he may still rename himself', async () => {
    const o = await office();
    const widen = await call(
      o.user,
      `/user/${o.user.id}`,
      editForm(o.user, o.customer.id, [o.first.id, o.second.id]),
    );
    expect(widen.statusCode).toBe(403);
    expect(widen.json().message).toBe('Você não pode se incluir em projetos.');
    const rename = await call(o.user, `/user/${o.user.id}`, editForm(o.user, o.customer.id, [o.first.id]));
    expect(rename.statusCode).toBe(200);
  });

  it('nobody registers a user into a project he is not in himself (403)', async () => {
    const o = await office();
    const response = await call(o.user, '/user/register', {
      name: 'Conta Laranja',
      email: `laranja-${o.user.id}@exemplo.com`,
      projects: [o.second.id],
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe('Você só pode conceder acesso aos projetos que você possui.');
  });

  it('a user an ADMIN inactivated cannot be re-activated by a MANAGER, by toggle or by edit', async () => {
    const o = await office();
    expect((await call(o.admin, `/user/${o.peerUser.id}/status`)).json()).toMatchObject({ status: false });
    const toggle = await call(o.manager, `/user/${o.peerUser.id}/status`);
    expect(toggle.statusCode).toBe(403);
    expect(toggle.json().message).toBe(
      'Este usuário foi inativado por um perfil superior ao seu (Administrador) e só ele pode reativá-lo.',
    );
    const edit = await call(
      o.manager,
      `/user/${o.peerUser.id}`,
      editForm(o.peerUser, o.customer.id, [o.first.id], { status: true }),
    );
    expect(edit.statusCode).toBe(403);
    expect((await stored(o.peerUser.id)).status).toBe(false);
  });

  it('a MANAGER re-activates a USER he inactivated himself', async () => {
    const o = await office();
    expect((await call(o.manager, `/user/${o.peerUser.id}/status`)).json()).toMatchObject({ status: false });
    expect((await call(o.manager, `/user/${o.peerUser.id}/status`)).json()).toMatchObject({ status: true });
  });

  it('changing a user’s e-mail e-mails the old address and ends his sessions', async () => {
    const o = await office();
    const session = await make.signIn(o.peerUser);
    const before = ctx.mail.length;
    const response = await call(
      o.manager,
      `/user/${o.peerUser.id}`,
      editForm(o.peerUser, o.customer.id, [o.first.id], { email: `novo-${o.peerUser.id}@exemplo.com` }),
    );
    expect(response.statusCode).toBe(200);
    const notice = ctx.mail.slice(before).find((mail) => mail.to.includes(o.peerUser.email));
    expect(notice?.raw).toContain(`novo-${o.peerUser.id}@exemplo.com`);
    const restored = await ctx.app.inject({ method: 'GET', url: '/api/v1/user', headers: bearer(session) });
    expect(restored.statusCode).toBe(401);
  });
});
