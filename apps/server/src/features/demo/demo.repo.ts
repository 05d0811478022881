import type { ModuleCode, Role } from '@mirante/shared';
import type { Db } from '../../db/database';

export function createDemoRepo(db: Db) {
  return {
    async isEmpty(): Promise<boolean> {
      const row = await db
        .selectFrom('customers')
        .select(db.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n) === 0;
    },

    /** Demo projects (by space) that have no scene yet. */
    /** Projects with no scene that never had demo imagery queued (space → id). */
    async projectsAwaitingDemoImagery(): Promise<Map<string, number>> {
      const rows = await db
        .selectFrom('projects')
        .select(['projects.id', 'projects.space'])
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(selectFrom('scenes').select('scenes.id').whereRef('scenes.projectId', '=', 'projects.id')),
          ),
        )
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('demoImageryLoads')
                .select('demoImageryLoads.projectId')
                .whereRef('demoImageryLoads.projectId', '=', 'projects.id'),
            ),
          ),
        )
        .execute();
      return new Map(rows.map((row) => [row.space, row.id]));
    },

    async markDemoImageryLoaded(projectId: number): Promise<void> {
      await db
        .insertInto('demoImageryLoads')
        .values({ projectId })
        .onConflict((oc) => oc.doNothing())
        .execute();
    },

    async insertCustomer(name: string): Promise<number> {
      return (await db.insertInto('customers').values({ name }).returning('id').executeTakeFirstOrThrow()).id;
    },

    async insertGroup(name: string, customerId: number, modules: readonly ModuleCode[]): Promise<number> {
      const { id } = await db
        .insertInto('groups')
        .values({ name, customerId })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (modules.length > 0) {
        const moduleRows = await db.selectFrom('modules').select('id').where('code', 'in', modules).execute();
        await db
          .insertInto('groupModules')
          .values(moduleRows.map((m) => ({ groupId: id, moduleId: m.id })))
          .execute();
      }
      return id;
    },

    async insertUser(user: {
      name: string;
      email: string;
      passwordHash: string;
      role: Role;
      status: boolean;
      customerId: number;
      groupId: number | null;
    }): Promise<number> {
      return (await db.insertInto('users').values(user).returning('id').executeTakeFirstOrThrow()).id;
    },
  };
}
