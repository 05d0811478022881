import type { ColumnType, Generated } from 'kysely';

type Moment = ColumnType<Date, Date | string | undefined, Date | string>;
type MaybeMoment = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

export type ReportFrequency = 'weekly' | 'monthly';
export type ReportRunKind = 'scheduled' | 'now';
export type ReportRunState = 'queued' | 'sending' | 'sent' | 'failed';

/** Migration 202612071630: a project's e-mailed report, weekly or monthly. */
export interface ReportSchedulesTable {
  id: Generated<number>;
  projectId: number;
  frequency: ReportFrequency;
  day: number;
  createdBy: number | null;
  createdAt: ColumnType<Date, Date | string | undefined, never>;
  updatedAt: Moment;
  nextRunAt: Moment;
  /** YYYY-MM-DD (read as text). */
  lastStatusDate: ColumnType<string | null, string | null | undefined, string | null>;
  lastSentAt: MaybeMoment;
}

export interface ReportScheduleRecipientsTable {
  scheduleId: number;
  userId: number;
}

export interface ReportRunsTable {
  id: Generated<number>;
  scheduleId: number;
  kind: ReportRunKind;
  dueAt: Moment;
  state: ColumnType<ReportRunState, ReportRunState | undefined, ReportRunState>;
  requestedBy: number | null;
  statusDate: ColumnType<string | null, string | null | undefined, string | null>;
  sentCount: ColumnType<number, number | undefined, number>;
  skippedCount: ColumnType<number, number | undefined, number>;
  error: string | null;
  createdAt: ColumnType<Date, Date | string | undefined, never>;
  startedAt: MaybeMoment;
  finishedAt: MaybeMoment;
}

/** Migration 202612072101: one row per run and recipient whose e-mail was queued (in the same transaction). */
export interface ReportDeliveriesTable {
  runId: number;
  userId: number;
  queuedAt: ColumnType<Date, Date | string | undefined, never>;
}
