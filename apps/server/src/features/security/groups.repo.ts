import type { ModuleCode } from '@mirante/shared';
import type { Db } from '../../db/database';

export interface GroupRow {
  id: number;
  name: string;
  customerId: number | null;
  customerName: string | null;
}

export interface GroupModuleRow {
  groupId: number;
  id: number;
  code: ModuleCode;
  name: string;
}

/** Permission-group queries. `customerId` null means every customer (ADMIN). */
export function groupQueries(db: Db) {
  function selectGroups() {
    return db
      .selectFrom('groups')
      .leftJoin('customers', 'customers.id', 'groups.customerId')
      .select(['groups.id', 'groups.name', 'groups.customerId', 'customers.name as customerName']);
  }

  return {
    listGroups(customerId: number | null): Promise<GroupRow[]> {
      let query = selectGroups();
      if (customerId !== null) query = query.where('groups.customerId', '=', customerId);
      return query.orderBy('groups.id').execute();
    },

    findGroup(id: number, customerId: number | null): Promise<GroupRow | undefined> {
      let query = selectGroups().where('groups.id', '=', id);
      if (customerId !== null) query = query.where('groups.customerId', '=', customerId);
      return query.executeTakeFirst();
    },

    modulesOfGroups(groupIds: number[]): Promise<GroupModuleRow[]> {
      if (groupIds.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('groupModules')
        .innerJoin('modules', 'modules.id', 'groupModules.moduleId')
        .select(['groupModules.groupId', 'modules.id', 'modules.code', 'modules.name'])
        .where('groupModules.groupId', 'in', groupIds)
        .orderBy('modules.id')
        .execute();
    },

    async countGroupUsers(groupId: number): Promise<number> {
      const row = await db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<string>().as('count'))
        .where('groupId', '=', groupId)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    async insertGroup(name: string, customerId: number): Promise<number> {
      const row = await db
        .insertInto('groups')
        .values({ name, customerId })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async updateGroup(id: number, name: string, customerId: number): Promise<void> {
      await db.updateTable('groups').set({ name, customerId }).where('id', '=', id).execute();
    },

    async setGroupModules(groupId: number, moduleIds: number[]): Promise<void> {
      await db.deleteFrom('groupModules').where('groupId', '=', groupId).execute();
      if (moduleIds.length === 0) return;
      await db
        .insertInto('groupModules')
        .values(moduleIds.map((moduleId) => ({ groupId, moduleId })))
        .execute();
    },

    async deleteGroup(id: number): Promise<void> {
      await db.deleteFrom('groups').where('id', '=', id).execute();
    },
  };
}
