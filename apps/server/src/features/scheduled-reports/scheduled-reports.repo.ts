import { sql, type Transaction } from 'kysely';
import type { Db } from '../../db/database';
import type { Database } from '../../db/schema';
import type { ReportFrequency, ReportRunKind, ReportRunState } from '../../db/schema-reports';

export interface ScheduleRow {
  id: number;
  projectId: number;
  frequency: ReportFrequency;
  day: number;
  nextRunAt: Date;
  lastStatusDate: string | null;
  lastSentAt: Date | null;
  createdByName: string | null;
}

export interface RecipientRow {
  scheduleId: number;
  id: number;
  name: string;
  email: string;
}

export interface RunRow {
  id: number;
  scheduleId: number;
  kind: ReportRunKind;
  state: ReportRunState;
  createdAt: Date;
  dueAt: Date;
  finishedAt: Date | null;
  sentCount: number;
  skippedCount: number;
  error: string | null;
}

export interface LotShape {
  id: number;
  geometry: unknown;
}

export interface SceneFile {
  id: number;
  date: string;
  originalKey: string;
  sourceKind: 'geotiff' | 'png' | 'jpeg';
  sourceBounds: number[] | null;
}

const runColumns = [
  'r.id',
  'r.scheduleId',
  'r.kind',
  'r.state',
  'r.createdAt',
  'r.dueAt',
  'r.finishedAt',
  'r.sentCount',
  'r.skippedCount',
  'r.error',
] as const;

/**
 * The first key of the session advisory lock a process holds on a run while it sends it (the run's id is the
 * second): PostgreSQL lets go of it when that process's connection ends, so a run whose sender died is seen at
 * once, and another process may take it again.
 */
const RUN_LOCK_CLASS = 7301;

function schedules(db: Db | Transaction<Database>) {
  return db
    .selectFrom('reportSchedules as s')
    .leftJoin('users as u', 'u.id', 's.createdBy')
    .select([
      's.id',
      's.projectId',
      's.frequency',
      's.day',
      's.nextRunAt',
      's.lastStatusDate',
      's.lastSentAt',
      'u.name as createdByName',
    ]);
}

export function createScheduledReportsRepo(db: Db) {
  return {
    listOf(projectId: number): Promise<ScheduleRow[]> {
      return schedules(db).where('s.projectId', '=', projectId).orderBy('s.id').execute();
    },

    find(id: number): Promise<ScheduleRow | undefined> {
      return schedules(db).where('s.id', '=', id).executeTakeFirst();
    },

    recipientsOf(scheduleIds: number[]): Promise<RecipientRow[]> {
      if (scheduleIds.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('reportScheduleRecipients as r')
        .innerJoin('users as u', 'u.id', 'r.userId')
        .select(['r.scheduleId', 'u.id', 'u.name', 'u.email'])
        .where('r.scheduleId', 'in', scheduleIds)
        .orderBy('u.name')
        .execute();
    },

    /** The latest run of each schedule. */
    async lastRuns(scheduleIds: number[]): Promise<RunRow[]> {
      if (scheduleIds.length === 0) return [];
      return db
        .selectFrom('reportRuns as r')
        .select(runColumns)
        .distinctOn('r.scheduleId')
        .where('r.scheduleId', 'in', scheduleIds)
        .orderBy('r.scheduleId')
        .orderBy('r.createdAt', 'desc')
        .orderBy('r.id', 'desc')
        .execute();
    },

    /**
     * Active users of the project's customer linked to the project whose group holds `moduleCode` (and the
     * customer's MANAGERs and USERs only: an ADMIN is nobody's recipient by default but may be chosen too).
     */
    candidates(projectId: number, moduleCode: string) {
      return db
        .selectFrom('users as u')
        .innerJoin('userProjects as up', 'up.userId', 'u.id')
        .innerJoin('projects as p', 'p.id', 'up.projectId')
        .select(['u.id', 'u.name', 'u.email'])
        .where('up.projectId', '=', projectId)
        .where('u.status', '=', true)
        .whereRef('u.customerId', '=', 'p.customerId')
        .where((eb) =>
          eb.exists(
            eb
              .selectFrom('groupModules as gm')
              .innerJoin('modules as m', 'm.id', 'gm.moduleId')
              .select(sql`1`.as('one'))
              .whereRef('gm.groupId', '=', 'u.groupId')
              .where('m.code', '=', moduleCode as never),
          ),
        )
        .orderBy('u.name')
        .execute();
    },

    async create(input: {
      projectId: number;
      frequency: ReportFrequency;
      day: number;
      createdBy: number;
      nextRunAt: Date;
      userIds: number[];
    }): Promise<number> {
      return db.transaction().execute(async (trx) => {
        const { userIds, ...values } = input;
        const row = await trx
          .insertInto('reportSchedules')
          .values(values)
          .returning('id')
          .executeTakeFirstOrThrow();
        await trx
          .insertInto('reportScheduleRecipients')
          .values(userIds.map((userId) => ({ scheduleId: row.id, userId })))
          .execute();
        return row.id;
      });
    },

    async update(
      id: number,
      input: { frequency: ReportFrequency; day: number; nextRunAt: Date; userIds: number[] },
    ): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const { userIds, ...values } = input;
        await trx
          .updateTable('reportSchedules')
          .set({ ...values, updatedAt: new Date() })
          .where('id', '=', id)
          .execute();
        await trx.deleteFrom('reportScheduleRecipients').where('scheduleId', '=', id).execute();
        await trx
          .insertInto('reportScheduleRecipients')
          .values(userIds.map((userId) => ({ scheduleId: id, userId })))
          .execute();
      });
    },

    async removeRecipient(scheduleId: number, userId: number): Promise<void> {
      await db
        .deleteFrom('reportScheduleRecipients')
        .where('scheduleId', '=', scheduleId)
        .where('userId', '=', userId)
        .execute();
    },

    async remove(id: number): Promise<void> {
      await db.deleteFrom('reportSchedules').where('id', '=', id).execute();
    },

    async createRun(scheduleId: number, kind: ReportRunKind, requestedBy: number | null): Promise<RunRow> {
      const row = await db
        .insertInto('reportRuns')
        .values({ scheduleId, kind, requestedBy })
        .returning('id')
        .executeTakeFirstOrThrow();
      return this.findRun(row.id) as Promise<RunRow>;
    },

    findRun(id: number): Promise<RunRow | undefined> {
      return db.selectFrom('reportRuns as r').select(runColumns).where('r.id', '=', id).executeTakeFirst();
    },

    /**
     * The schedules due at `now` each get their run (once per due time, the unique index) and their next time,
     * in one transaction per schedule; returns the runs created.
     */
    async claimDue(now: Date, next: (row: ScheduleRow) => Date): Promise<number[]> {
      const due = await schedules(db).where('s.nextRunAt', '<=', now).execute();
      const created: number[] = [];
      for (const row of due) {
        await db.transaction().execute(async (trx) => {
          const moved = await trx
            .updateTable('reportSchedules')
            .set({ nextRunAt: next(row) })
            .where('id', '=', row.id)
            .where('nextRunAt', '=', row.nextRunAt)
            .executeTakeFirst();
          if (Number(moved.numUpdatedRows) === 0) return; // another process took it
          const run = await trx
            .insertInto('reportRuns')
            .values({ scheduleId: row.id, kind: 'scheduled', dueAt: row.nextRunAt })
            .onConflict((oc) => oc.doNothing())
            .returning('id')
            .executeTakeFirst();
          if (run) created.push(run.id);
        });
      }
      return created;
    },

    /**
     * Runs to send again: still queued a while after their creation (their job was lost with a crash), or
     * being sent by nobody (the process that took them died: its lock went with its connection).
     */
    async orphanedRuns(olderThanMinutes: number): Promise<number[]> {
      const rows = await db
        .selectFrom('reportRuns as r')
        .select('r.id')
        .where((eb) =>
          eb.or([
            eb.and([
              eb('r.state', '=', 'queued'),
              eb('r.createdAt', '<', sql<Date>`now() - make_interval(mins => ${olderThanMinutes})`),
            ]),
            eb.and([
              eb('r.state', '=', 'sending'),
              sql<boolean>`NOT EXISTS (SELECT 1 FROM pg_locks l WHERE l.locktype = 'advisory'
                AND l.classid = ${RUN_LOCK_CLASS} AND l.objid = r.id AND l.objsubid = 2)`,
            ]),
          ]),
        )
        .execute();
      return rows.map((row) => row.id);
    },

    /**
     * Runs `work` holding the run's lock on a connection of its own; undefined (and `work` not run) when another
     * process holds it.
     */
    async withRunLock<T>(runId: number, work: () => Promise<T>): Promise<T | undefined> {
      return db.connection().execute(async (connection) => {
        const taken = await sql<{
          taken: boolean;
        }>`SELECT pg_try_advisory_lock(${RUN_LOCK_CLASS}, ${runId}) AS taken`.execute(connection);
        if (!taken.rows[0]?.taken) return undefined;
        try {
          return await work();
        } finally {
          await sql`SELECT pg_advisory_unlock(${RUN_LOCK_CLASS}, ${runId})`.execute(connection);
        }
      });
    },

    /**
     * Takes a run for sending under its lock: queued, or left 'sending' by a process that died (its recipients
     * already served keep their delivery rows and are not sent again).
     */
    async claimRun(id: number): Promise<RunRow | undefined> {
      const row = await db
        .updateTable('reportRuns')
        .set({ state: 'sending', startedAt: new Date() })
        .where('id', '=', id)
        .where('state', 'in', ['queued', 'sending'])
        .returning('id')
        .executeTakeFirst();
      return row ? this.findRun(row.id) : undefined;
    },

    /** The recipients this run's e-mail was already queued to. */
    async deliveredTo(runId: number): Promise<number[]> {
      const rows = await db
        .selectFrom('reportDeliveries')
        .select('userId')
        .where('runId', '=', runId)
        .execute();
      return rows.map((row) => row.userId);
    },

    /** Records the run's e-mail to `userId`; false when it was recorded already. */
    async recordDelivery(runId: number, userId: number): Promise<boolean> {
      const row = await db
        .insertInto('reportDeliveries')
        .values({ runId, userId })
        .onConflict((oc) => oc.doNothing())
        .returning('runId')
        .executeTakeFirst();
      return row !== undefined;
    },

    async finishRun(
      run: Pick<RunRow, 'id' | 'scheduleId' | 'kind'>,
      outcome: {
        state: 'sent' | 'failed';
        statusDate: string | null;
        sent: number;
        skipped: number;
        error: string | null;
      },
    ): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('reportRuns')
          .set({
            state: outcome.state,
            statusDate: outcome.statusDate,
            sentCount: outcome.sent,
            skippedCount: outcome.skipped,
            error: outcome.error,
            finishedAt: new Date(),
          })
          .where('id', '=', run.id)
          .execute();
        if (outcome.state !== 'sent') return;
        // 'Enviar agora' does not move the start of "changes since the last report": only scheduled runs do.
        await trx
          .updateTable('reportSchedules')
          .set(
            run.kind === 'scheduled'
              ? { lastSentAt: new Date(), lastStatusDate: outcome.statusDate }
              : { lastSentAt: new Date() },
          )
          .where('id', '=', run.scheduleId)
          .execute();
      });
    },

    /** The project a run reports on (archived projects are not reported). */
    project(projectId: number) {
      return db
        .selectFrom('projects')
        .select(['id', 'name', 'space', 'delimiter as boundary', 'archivedAt'])
        .where('id', '=', projectId)
        .executeTakeFirst();
    },

    lots(projectId: number): Promise<LotShape[]> {
      return db
        .selectFrom('layers')
        .select(['id', 'geoJson as geometry'])
        .where('projectId', '=', projectId)
        .where('type', '=', 'LOT')
        .execute();
    },

    /** The project's ready, published scene of each date (the mosaic's first when a date has several). */
    async publishedScene(projectId: number, date: string): Promise<SceneFile | undefined> {
      return db
        .selectFrom('scenes')
        .select(['id', 'date', 'originalKey', 'sourceKind', 'sourceBounds'])
        .where('projectId', '=', projectId)
        .where('date', '=', date)
        .where('published', '=', true)
        .where('status', '=', 'ready')
        .orderBy('id')
        .executeTakeFirst();
    },
  };
}

export type ScheduledReportsRepo = ReturnType<typeof createScheduledReportsRepo>;
