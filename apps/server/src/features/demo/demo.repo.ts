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

    /**
     * Projects that never had all their demo imagery queued (space → id): those with no scene, and those whose
     * demo scenes began to be queued by a start that was cut short.
     */
    async projectsAwaitingDemoImagery(): Promise<Map<string, number>> {
      const rows = await db
        .selectFrom('projects')
        .select(['projects.id', 'projects.space'])
        .where(({ or, not, exists, selectFrom }) =>
          or([
            not(
              exists(
                selectFrom('scenes').select('scenes.id').whereRef('scenes.projectId', '=', 'projects.id'),
              ),
            ),
            exists(
              selectFrom('demoImageryStarts')
                .select('demoImageryStarts.projectId')
                .whereRef('demoImageryStarts.projectId', '=', 'projects.id'),
            ),
          ]),
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

    async markDemoImageryStarted(projectId: number): Promise<void> {
      await db
        .insertInto('demoImageryStarts')
        .values({ projectId })
        .onConflict((oc) => oc.doNothing())
        .execute();
    },

    /** The project's scenes by date (YYYY-MM-DD → id): the demo scenes an interrupted start already queued. */
    async sceneIdsByDate(projectId: number): Promise<Map<string, number>> {
      const rows = await db
        .selectFrom('scenes')
        .select(['id', 'date'])
        .where('projectId', '=', projectId)
        .orderBy('id')
        .execute();
      return new Map(rows.map((row) => [row.date, row.id]));
    },

    async projectIdBySpace(space: string): Promise<number | null> {
      const row = await db.selectFrom('projects').select('id').where('space', '=', space).executeTakeFirst();
      return row?.id ?? null;
    },

    async markDemoImageryLoaded(projectId: number): Promise<void> {
      await db
        .insertInto('demoImageryLoads')
        .values({ projectId })
        .onConflict((oc) => oc.doNothing())
        .execute();
    },

    /** Demo allotments and environment projects whose demo scenes were queued and their analyses not yet. */
    async projectsAwaitingDemoAnalyses(): Promise<
      Map<string, { id: number; projectType: 'ALLOTMENT' | 'ENVIRONMENT' }>
    > {
      const rows = await db
        .selectFrom('demoImageryLoads as d')
        .innerJoin('projects as p', 'p.id', 'd.projectId')
        .select(['p.id', 'p.space', 'p.projectType'])
        .where('d.analysesQueuedAt', 'is', null)
        .where('p.projectType', 'in', ['ALLOTMENT', 'ENVIRONMENT'])
        .execute();
      return new Map(
        rows.map((row) => [
          row.space,
          { id: row.id, projectType: row.projectType === 'ENVIRONMENT' ? 'ENVIRONMENT' : 'ALLOTMENT' },
        ]),
      );
    },

    /** The project's scenes on these dates, oldest first, with their analysis (if any) and its AI state. */
    async scenesOn(projectId: number, dates: string[]) {
      if (dates.length === 0) return [];
      return db
        .selectFrom('scenes as s')
        .leftJoin('detections as d', 'd.sceneId', 's.id')
        .select(['s.id', 's.date', 's.status', 'd.id as analysisId', 'd.processingState'])
        .where('s.projectId', '=', projectId)
        .where('s.date', 'in', dates)
        .orderBy('s.date')
        .orderBy('s.id')
        .execute();
    },

    async markDemoAnalysesQueued(projectId: number): Promise<void> {
      await db
        .updateTable('demoImageryLoads')
        .set({ analysesQueuedAt: new Date() })
        .where('projectId', '=', projectId)
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

    /** The users with these e-mails that still have a password (the demo's accounts, when present). */
    async usersWithPassword(
      emails: readonly string[],
    ): Promise<{ id: number; email: string; passwordHash: string }[]> {
      const rows = await db
        .selectFrom('users')
        .select(['id', 'email', 'passwordHash'])
        .where('email', 'in', [...emails])
        .where('passwordHash', 'is not', null)
        .orderBy('id')
        .execute();
      return rows.flatMap((row) => (row.passwordHash ? [{ ...row, passwordHash: row.passwordHash }] : []));
    },

    /** Takes a user's password away and ends his sessions and sign-in links. */
    async lockOut(userId: number): Promise<void> {
      const now = new Date();
      await db
        .updateTable('users')
        .set({ passwordHash: null, updatedAt: now })
        .where('id', '=', userId)
        .execute();
      await db
        .updateTable('sessions')
        .set({ revokedAt: now })
        .where('userId', '=', userId)
        .where('revokedAt', 'is', null)
        .execute();
      await db
        .updateTable('accessTokens')
        .set({ revokedAt: now })
        .where('userId', '=', userId)
        .where('revokedAt', 'is', null)
        .execute();
    },

    /** Revokes the sign-in link of this hash and the sessions opened with it; true if it was live. */
    async revokeAccessTokenByHash(tokenHash: string): Promise<boolean> {
      const now = new Date();
      const revoked = await db
        .updateTable('accessTokens')
        .set({ revokedAt: now })
        .where('tokenHash', '=', tokenHash)
        .where('revokedAt', 'is', null)
        .returning('id')
        .execute();
      if (revoked.length === 0) return false;
      await db
        .updateTable('sessions')
        .set({ revokedAt: now })
        .where(
          'accessTokenId',
          'in',
          revoked.map((row) => row.id),
        )
        .where('revokedAt', 'is', null)
        .execute();
      return true;
    },
  };
}
