import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/test-app';
import { securityKit, type Form, type SecurityKit } from '../../../test/security-test-kit';

/*
 * Who may do what in the security panel. Targets are customer 1 (Horizonte) rows; "other" is a USER of
 * customer 2 holding a security module, "noModule" a customer-1 USER without one, "inactive" a signed-in
 * user inactivated after login.
 */
const ADMIN = 'admin@mirante.app.br';
const MANAGER = 'gerente@horizonte.com.br';
const USER = 'usuario@horizonte.com.br';
const OTHER = 'seguranca@valeverde.com.br';
const NO_MODULE = 'sem-modulo@horizonte.com.br';
const INACTIVE = 'inativado@horizonte.com.br';

let ctx: TestContext;
let kit: SecurityKit;
let jardim: number;
let valeVerdeProject: number;
let fieldGroup: number;
let fullGroup: number;
let valeGroup: number;
let counter = 0;

beforeAll(async () => {
  ctx = await createTestContext();
  kit = securityKit(ctx);
  jardim = await kit.projectId('jardim-das-palmeiras');
  valeVerdeProject = await kit.projectId('vale-verde-sarandi');
  fieldGroup = await kit.groupId('Equipe de campo');
  fullGroup = await kit.groupId('Gestão completa');
  valeGroup = await kit.groupId('Loteamentos');
  const horizonte = await kit.customerIdOf(MANAGER);
  const valeVerde = await kit.customerIdOf('usuario@valeverde.com.br');
  const otherSecurity = await kit.insertGroup('Segurança Vale', valeVerde, [
    'allotment.map',
    'allotment.security',
  ]);
  await kit.insertUser({ email: OTHER, customerId: valeVerde, groupId: otherSecurity });
  const mapOnly = await kit.insertGroup('Só mapa', horizonte, ['allotment.map']);
  await kit.insertUser({ email: NO_MODULE, customerId: horizonte, groupId: mapOnly });
  await kit.insertUser({ email: INACTIVE, customerId: horizonte, groupId: fieldGroup });
  await kit.tokenOf(INACTIVE);
  await ctx.db.updateTable('users').set({ status: false }).where('email', '=', INACTIVE).execute();
});
afterAll(() => ctx.close());

function newUserForm(): Form {
  counter += 1;
  return {
    name: `Pessoa ${counter}`,
    email: `p${counter}@horizonte.com.br`,
    customer: 1,
    projects: [jardim],
  };
}

/** A fresh customer-1 user to edit, created by ADMIN so every caller starts from the same target. */
async function freshTarget(): Promise<number> {
  const response = await kit.post(ADMIN, '/user/register', { ...newUserForm(), sendMail: false });
  return response.json<{ id: number }>().id;
}

async function freshGroup(): Promise<number> {
  const modules = await kit.moduleIds(['allotment.map']);
  return (await kit.post(ADMIN, '/group/create', { name: `G${++counter}`, customer: 1, modules })).json<{
    id: number;
  }>().id;
}

describe('permission matrix (customer-1 targets)', () => {
  // caller, read users, create user, update a USER, edit group, delete group (a USER edits no other USER)
  const matrix: [string, number, number, number, number, number][] = [
    [ADMIN, 200, 200, 200, 200, 200],
    [MANAGER, 200, 200, 200, 200, 200],
    [USER, 200, 200, 403, 200, 200],
    [OTHER, 200, 422, 404, 404, 404],
    [INACTIVE, 403, 403, 403, 403, 403],
    [NO_MODULE, 403, 403, 403, 403, 403],
  ];

  it.each(matrix)(
    '%s: read %i, create %i, update a USER %i, edit group %i, delete group %i',
    async (caller, read, create, update, editGroup, del) => {
      const list = await kit.get(caller, '/users');
      expect(list.statusCode).toBe(read);
      expect((await kit.get(caller, '/groups')).statusCode).toBe(read);
      // OTHER is forced onto customer 2, where the customer-1 project cannot be granted.
      expect((await kit.post(caller, '/user/register', newUserForm())).statusCode).toBe(create);
      const target = await freshTarget();
      expect(
        (await kit.post(caller, `/user/${target}`, { ...newUserForm(), name: 'Editado' })).statusCode,
      ).toBe(update);
      expect((await kit.post(caller, `/user/${target}/status`)).statusCode).toBe(update);
      expect(
        (await kit.post(caller, `/group/${await freshGroup()}`, { name: 'X', customer: 1 })).statusCode,
      ).toBe(editGroup);
      expect((await kit.post(caller, `/group/${await freshGroup()}/delete`)).statusCode).toBe(del);
    },
  );

  it('never shows another customer to MANAGER, USER or OTHER', async () => {
    for (const [email, customer] of [
      [MANAGER, 1],
      [USER, 1],
      [OTHER, 2],
    ] as const) {
      const users = (await kit.get(email, '/users')).json<{ customer_id: number }[]>();
      const groups = (await kit.get(email, '/groups')).json<{ customer_id: number }[]>();
      expect(new Set([...users, ...groups].map((row) => row.customer_id))).toEqual(new Set([customer]));
      expect((await kit.get(email, '/customers')).json()).toHaveLength(1);
    }
  });
});

describe('no escalation', () => {
  it('only ADMIN creates or promotes to MANAGER/ADMIN', async () => {
    const asAdmin = await kit.post(MANAGER, '/user/register', { ...newUserForm(), role: 'ADMIN' });
    expect(asAdmin.statusCode).toBe(403);
    const target = await freshTarget();
    const promote = await kit.post(MANAGER, `/user/${target}`, { ...newUserForm(), role: 'MANAGER' });
    expect(promote.statusCode).toBe(403);
    const self = await kit.userId(USER);
    const selfPromote = await kit.post(USER, `/user/${self}`, {
      name: 'Úrsula',
      email: USER,
      projects: [jardim],
      group: fieldGroup,
      role: 'ADMIN',
    });
    expect(selfPromote.statusCode).toBe(403);
    expect(
      (await kit.post(ADMIN, `/user/${target}`, { ...newUserForm(), role: 'MANAGER' })).json(),
    ).toMatchObject({
      role: 'MANAGER',
    });
  });

  it('nobody but ADMIN edits or inactivates an ADMIN; a USER cannot touch a MANAGER', async () => {
    const admin = await kit.userId(ADMIN);
    const manager = await kit.userId(MANAGER);
    const edit = { name: 'X', email: ADMIN, customer: 1, projects: [jardim] };
    expect((await kit.post(MANAGER, `/user/${admin}`, edit)).statusCode).toBe(403);
    expect((await kit.post(MANAGER, `/user/${admin}/status`)).statusCode).toBe(403);
    expect((await kit.post(USER, `/user/${manager}/status`)).statusCode).toBe(403);
    expect((await kit.post(USER, `/user/${manager}`, { ...edit, email: MANAGER })).statusCode).toBe(403);
  });

  it('a USER grants no group or module they do not hold', async () => {
    const target = await freshTarget();
    const toFull = await kit.post(USER, `/user/${target}`, { ...newUserForm(), group: fullGroup });
    expect(toFull.statusCode).toBe(403);
    const finance = await kit.moduleIds(['allotment.finance']);
    expect((await kit.post(USER, '/group/create', { name: 'F', modules: finance })).statusCode).toBe(403);
    const own = await kit.post(USER, '/group/create', {
      name: 'Own',
      modules: await kit.moduleIds(['allotment.map']),
    });
    const ownId = own.json<{ id: number }>().id;
    expect((await kit.post(USER, `/group/${ownId}`, { name: 'Own', modules: finance })).statusCode).toBe(403);
    expect((await kit.post(USER, `/group/${fullGroup}`, { name: 'Mexido' })).statusCode).toBe(403);
    expect((await kit.post(USER, `/group/${fullGroup}/delete`)).statusCode).toBe(403);
    const self = await kit.userId(USER);
    const selfUpgrade = await kit.post(USER, `/user/${self}`, {
      name: 'Úrsula Usuária',
      email: USER,
      projects: [jardim],
      group: fullGroup,
    });
    expect(selfUpgrade.statusCode).toBe(403);
  });

  it("nobody grants another customer's project or group, nor works in another customer", async () => {
    const target = await freshTarget();
    const project = await kit.post(MANAGER, `/user/${target}`, {
      ...newUserForm(),
      projects: [valeVerdeProject],
    });
    expect(project.statusCode).toBe(422);
    const group = await kit.post(MANAGER, `/user/${target}`, { ...newUserForm(), group: valeGroup });
    expect(group.statusCode).toBe(422);
    const customer = await kit.post(MANAGER, '/user/register', { ...newUserForm(), customer: 2 });
    expect(customer.statusCode).toBe(403);
    expect((await kit.post(MANAGER, '/group/create', { name: 'Vale', customer: 2 })).statusCode).toBe(403);
    expect((await kit.post(MANAGER, `/group/${valeGroup}`, { name: 'Vale', customer: 1 })).statusCode).toBe(
      404,
    );
    expect((await kit.get(OTHER, '/projects/1')).statusCode).toBe(404);
    const admin = await kit.post(ADMIN, `/user/${target}`, {
      ...newUserForm(),
      projects: [valeVerdeProject],
    });
    expect(admin.statusCode).toBe(422);
  });

  it('inactive and module-less callers reach none of the helper lists', async () => {
    for (const email of [INACTIVE, NO_MODULE]) {
      expect((await kit.get(email, '/customers')).statusCode).toBe(403);
      expect((await kit.get(email, '/projects/1')).statusCode).toBe(403);
    }
    const inactive = await kit.get(INACTIVE, '/users');
    expect(inactive.json().message).toBe('Acesso negado. O usuário está inativo.');
  });
});
