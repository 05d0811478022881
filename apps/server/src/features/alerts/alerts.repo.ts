import { sql } from 'kysely';
import type { AlertDelivery, AlertKind, ModuleCode, ProjectType, Role } from '@mirante/shared';
import type { Db } from '../../db/database';

export interface AlertEventRow {
  id: number;
  projectId: number;
  kind: AlertKind;
  payload: unknown;
  createdAt: Date;
}

export interface AlertProjectRow {
  id: number;
  name: string;
  projectType: ProjectType;
  customerId: number;
  archived: boolean;
}

/** A user who may see a project (linked to it in its customer, or an ADMIN who chose alerts for it). */
export interface AlertCandidateRow {
  userId: number;
  name: string;
  email: string;
  role: Role;
  active: boolean;
  modules: ModuleCode[];
  kinds: AlertKind[] | null;
  delivery: AlertDelivery | null;
}

export interface BellRow extends AlertEventRow {
  projectName: string;
  projectType: ProjectType;
  readAt: Date | null;
}

export interface PendingDigestRow extends AlertEventRow {
  userId: number;
}

export interface NewAlertEvent {
  projectId: number;
  kind: AlertKind;
  dedupeKey: string;
  payload: unknown;
}

const toEvent = <T extends { id: string | number }>(row: T) => ({ ...row, id: Number(row.id) });

/** All SQL of the alerts: events, deliveries (the bell and the e-mails' state) and the users' choices. */
export function createAlertsRepo(db: Db) {
  return {
    /** Records an event once: a second call with the same key (another process, a rescan) records nothing. */
    async recordEvent(event: NewAlertEvent): Promise<boolean> {
      const inserted = await db
        .insertInto('alertEvents')
        .values({ ...event, payload: JSON.stringify(event.payload) })
        .onConflict((conflict) => conflict.column('dedupeKey').doNothing())
        .returning('id')
        .executeTakeFirst();
      return inserted !== undefined;
    },

    /** Events not dispatched yet, locked for this transaction; another process skips them. */
    async lockPendingEvents(limit: number): Promise<AlertEventRow[]> {
      const rows = await db
        .selectFrom('alertEvents')
        .select(['id', 'projectId', 'kind', 'payload', 'createdAt'])
        .where('dispatchedAt', 'is', null)
        .orderBy('id')
        .limit(limit)
        .forUpdate()
        .skipLocked()
        .execute();
      return rows.map(toEvent);
    },

    async markDispatched(eventId: number): Promise<void> {
      await db
        .updateTable('alertEvents')
        .set({ dispatchedAt: new Date() })
        .where('id', '=', String(eventId))
        .execute();
    },

    async project(projectId: number): Promise<AlertProjectRow | undefined> {
      const row = await db
        .selectFrom('projects')
        .select(['id', 'name', 'projectType', 'customerId', 'archivedAt'])
        .where('id', '=', projectId)
        .executeTakeFirst();
      return row && { ...row, archived: row.archivedAt !== null };
    },

    /** Who may see the project: its linked users of its customer, and the ADMINs who chose alerts for it. */
    async candidates(project: AlertProjectRow): Promise<AlertCandidateRow[]> {
      const { rows } = await sql<AlertCandidateRow>`
        SELECT u.id AS user_id, u.name, u.email, u.role, u.status AS active,
               COALESCE((SELECT array_agg(m.code ORDER BY m.id) FROM group_modules gm
                 JOIN modules m ON m.id = gm.module_id WHERE gm.group_id = u.group_id), '{}') AS modules,
               ap.kinds, ap.delivery
        FROM users u
        LEFT JOIN alert_preferences ap ON ap.user_id = u.id AND ap.project_id = ${project.id}
        WHERE (u.role <> 'ADMIN' AND u.customer_id = ${project.customerId} AND ${!project.archived}
               AND EXISTS (SELECT 1 FROM user_projects up WHERE up.user_id = u.id AND up.project_id = ${project.id}))
           OR (u.role = 'ADMIN' AND ap.user_id IS NOT NULL)
        ORDER BY u.id`.execute(db);
      return rows;
    },

    /** One delivery per event and user, whatever the retries; false when it was already there. */
    async insertDelivery(
      eventId: number,
      userId: number,
      emailMode: AlertDelivery,
      emailed: boolean,
    ): Promise<boolean> {
      const inserted = await db
        .insertInto('alertDeliveries')
        .values({ eventId: String(eventId), userId, emailMode, emailedAt: emailed ? new Date() : null })
        .onConflict((conflict) => conflict.columns(['eventId', 'userId']).doNothing())
        .returning('userId')
        .executeTakeFirst();
      return inserted !== undefined;
    },

    async bell(userId: number, limit: number): Promise<BellRow[]> {
      const rows = await db
        .selectFrom('alertDeliveries as d')
        .innerJoin('alertEvents as e', 'e.id', 'd.eventId')
        .innerJoin('projects as p', 'p.id', 'e.projectId')
        .select([
          'e.id',
          'e.projectId',
          'e.kind',
          'e.payload',
          'e.createdAt',
          'p.name as projectName',
          'p.projectType',
          'd.readAt',
        ])
        .where('d.userId', '=', userId)
        .orderBy('e.id', 'desc')
        .limit(limit)
        .execute();
      return rows.map(toEvent);
    },

    async unreadCount(userId: number): Promise<number> {
      const row = await db
        .selectFrom('alertDeliveries')
        .select((eb) => eb.fn.countAll<string>().as('count'))
        .where('userId', '=', userId)
        .where('readAt', 'is', null)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    async markRead(userId: number, eventIds: number[] | undefined): Promise<void> {
      let query = db
        .updateTable('alertDeliveries')
        .set({ readAt: new Date() })
        .where('userId', '=', userId)
        .where('readAt', 'is', null);
      if (eventIds) query = query.where('eventId', 'in', eventIds.length ? eventIds.map(String) : ['0']);
      await query.execute();
    },

    async preferences(
      userId: number,
    ): Promise<{ projectId: number; kinds: AlertKind[]; delivery: AlertDelivery }[]> {
      return db
        .selectFrom('alertPreferences')
        .select(['projectId', 'kinds', 'delivery'])
        .where('userId', '=', userId)
        .execute();
    },

    async savePreference(userId: number, projectId: number, kinds: AlertKind[], delivery: AlertDelivery) {
      await db
        .insertInto('alertPreferences')
        .values({ userId, projectId, kinds, delivery, updatedAt: new Date() })
        .onConflict((conflict) =>
          conflict.columns(['userId', 'projectId']).doUpdateSet({ kinds, delivery, updatedAt: new Date() }),
        )
        .execute();
    },

    /** Stops the e-mails of a project for a user, keeping (or, with none recorded, giving) his chosen kinds. */
    async stopEmails(userId: number, projectId: number, defaultKinds: AlertKind[]): Promise<void> {
      await db
        .insertInto('alertPreferences')
        .values({ userId, projectId, kinds: defaultKinds, delivery: 'none', updatedAt: new Date() })
        .onConflict((conflict) =>
          conflict.columns(['userId', 'projectId']).doUpdateSet({ delivery: 'none', updatedAt: new Date() }),
        )
        .execute();
    },

    async user(userId: number) {
      return db
        .selectFrom('users')
        .select(['id', 'name', 'email', 'role', 'status as active', 'groupId'])
        .where('id', '=', userId)
        .executeTakeFirst();
    },

    /** The users with digest e-mails of `mode` waiting. */
    async digestUsers(mode: 'daily' | 'weekly'): Promise<number[]> {
      const rows = await db
        .selectFrom('alertDeliveries')
        .select('userId')
        .distinct()
        .where('emailMode', '=', mode)
        .where('emailedAt', 'is', null)
        .execute();
      return rows.map((row) => row.userId);
    },

    /** A user's deliveries waiting for a digest, locked for this transaction; another process skips them. */
    async lockDigest(userId: number, mode: 'daily' | 'weekly'): Promise<PendingDigestRow[]> {
      const rows = await db
        .selectFrom('alertDeliveries as d')
        .innerJoin('alertEvents as e', 'e.id', 'd.eventId')
        .select(['e.id', 'e.projectId', 'e.kind', 'e.payload', 'e.createdAt', 'd.userId'])
        .where('d.userId', '=', userId)
        .where('d.emailMode', '=', mode)
        .where('d.emailedAt', 'is', null)
        .orderBy('e.id')
        .forUpdate('d')
        .skipLocked()
        .execute();
      return rows.map(toEvent);
    },

    async lotShapes(layerIds: number[]): Promise<{ id: number; geoJson: unknown; bbox: number[] }[]> {
      if (layerIds.length === 0) return [];
      return db.selectFrom('layers').select(['id', 'geoJson', 'bbox']).where('id', 'in', layerIds).execute();
    },

    /** A published, tiled scene of the project: the one given, or the latest strictly before `beforeDate`. */
    async thumbnailScene(projectId: number, which: { sceneId: number } | { beforeDate: string }) {
      let query = db
        .selectFrom('scenes')
        .innerJoin('projects', 'projects.id', 'scenes.projectId')
        .select(['scenes.date', 'scenes.maxZoom', 'projects.space'])
        .where('scenes.projectId', '=', projectId)
        .where('scenes.published', '=', true)
        .where('scenes.status', '=', 'ready');
      query =
        'sceneId' in which
          ? query.where('scenes.id', '=', which.sceneId)
          : query.where('scenes.date', '<', which.beforeDate).orderBy('scenes.date', 'desc');
      return query.limit(1).executeTakeFirst();
    },

    async markEmailed(userId: number, eventIds: number[]): Promise<void> {
      if (eventIds.length === 0) return;
      await db
        .updateTable('alertDeliveries')
        .set({ emailedAt: new Date() })
        .where('userId', '=', userId)
        .where('eventId', 'in', eventIds.map(String))
        .execute();
    },
  };
}

export type AlertsRepo = ReturnType<typeof createAlertsRepo>;
