import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/test-app';
import { securityKit, type SecurityKit } from '../../../test/security-test-kit';

const ADMIN = 'admin@mirante.app.br';
const MANAGER = 'gerente@horizonte.com.br';
const USER = 'usuario@horizonte.com.br';

let ctx: TestContext;
let kit: SecurityKit;
let jardim: number;
let aurora: number;
let valeVerde: number;
let fieldGroup: number;

beforeAll(async () => {
  ctx = await createTestContext();
  kit = securityKit(ctx);
  jardim = await kit.projectId('jardim-das-palmeiras');
  aurora = await kit.projectId('edificio-aurora');
  valeVerde = await kit.projectId('vale-verde-sarandi');
  fieldGroup = await kit.groupId('Equipe de campo');
});
afterAll(() => ctx.close());

interface UserBody {
  id: number;
  email: string;
  customer_id: number;
  projects: { id: number; name: string }[];
  group: string | null;
  status: boolean;
  role: string;
  userType: string;
  modules: string[];
}

describe('GET /users', () => {
  it('lists every customer for ADMIN, with the spec fields', async () => {
    const response = await kit.get(ADMIN, '/users');
    expect(response.statusCode).toBe(200);
    const users = response.json<UserBody[]>();
    expect(users).toHaveLength(5);
    expect(users.find((u) => u.email === USER)).toMatchObject({
      customer_id: 1,
      customer: 'Horizonte Urbanismo',
      group: 'Equipe de campo',
      group_customer: 'Horizonte Urbanismo',
      status: true,
      role: 'USER',
      userType: 'CLIENT',
      projects: [
        { id: aurora, name: 'Edifício Aurora - Zona 7' },
        { id: jardim, name: 'Jardim das Palmeiras - Etapas 1 a 3' },
      ],
    });
    expect(users.find((u) => u.email === USER)?.modules).toContain('allotment.security');
  });

  it('lists only the own customer for MANAGER and for a USER with a security module, without platform ADMINs', async () => {
    for (const email of [MANAGER, USER]) {
      const users = (await kit.get(email, '/users')).json<UserBody[]>();
      expect(users.map((u) => u.customer_id)).toEqual([1, 1, 1]);
      expect(users.map((u) => u.email)).not.toContain(ADMIN);
      expect(users.every((u) => u.role !== 'ADMIN')).toBe(true);
    }
  });
});

describe('POST /user/register', () => {
  it('creates a CLIENT USER of the caller customer and e-mails the password-definition link', async () => {
    const before = ctx.mail.length;
    const response = await kit.post(MANAGER, '/user/register', {
      name: 'Carla Campo',
      email: 'carla@horizonte.com.br',
      customer: 1,
      projects: [jardim, aurora],
      group: fieldGroup,
      userType: 'TRIAL',
      sendMail: false,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      name: 'Carla Campo',
      customer_id: 1,
      role: 'USER',
      userType: 'CLIENT',
      status: true,
      group: 'Equipe de campo',
    });
    expect(
      response
        .json<UserBody>()
        .projects.map((p) => p.id)
        .sort(),
    ).toEqual([jardim, aurora].sort());
    const mail = ctx.mail[before];
    expect(mail?.to).toEqual(['carla@horizonte.com.br']);
    expect(mail?.raw).toMatch(/http:\/\/mirante\.test\/auth\/pass\?t=[\w-]+/);
  });

  it('accepts PHP-style repeated keys and an omitted group', async () => {
    const response = await kit.post(USER, '/user/register', {
      name: 'Pedro Praça',
      email: 'pedro@horizonte.com.br',
      'projects[]': [jardim],
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ customer_id: 1, group: null, projects: [{ id: jardim }] });
  });

  it('forces a USER caller onto their own customer', async () => {
    const response = await kit.post(USER, '/user/register', {
      name: 'Outro Cliente',
      email: 'forcado@horizonte.com.br',
      customer: 2,
      projects: [jardim],
    });
    expect(response.json()).toMatchObject({ customer_id: 1 });
  });

  it('lets ADMIN choose TRIAL and skip the e-mail, for any customer', async () => {
    const before = ctx.mail.length;
    const response = await kit.post(ADMIN, '/user/register', {
      name: 'Teste Vale',
      email: 'teste@valeverde.com.br',
      customer: 2,
      projects: [valeVerde],
      userType: 'TRIAL',
      sendMail: false,
    });
    expect(response.json()).toMatchObject({ customer_id: 2, userType: 'TRIAL' });
    expect(ctx.mail.length).toBe(before);
  });

  it("refuses a used e-mail (any case) with the spec's message and creates nothing", async () => {
    const count = await kit.countUsers();
    const response = await kit.post(MANAGER, '/user/register', {
      name: 'Duplicado',
      email: 'USUARIO@Horizonte.com.br',
      customer: 1,
      projects: [jardim],
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe('Email já foi utilizado');
    expect(await kit.countUsers()).toBe(count);
  });

  it.each([
    [{ email: 'a@b.com', customer: 1, projects: [1] }, 'Informe o nome'],
    [{ name: 'X', customer: 1, projects: [1] }, 'Informe o email'],
    [{ name: 'X', email: 'nao-e-email', customer: 1, projects: [1] }, 'Email inválido'],
    [{ name: 'X', email: 'x@horizonte.com.br', customer: 1 }, 'Selecione algum projeto'],
    [{ name: 'X', email: 'x@horizonte.com.br', projects: [1] }, 'Selecione um cliente'],
    [
      { name: 'X', email: 'x@horizonte.com.br', customer: 1, projects: [1], userType: 'X' },
      'tipo de usuário',
    ],
  ])('validates %o', async (form, message) => {
    const response = await kit.post(MANAGER, '/user/register', form);
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toContain(message);
  });
});

describe('POST /user/:id', () => {
  it('updates name, e-mail, projects, group and status', async () => {
    const id = await kit.userId('pedro@horizonte.com.br');
    const response = await kit.post(MANAGER, `/user/${id}`, {
      name: 'Pedro Praça Silva',
      email: 'pedro.silva@horizonte.com.br',
      customer: 1,
      projects: [aurora],
      group: fieldGroup,
      status: false,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      name: 'Pedro Praça Silva',
      email: 'pedro.silva@horizonte.com.br',
      projects: [{ id: aurora }],
      group: 'Equipe de campo',
      status: false,
    });
  });

  it('changes nothing when the e-mail is taken', async () => {
    const id = await kit.userId('pedro.silva@horizonte.com.br');
    const response = await kit.post(MANAGER, `/user/${id}`, {
      name: 'Mudou',
      email: MANAGER,
      customer: 1,
      projects: [jardim],
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe('Email já foi utilizado');
    const users = (await kit.get(MANAGER, '/users')).json<UserBody[]>();
    expect(users.find((u) => u.id === id)).toMatchObject({
      projects: [{ id: aurora }],
      group: 'Equipe de campo',
    });
  });

  it('lets ADMIN move a user to another customer only with that customer’s projects', async () => {
    const id = await kit.userId('forcado@horizonte.com.br');
    const mixed = await kit.post(ADMIN, `/user/${id}`, {
      name: 'Movido',
      email: 'forcado@horizonte.com.br',
      customer: 2,
      projects: [jardim],
    });
    expect(mixed.statusCode).toBe(422);
    const moved = await kit.post(ADMIN, `/user/${id}`, {
      name: 'Movido',
      email: 'forcado@horizonte.com.br',
      customer: 2,
      projects: [valeVerde],
      role: 'MANAGER',
    });
    expect(moved.json()).toMatchObject({ customer_id: 2, role: 'MANAGER', projects: [{ id: valeVerde }] });
  });
});

describe('POST /user/:id/status', () => {
  it('toggles inactive and active', async () => {
    const id = await kit.userId('carla@horizonte.com.br');
    expect((await kit.post(MANAGER, `/user/${id}/status`)).json()).toMatchObject({ status: false });
    expect((await kit.post(MANAGER, `/user/${id}/status`)).json()).toMatchObject({ status: true });
  });

  it('refuses to inactivate oneself', async () => {
    const id = await kit.userId(MANAGER);
    expect((await kit.post(MANAGER, `/user/${id}/status`)).statusCode).toBe(403);
    const update = await kit.post(MANAGER, `/user/${id}`, {
      name: 'Gustavo Gerente',
      email: MANAGER,
      customer: 1,
      projects: [jardim],
      status: false,
    });
    expect(update.statusCode).toBe(403);
  });
});

describe('GET /customers and GET /projects/:customerId', () => {
  it('gives ADMIN every customer and any customer’s projects', async () => {
    expect((await kit.get(ADMIN, '/customers')).json()).toEqual([
      { id: 1, name: 'Horizonte Urbanismo' },
      { id: 2, name: 'Vale Verde Empreendimentos' },
    ]);
    expect((await kit.get(ADMIN, '/projects/2')).json()).toEqual([
      { id: valeVerde, name: 'Vale Verde - Sarandi', projectType: 'ALLOTMENT' },
    ]);
  });

  it('gives others only their customer', async () => {
    expect((await kit.get(MANAGER, '/customers')).json()).toEqual([{ id: 1, name: 'Horizonte Urbanismo' }]);
    // Only the projects the caller has himself: those are all he may grant.
    expect((await kit.get(USER, '/projects/1')).json()).toHaveLength(2);
    expect((await kit.get(MANAGER, '/projects/1')).json()).toHaveLength(3);
    expect((await kit.get(MANAGER, '/projects/2')).statusCode).toBe(404);
    expect((await kit.get(ADMIN, '/projects/999')).statusCode).toBe(404);
  });
});
