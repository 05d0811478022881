import type { Role, UserType } from '@mirante/shared';
import { sql } from 'kysely';
import type { Db } from '../../db/database';

export interface UserRow {
  id: number;
  name: string;
  email: string;
  customerId: number;
  customerName: string;
  groupId: number | null;
  groupName: string | null;
  groupCustomerName: string | null;
  status: boolean;
  role: Role;
  userType: UserType;
  inactivatedByRole: Role | null;
}

export interface UserWrite {
  name: string;
  email: string;
  customerId: number;
  groupId: number | null;
  role: Role;
}

/** User queries of the security panel. `customerId` null means every customer (ADMIN). */
export function userQueries(db: Db) {
  function selectUsers() {
    return db
      .selectFrom('users')
      .innerJoin('customers', 'customers.id', 'users.customerId')
      .leftJoin('groups', 'groups.id', 'users.groupId')
      .leftJoin('customers as groupCustomers', 'groupCustomers.id', 'groups.customerId')
      .select([
        'users.id',
        'users.name',
        'users.email',
        'users.customerId',
        'customers.name as customerName',
        'users.groupId',
        'groups.name as groupName',
        'groupCustomers.name as groupCustomerName',
        'users.status',
        'users.role',
        'users.userType',
        'users.inactivatedByRole',
      ]);
  }

  return {
    listUsers(customerId: number | null): Promise<UserRow[]> {
      let query = selectUsers();
      if (customerId !== null) query = query.where('users.customerId', '=', customerId);
      return query.orderBy('users.name').orderBy('users.id').execute();
    },

    findUser(id: number, customerId: number | null): Promise<UserRow | undefined> {
      let query = selectUsers().where('users.id', '=', id);
      if (customerId !== null) query = query.where('users.customerId', '=', customerId);
      return query.executeTakeFirst();
    },

    projectsOfUsers(userIds: number[]) {
      if (userIds.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('userProjects')
        .innerJoin('projects', 'projects.id', 'userProjects.projectId')
        .select(['userProjects.userId', 'projects.id', 'projects.name'])
        .where('userProjects.userId', 'in', userIds)
        .where('projects.archivedAt', 'is', null)
        .orderBy('projects.name')
        .execute();
    },

    async emailTaken(email: string, exceptUserId: number | null): Promise<boolean> {
      let query = db
        .selectFrom('users')
        .select('id')
        .where(sql`lower(email)`, '=', email.trim().toLowerCase());
      if (exceptUserId !== null) query = query.where('id', '!=', exceptUserId);
      return (await query.executeTakeFirst()) !== undefined;
    },

    async insertUser(user: UserWrite & { userType: UserType }): Promise<number> {
      const row = await db
        .insertInto('users')
        .values({ ...user, passwordHash: null, status: true })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async updateUser(id: number, user: UserWrite): Promise<void> {
      await db
        .updateTable('users')
        .set({ ...user, updatedAt: new Date() })
        .where('id', '=', id)
        .execute();
    },

    /** Activates, or inactivates recording who did it (a lower role may not undo it). */
    async setUserStatus(id: number, status: boolean, by: { id: number; role: Role }): Promise<void> {
      await db
        .updateTable('users')
        .set({
          status,
          inactivatedBy: status ? null : by.id,
          inactivatedByRole: status ? null : by.role,
          updatedAt: new Date(),
        })
        .where('id', '=', id)
        .execute();
    },

    async projectIdsOf(userId: number): Promise<number[]> {
      const rows = await db
        .selectFrom('userProjects')
        .select('projectId')
        .where('userId', '=', userId)
        .execute();
      return rows.map((row) => row.projectId);
    },

    /** Replaces the user's projects; links to archived projects (not shown in the form) are kept. */
    async setUserProjects(userId: number, projectIds: number[]): Promise<void> {
      await db
        .deleteFrom('userProjects')
        .where('userId', '=', userId)
        .where(
          'projectId',
          'not in',
          db.selectFrom('projects').select('id').where('archivedAt', 'is not', null),
        )
        .execute();
      if (projectIds.length === 0) return;
      await db
        .insertInto('userProjects')
        .values(projectIds.map((projectId) => ({ userId, projectId })))
        .onConflict((oc) => oc.doNothing())
        .execute();
    },
  };
}
