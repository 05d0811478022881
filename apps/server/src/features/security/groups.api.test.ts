import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/test-app';
import { securityKit, type SecurityKit } from '../../../test/security-test-kit';

const ADMIN = 'admin@mirante.app.br';
const MANAGER = 'gerente@horizonte.com.br';
const USER = 'usuario@horizonte.com.br';

let ctx: TestContext;
let kit: SecurityKit;

beforeAll(async () => {
  ctx = await createTestContext();
  kit = securityKit(ctx);
});
afterAll(() => ctx.close());

interface GroupBody {
  id: number;
  name: string;
  customer_id: number | null;
  customer: string | null;
  modules: { id: number; code: string; name: string }[];
}

describe('GET /groups', () => {
  it('lists every group for ADMIN with customer and modules', async () => {
    const groups = (await kit.get(ADMIN, '/groups')).json<GroupBody[]>();
    expect(groups.map((g) => g.name)).toEqual(['Gestão completa', 'Equipe de campo', 'Loteamentos']);
    expect(groups[2]).toMatchObject({
      customer_id: 2,
      customer: 'Vale Verde Empreendimentos',
      modules: [
        { code: 'allotment.map', name: 'Mapa' },
        { code: 'allotment.detections', name: 'Detecções' },
      ],
    });
    expect(groups[0]?.modules).toHaveLength(15);
  });

  it("lists only the own customer's groups for MANAGER and USER", async () => {
    for (const email of [MANAGER, USER]) {
      const groups = (await kit.get(email, '/groups')).json<GroupBody[]>();
      expect(groups.map((g) => g.customer_id)).toEqual([1, 1]);
    }
  });
});

describe('POST /group/create, /group/:id, /group/:id/delete', () => {
  it('creates, edits and deletes a group', async () => {
    const modules = await kit.moduleIds(['allotment.map', 'allotment.security']);
    const created = await kit.post(MANAGER, '/group/create', { name: 'Vendas', customer: 1, modules });
    expect(created.statusCode).toBe(200);
    const group = created.json<GroupBody>();
    expect(group).toMatchObject({ name: 'Vendas', customer_id: 1, customer: 'Horizonte Urbanismo' });
    expect(group.modules.map((m) => m.code)).toEqual(['allotment.map', 'allotment.security']);

    const edited = await kit.post(MANAGER, `/group/${group.id}`, {
      name: 'Vendas e campo',
      customer: 1,
      'modules[]': await kit.moduleIds(['construction.map']),
    });
    expect(edited.json()).toMatchObject({ name: 'Vendas e campo', modules: [{ code: 'construction.map' }] });

    const removed = await kit.post(MANAGER, `/group/${group.id}/delete`);
    expect(removed.statusCode).toBe(200);
    expect((await kit.get(MANAGER, '/groups')).json<GroupBody[]>().map((g) => g.id)).not.toContain(group.id);
  });

  it('puts a USER caller’s group in their own customer and accepts no modules', async () => {
    const created = await kit.post(USER, '/group/create', { name: 'Leitura', customer: 2 });
    expect(created.json()).toMatchObject({ customer_id: 1, modules: [] });
  });

  it("refuses to delete a group with users, with the spec's message, and keeps it", async () => {
    const id = await kit.groupId('Equipe de campo');
    const response = await kit.post(MANAGER, `/group/${id}/delete`);
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe('O grupo está associado a usuários e não pode ser deletado.');
    expect((await kit.get(MANAGER, '/groups')).json<GroupBody[]>().map((g) => g.id)).toContain(id);
  });

  it('validates name, customer and module ids', async () => {
    const noName = await kit.post(MANAGER, '/group/create', { name: ' ', customer: 1 });
    expect(noName.json().message).toContain('Informe o nome');
    const noCustomer = await kit.post(ADMIN, '/group/create', { name: 'Sem cliente' });
    expect(noCustomer.json()).toMatchObject({ statusCode: 422, message: 'Selecione um cliente' });
    const badModule = await kit.post(ADMIN, '/group/create', { name: 'X', customer: 1, modules: [999] });
    expect(badModule.statusCode).toBe(422);
  });

  it('does not move a group with users to another customer', async () => {
    const id = await kit.groupId('Equipe de campo');
    const modules = (await kit.get(ADMIN, '/groups')).json<GroupBody[]>().find((g) => g.id === id)?.modules;
    const response = await kit.post(ADMIN, `/group/${id}`, {
      name: 'Equipe de campo',
      customer: 2,
      modules: modules?.map((m) => m.id),
    });
    expect(response.statusCode).toBe(422);
    expect((await kit.get(ADMIN, '/groups')).json<GroupBody[]>().find((g) => g.id === id)?.customer_id).toBe(
      1,
    );
  });
});
