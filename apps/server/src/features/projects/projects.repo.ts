import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/database';
import type { ProjectsTable } from '../../db/schema';
import type { ProjectScope } from '../../policies';

export type ProjectRow = Selectable<ProjectsTable>;
export type NewProjectRow = Insertable<ProjectsTable>;

export function createProjectsRepo(db: Db) {
  function scoped(scope: ProjectScope) {
    let query = db.selectFrom('projects').selectAll('projects');
    if (scope.userId !== null) {
      query = query
        .innerJoin('userProjects', 'userProjects.projectId', 'projects.id')
        .where('userProjects.userId', '=', scope.userId);
    }
    if (scope.customerId !== null) query = query.where('projects.customerId', '=', scope.customerId);
    return query;
  }

  return {
    list(scope: ProjectScope, space?: string): Promise<ProjectRow[]> {
      let query = scoped(scope);
      if (space) query = query.where('projects.space', '=', space);
      return query.orderBy('projects.name').execute();
    },

    findInScope(scope: ProjectScope, projectId: number): Promise<ProjectRow | undefined> {
      return scoped(scope).where('projects.id', '=', projectId).executeTakeFirst();
    },

    async insert(row: NewProjectRow): Promise<ProjectRow> {
      return db.insertInto('projects').values(row).returningAll().executeTakeFirstOrThrow();
    },

    async linkUsers(projectId: number, userIds: number[]): Promise<void> {
      if (userIds.length === 0) return;
      await db
        .insertInto('userProjects')
        .values(userIds.map((userId) => ({ userId, projectId })))
        .onConflict((oc) => oc.doNothing())
        .execute();
    },
  };
}

export type ProjectsRepo = ReturnType<typeof createProjectsRepo>;
