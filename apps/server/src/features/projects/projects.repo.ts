import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import type { Db } from '../../db/database';
import type { ProjectsTable } from '../../db/schema';
import type { ProjectScope } from '../../policies';

import { isUniqueViolation } from '../../db/unique-violation';

export { isUniqueViolation };

/** A write refused because the customer already has a project of that name (index of migration 018). */
export const isProjectNameTaken = (error: unknown): boolean =>
  isUniqueViolation(error, 'projects_customer_name_key');

export type ProjectRow = Selectable<ProjectsTable>;
export type NewProjectRow = Insertable<ProjectsTable>;
export type ProjectPatch = Updateable<ProjectsTable>;
export type RegisteredProjectRow = ProjectRow & { customerName: string };

export function createProjectsRepo(db: Db) {
  function scoped(scope: ProjectScope) {
    let query = db.selectFrom('projects').selectAll('projects');
    if (scope.userId !== null) {
      query = query
        .innerJoin('userProjects', 'userProjects.projectId', 'projects.id')
        .where('userProjects.userId', '=', scope.userId);
    }
    if (scope.customerId !== null) query = query.where('projects.customerId', '=', scope.customerId);
    if (!scope.includeArchived) query = query.where('projects.archivedAt', 'is', null);
    return query;
  }

  function withCustomer() {
    return db
      .selectFrom('projects')
      .innerJoin('customers', 'customers.id', 'projects.customerId')
      .selectAll('projects')
      .select('customers.name as customerName');
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

    /** Every project with its customer's name, archived ones last (the administration panel). */
    listRegistered(): Promise<RegisteredProjectRow[]> {
      return withCustomer()
        .orderBy(sql`projects.archived_at IS NOT NULL`)
        .orderBy('projects.name')
        .orderBy('projects.id')
        .execute();
    },

    findRegistered(projectId: number): Promise<RegisteredProjectRow | undefined> {
      return withCustomer().where('projects.id', '=', projectId).executeTakeFirst();
    },

    async customerExists(customerId: number): Promise<boolean> {
      const row = await db
        .selectFrom('customers')
        .select('id')
        .where('id', '=', customerId)
        .executeTakeFirst();
      return row !== undefined;
    },

    /**
     * Whether the customer already has a project of this name (case and surrounding blanks ignored); the same
     * expression as the unique index `projects_customer_name_key`, which settles a race between two writers.
     */
    async nameTaken(customerId: number, name: string, exceptId: number | null): Promise<boolean> {
      let query = db
        .selectFrom('projects')
        .select('id')
        .where('customerId', '=', customerId)
        .where(sql`lower(btrim(name))`, '=', name.trim().toLowerCase());
      if (exceptId !== null) query = query.where('id', '!=', exceptId);
      return (await query.executeTakeFirst()) !== undefined;
    },

    /** The spaces taken by `base` and its numbered variants (`base-2`, `base-3`…). */
    async spacesLike(base: string): Promise<string[]> {
      const rows = await db
        .selectFrom('projects')
        .select('space')
        .where((eb) => eb.or([eb('space', '=', base), eb('space', '~', `^${base}-[0-9]+$`)]))
        .execute();
      return rows.map((row) => row.space);
    },

    async insert(row: NewProjectRow): Promise<ProjectRow> {
      return db.insertInto('projects').values(row).returningAll().executeTakeFirstOrThrow();
    },

    async update(projectId: number, patch: ProjectPatch): Promise<void> {
      await db
        .updateTable('projects')
        .set({ ...patch, updatedAt: new Date() })
        .where('id', '=', projectId)
        .execute();
    },

    async takesDerivedBoundary(projectId: number): Promise<boolean> {
      const row = await db
        .selectFrom('projects')
        .select('id')
        .where('id', '=', projectId)
        .where((eb) => eb.or([eb('delimiter', 'is', null), eb('delimiterDerived', '=', true)]))
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Writes a derived boundary where none was given (no boundary yet, or one derived before). */
    async setDerivedBoundary(
      projectId: number,
      boundary: { delimiter: string; bbox: number[]; center: number[]; areaM2: number; perimeterM: number },
    ): Promise<boolean> {
      const result = await db
        .updateTable('projects')
        .set({ ...boundary, delimiterDerived: true, updatedAt: new Date() })
        .where('id', '=', projectId)
        .where((eb) => eb.or([eb('delimiter', 'is', null), eb('delimiterDerived', '=', true)]))
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** How many LOT layers each project has (projects without lots are left out). */
    async lotLayerCounts(projectIds: number[]): Promise<Map<number, number>> {
      if (projectIds.length === 0) return new Map();
      const rows = await db
        .selectFrom('layers')
        .select(['projectId', (eb) => eb.fn.countAll<string>().as('lots')])
        .where('projectId', 'in', projectIds)
        .where('type', '=', 'LOT')
        .groupBy('projectId')
        .execute();
      return new Map(rows.map((row) => [row.projectId, Number(row.lots)]));
    },

    /** How many inspections each project has (projects without any are left out). */
    async inspectionCounts(projectIds: number[]): Promise<Map<number, number>> {
      if (projectIds.length === 0) return new Map();
      const rows = await db
        .selectFrom('inspections')
        .select(['projectId', (eb) => eb.fn.countAll<string>().as('inspections')])
        .where('projectId', 'in', projectIds)
        .groupBy('projectId')
        .execute();
      return new Map(rows.map((row) => [row.projectId, Number(row.inspections)]));
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
