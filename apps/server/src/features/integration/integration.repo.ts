import { sql } from 'kysely';
import type { Erp, SyncStatus, SyncTrigger } from '@mirante/shared';
import type { Db } from '../../db/database';
import type { SyncErrorJson } from '../../db/schema-integration';

export interface ConfigRow {
  customerId: number;
  erp: Erp;
  credentials: Buffer | null;
  credentialsUpdatedAt: Date | null;
  notificationEmail: string | null;
  notificationFrequency: number | null;
  completedAt: Date | null;
  lastNotifiedAt: Date | null;
}

export interface WalletLinkRow {
  projectId: number;
  customerCode: string;
  layerId: number | null;
  layerName: string | null;
}

export interface SyncRunRow {
  id: number;
  customerId: number;
  erp: Erp;
  trigger: SyncTrigger;
  status: SyncStatus;
  queuedAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
  unitsRead: number;
  unitsChanged: number;
  unitsUnmatched: number;
  errors: SyncErrorJson[];
}

export interface RunResult {
  status: SyncStatus;
  unitsRead: number;
  unitsChanged: number;
  unitsUnmatched: number;
  errors: SyncErrorJson[];
}

/** jsonb read as text: the CamelCase plugin would rename the keys inside (lot_code → lotCode). */
const parseJson = <T>(text: string | null): T | null => (text === null ? null : (JSON.parse(text) as T));

/** Every SQL of the integration feature. */
export function createIntegrationRepo(db: Db) {
  const runColumns = [
    'id',
    'customerId',
    'erp',
    'trigger',
    'status',
    'queuedAt',
    'startedAt',
    'finishedAt',
    'unitsRead',
    'unitsChanged',
    'unitsUnmatched',
    sql<string>`errors::text`.as('errorsText'),
  ] as const;

  const toRun = ({
    errorsText,
    ...row
  }: Omit<SyncRunRow, 'errors'> & { errorsText: string }): SyncRunRow => ({
    ...row,
    errors: parseJson<SyncErrorJson[]>(errorsText) ?? [],
  });

  return {
    async customerExists(customerId: number): Promise<boolean> {
      const row = await db
        .selectFrom('customers')
        .select('id')
        .where('id', '=', customerId)
        .executeTakeFirst();
      return row !== undefined;
    },

    async config(customerId: number, erp: Erp): Promise<ConfigRow | undefined> {
      return db
        .selectFrom('integrationConfigs')
        .selectAll()
        .where('customerId', '=', customerId)
        .where('erp', '=', erp)
        .executeTakeFirst();
    },

    async configs(customerId: number): Promise<ConfigRow[]> {
      return db.selectFrom('integrationConfigs').selectAll().where('customerId', '=', customerId).execute();
    },

    /** Every completed configuration (the scheduler's list). */
    async completedConfigs(): Promise<ConfigRow[]> {
      return db.selectFrom('integrationConfigs').selectAll().where('completedAt', 'is not', null).execute();
    },

    async saveCredentials(customerId: number, erp: Erp, credentials: Buffer): Promise<ConfigRow> {
      return db
        .insertInto('integrationConfigs')
        .values({ customerId, erp, credentials, credentialsUpdatedAt: new Date() })
        .onConflict((conflict) =>
          conflict
            .columns(['customerId', 'erp'])
            .doUpdateSet({ credentials, credentialsUpdatedAt: new Date() }),
        )
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    /**
     * Every saved credential set, locked until the transaction of `db` ends, for encrypting them again under
     * another key; an advisory lock makes processes starting together do it one after the other.
     */
    async credentialsForRekey(): Promise<{ customerId: number; erp: Erp; credentials: Buffer }[]> {
      await sql`SELECT pg_advisory_xact_lock(4242041)`.execute(db);
      const rows = await db
        .selectFrom('integrationConfigs')
        .select(['customerId', 'erp', 'credentials'])
        .where('credentials', 'is not', null)
        .orderBy('customerId')
        .orderBy('erp')
        .forUpdate()
        .execute();
      return rows.flatMap((row) => (row.credentials ? [{ ...row, credentials: row.credentials }] : []));
    },

    /** Replaces the ciphertext of saved credentials, keeping when they were saved. */
    async replaceCredentialsCiphertext(customerId: number, erp: Erp, credentials: Buffer): Promise<void> {
      await db
        .updateTable('integrationConfigs')
        .set({ credentials })
        .where('customerId', '=', customerId)
        .where('erp', '=', erp)
        .execute();
    },

    /** Saves the notification and marks the wizard completed. */
    async saveNotification(
      customerId: number,
      erp: Erp,
      email: string,
      frequency: number,
    ): Promise<ConfigRow> {
      const values = { notificationEmail: email, notificationFrequency: frequency, completedAt: new Date() };
      return db
        .insertInto('integrationConfigs')
        .values({ customerId, erp, ...values })
        .onConflict((conflict) => conflict.columns(['customerId', 'erp']).doUpdateSet(values))
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    async markNotified(customerId: number, erp: Erp, at: Date): Promise<void> {
      await db
        .updateTable('integrationConfigs')
        .set({ lastNotifiedAt: at })
        .where('customerId', '=', customerId)
        .where('erp', '=', erp)
        .execute();
    },

    /** The STAGE layers of the projects (for 'Vincular etapa'). */
    async stages(projectIds: readonly number[]): Promise<{ id: number; projectId: number; name: string }[]> {
      if (projectIds.length === 0) return [];
      return db
        .selectFrom('layers')
        .select(['id', 'projectId', 'name'])
        .where('projectId', 'in', projectIds)
        .where('type', '=', 'STAGE')
        .orderBy('name')
        .orderBy('id')
        .execute();
    },

    async walletLinks(projectIds: readonly number[]): Promise<WalletLinkRow[]> {
      if (projectIds.length === 0) return [];
      return db
        .selectFrom('integrationWalletLinks as w')
        .leftJoin('layers as l', 'l.id', 'w.layerId')
        .select(['w.projectId', 'w.customerCode', 'w.layerId', 'l.name as layerName'])
        .where('w.projectId', 'in', projectIds)
        .orderBy('w.projectId')
        .orderBy('w.customerCode')
        .orderBy('w.layerId')
        .execute();
    },

    async replaceWalletLinks(
      projectId: number,
      links: readonly { customerCode: string; layerId: number | null }[],
    ): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('integrationWalletLinks').where('projectId', '=', projectId).execute();
        if (links.length > 0)
          await trx
            .insertInto('integrationWalletLinks')
            .values(links.map((link) => ({ projectId, ...link })))
            .execute();
      });
    },

    /** project id → the ERP it is synchronised from, for the customer. */
    async projectErps(customerId: number): Promise<Map<number, Erp>> {
      const rows = await db
        .selectFrom('integrationProjects')
        .select(['projectId', 'erp'])
        .where('customerId', '=', customerId)
        .execute();
      return new Map(rows.map((row) => [row.projectId, row.erp]));
    },

    /** The projects of `erp` become exactly `projectIds` (a project listed for another ERP moves here). */
    async replaceProjects(customerId: number, erp: Erp, projectIds: readonly number[]): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx
          .deleteFrom('integrationProjects')
          .where('customerId', '=', customerId)
          .where('erp', '=', erp)
          .execute();
        if (projectIds.length > 0)
          await trx
            .insertInto('integrationProjects')
            .values(projectIds.map((projectId) => ({ projectId, customerId, erp })))
            .onConflict((conflict) => conflict.column('projectId').doUpdateSet({ customerId, erp }))
            .execute();
      });
    },

    /** The linked allotments of a customer's ERP with their names (the synchronisation's list). */
    async syncedProjects(customerId: number, erp: Erp): Promise<{ id: number; name: string }[]> {
      return db
        .selectFrom('integrationProjects as i')
        .innerJoin('projects as p', 'p.id', 'i.projectId')
        .select(['p.id', 'p.name'])
        .where('i.customerId', '=', customerId)
        .where('i.erp', '=', erp)
        .where('p.customerId', '=', customerId)
        .where('p.projectType', '=', 'ALLOTMENT')
        .where('p.archivedAt', 'is', null)
        .orderBy('p.id')
        .execute();
    },

    async mappings(customerId: number): Promise<{
      unitFields: Record<string, string> | null;
      salesStatus: Record<string, number | null> | null;
    }> {
      const row = await db
        .selectFrom('integrationMappings')
        .select([
          sql<string | null>`unit_fields::text`.as('unitFields'),
          sql<string | null>`sales_status::text`.as('salesStatus'),
        ])
        .where('customerId', '=', customerId)
        .executeTakeFirst();
      return {
        unitFields: parseJson(row?.unitFields ?? null),
        salesStatus: parseJson(row?.salesStatus ?? null),
      };
    },

    async saveUnitFields(customerId: number, fields: Record<string, string>): Promise<void> {
      const unitFields = JSON.stringify(fields);
      await db
        .insertInto('integrationMappings')
        .values({ customerId, unitFields })
        .onConflict((conflict) => conflict.column('customerId').doUpdateSet({ unitFields }))
        .execute();
    },

    async saveSalesStatus(customerId: number, mapping: Record<string, number | null>): Promise<void> {
      const salesStatus = JSON.stringify(mapping);
      await db
        .insertInto('integrationMappings')
        .values({ customerId, salesStatus })
        .onConflict((conflict) => conflict.column('customerId').doUpdateSet({ salesStatus }))
        .execute();
    },

    /** A new queued run, or the customer's ERP's run already queued or running (at most one, by index). */
    async queueRun(
      customerId: number,
      erp: Erp,
      trigger: SyncTrigger,
    ): Promise<{ run: SyncRunRow; created: boolean }> {
      const inserted = await db
        .insertInto('integrationSyncRuns')
        .values({ customerId, erp, trigger })
        .onConflict((conflict) =>
          conflict.columns(['customerId', 'erp']).where('status', 'in', ['queued', 'running']).doNothing(),
        )
        .returning(runColumns)
        .executeTakeFirst();
      if (inserted) return { run: toRun(inserted), created: true };
      const pending = await db
        .selectFrom('integrationSyncRuns')
        .select(runColumns)
        .where('customerId', '=', customerId)
        .where('erp', '=', erp)
        .where('status', 'in', ['queued', 'running'])
        .executeTakeFirstOrThrow();
      return { run: toRun(pending), created: false };
    },

    async run(id: number): Promise<SyncRunRow | undefined> {
      const row = await db
        .selectFrom('integrationSyncRuns')
        .select(runColumns)
        .where('id', '=', id)
        .executeTakeFirst();
      return row && toRun(row);
    },

    async runs(customerId: number, erp: Erp | undefined, limit: number): Promise<SyncRunRow[]> {
      let query = db
        .selectFrom('integrationSyncRuns')
        .select(runColumns)
        .where('customerId', '=', customerId);
      if (erp) query = query.where('erp', '=', erp);
      const rows = await query.orderBy('queuedAt', 'desc').orderBy('id', 'desc').limit(limit).execute();
      return rows.map(toRun);
    },

    /** Finished runs of a customer's ERP after `since` (the notification e-mail's summary). */
    async finishedSince(customerId: number, erp: Erp, since: Date | null): Promise<SyncRunRow[]> {
      let query = db
        .selectFrom('integrationSyncRuns')
        .select(runColumns)
        .where('customerId', '=', customerId)
        .where('erp', '=', erp)
        .where('finishedAt', 'is not', null);
      if (since) query = query.where('finishedAt', '>', since);
      return (await query.orderBy('finishedAt').execute()).map(toRun);
    },

    /** The last queued or finished run per ERP of the customer. */
    async latestRuns(customerId: number): Promise<SyncRunRow[]> {
      const rows = await db
        .selectFrom('integrationSyncRuns')
        .select(runColumns)
        .distinctOn('erp')
        .where('customerId', '=', customerId)
        .orderBy('erp')
        .orderBy('queuedAt', 'desc')
        .orderBy('id', 'desc')
        .execute();
      return rows.map(toRun);
    },

    async lastFinished(customerId: number): Promise<Map<Erp, Date>> {
      const rows = await db
        .selectFrom('integrationSyncRuns')
        .select(['erp', (eb) => eb.fn.max('finishedAt').as('finishedAt')])
        .where('customerId', '=', customerId)
        .groupBy('erp')
        .execute();
      return new Map(
        rows.flatMap((row) => (row.finishedAt ? [[row.erp, new Date(row.finishedAt)] as const] : [])),
      );
    },

    /** Runs still queued or running since before `before`: their process died; they end as failed. */
    async failStaleRuns(before: Date, message: string): Promise<number> {
      const rows = await db
        .updateTable('integrationSyncRuns')
        .set({
          status: 'failed',
          finishedAt: new Date(),
          errors: JSON.stringify([{ project_id: null, project_name: null, customer_code: null, message }]),
        })
        .where('status', 'in', ['queued', 'running'])
        .where((eb) => eb(eb.fn.coalesce('startedAt', 'queuedAt'), '<', before))
        .returning('id')
        .execute();
      return rows.length;
    },

    async markRunning(id: number): Promise<void> {
      await db
        .updateTable('integrationSyncRuns')
        .set({ status: 'running', startedAt: new Date() })
        .where('id', '=', id)
        .execute();
    },

    async finishRun(id: number, result: RunResult): Promise<SyncRunRow> {
      const row = await db
        .updateTable('integrationSyncRuns')
        .set({
          status: result.status,
          finishedAt: new Date(),
          unitsRead: result.unitsRead,
          unitsChanged: result.unitsChanged,
          unitsUnmatched: result.unitsUnmatched,
          errors: JSON.stringify(result.errors),
        })
        .where('id', '=', id)
        .returning(runColumns)
        .executeTakeFirstOrThrow();
      return toRun(row);
    },
  };
}

export type IntegrationRepo = ReturnType<typeof createIntegrationRepo>;
