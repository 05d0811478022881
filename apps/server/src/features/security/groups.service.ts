import { SECURITY_MESSAGES, type Group, type GroupFormInput, type ModuleCode } from '@mirante/shared';
import { notFound, unprocessable } from '../../http/app-error';
import type { AuthUser } from '../auth';
import type { GroupRow } from './groups.repo';
import type { SecurityQueries, SecurityRepo } from './security.repo';
import { assertHoldsModules, assertSecurityAccess, customerScopeOf, targetCustomerOf } from '../../policies';

const groupNotFound = () => notFound('Grupo não encontrado.', 'GROUP_NOT_FOUND');

/** The module ids must exist and the caller must hold every one of them. */
async function resolveModules(q: SecurityQueries, caller: AuthUser, ids: number[]): Promise<number[]> {
  const unique = [...new Set(ids)];
  const modules = await q.modulesByIds(unique);
  if (modules.length !== unique.length) throw unprocessable('MODULE_NOT_FOUND', 'Módulo inválido.');
  assertHoldsModules(
    caller,
    modules.map((m) => m.code),
  );
  return unique;
}

export function createGroupsService(repo: SecurityRepo) {
  async function present(rows: GroupRow[]): Promise<Group[]> {
    const modules = await repo.modulesOfGroups(rows.map((r) => r.id));
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      customer_id: row.customerId,
      customer: row.customerName,
      modules: modules
        .filter((m) => m.groupId === row.id)
        .map((m) => ({ id: m.id, code: m.code, name: m.name })),
    }));
  }

  async function presentOne(id: number): Promise<Group> {
    const row = await repo.findGroup(id, null);
    if (!row) throw groupNotFound();
    const [group] = await present([row]);
    if (!group) throw groupNotFound();
    return group;
  }

  /** A group the caller may change: in their scope, and holding no module the caller lacks. */
  async function findManageable(q: SecurityQueries, caller: AuthUser, id: number): Promise<GroupRow> {
    assertSecurityAccess(caller);
    const group = await q.findGroup(id, customerScopeOf(caller));
    if (!group) throw groupNotFound();
    const current: ModuleCode[] = (await q.modulesOfGroups([id])).map((m) => m.code);
    assertHoldsModules(caller, current);
    return group;
  }

  return {
    async list(caller: AuthUser): Promise<Group[]> {
      assertSecurityAccess(caller);
      return present(await repo.listGroups(customerScopeOf(caller)));
    },

    async create(caller: AuthUser, input: GroupFormInput): Promise<Group> {
      assertSecurityAccess(caller);
      const customerId = targetCustomerOf(caller, input.customer);
      const id = await repo.transaction(async (q) => {
        if (!(await q.findCustomer(customerId)))
          throw unprocessable('CUSTOMER_NOT_FOUND', 'Cliente não encontrado.');
        const moduleIds = await resolveModules(q, caller, input.modules);
        const newId = await q.insertGroup(input.name, customerId);
        await q.setGroupModules(newId, moduleIds);
        return newId;
      });
      return presentOne(id);
    },

    async update(caller: AuthUser, id: number, input: GroupFormInput): Promise<Group> {
      await repo.transaction(async (q) => {
        const group = await findManageable(q, caller, id);
        const customerId = targetCustomerOf(caller, input.customer);
        if (customerId !== group.customerId) {
          if (!(await q.findCustomer(customerId)))
            throw unprocessable('CUSTOMER_NOT_FOUND', 'Cliente não encontrado.');
          // Members belong to the old customer: moving the group would hand them another tenant's group.
          if ((await q.countGroupUsers(id)) > 0) {
            throw unprocessable(
              'GROUP_IN_USE',
              'O grupo está associado a usuários e não pode mudar de cliente.',
            );
          }
        }
        const moduleIds = await resolveModules(q, caller, input.modules);
        await q.updateGroup(id, input.name, customerId);
        await q.setGroupModules(id, moduleIds);
      });
      return presentOne(id);
    },

    async remove(caller: AuthUser, id: number): Promise<{ message: string }> {
      await repo.transaction(async (q) => {
        await findManageable(q, caller, id);
        if ((await q.countGroupUsers(id)) > 0)
          throw unprocessable('GROUP_IN_USE', SECURITY_MESSAGES.groupInUse);
        await q.deleteGroup(id);
      });
      return { message: 'Grupo removido com sucesso' };
    },
  };
}
