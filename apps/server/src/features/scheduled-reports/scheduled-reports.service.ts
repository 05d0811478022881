import {
  SCHEDULED_REPORT_MESSAGES,
  scheduleText,
  type ReportRun,
  type ReportSchedule,
  type ReportScheduleInput,
  type ReportSchedules,
} from '@mirante/shared';
import { notFound, unprocessable } from '../../http/app-error';
import { assertMayScheduleReports, REPORT_RECIPIENT_MODULE } from '../../policies';
import type { SignedUnsubscribe } from '../../mail/unsubscribe-token';
import type { AuthUser } from '../auth';
import type { ProjectsService } from '../projects';
import type { ReportRunner } from './report-runner';
import { nextRunAt } from './schedule-time';
import type { RecipientRow, RunRow, ScheduleRow, ScheduledReportsRepo } from './scheduled-reports.repo';

/** A run still queued this long after its creation lost its job (a crash between the row and the send). */
const ORPHANED_RUN_MINUTES = 10;

function toRun(row: RunRow): ReportRun {
  return {
    id: row.id,
    kind: row.kind,
    state: row.state,
    created_at: row.createdAt.toISOString(),
    finished_at: row.finishedAt?.toISOString() ?? null,
    sent_count: row.sentCount,
    skipped_count: row.skippedCount,
    error: row.error,
  };
}

function toSchedule(
  row: ScheduleRow,
  recipients: RecipientRow[],
  lastRun: RunRow | undefined,
): ReportSchedule {
  return {
    id: row.id,
    project_id: row.projectId,
    frequency: row.frequency,
    day: row.day,
    description: scheduleText(row.frequency, row.day),
    recipients: recipients
      .filter((recipient) => recipient.scheduleId === row.id)
      .map(({ id, name, email }) => ({ id, name, email })),
    next_run_at: row.nextRunAt.toISOString(),
    last_sent_at: row.lastSentAt?.toISOString() ?? null,
    created_by: row.createdByName,
    last_run: lastRun ? toRun(lastRun) : null,
  };
}

export interface ScheduledReportsDeps {
  repo: ScheduledReportsRepo;
  projects: ProjectsService;
  runner: ReportRunner;
  /** The report e-mails' signed links that take their recipient off the schedule. */
  unsubscribe: SignedUnsubscribe;
  /** Where a run goes (pg-boss); absent: sent in this process before answering (tests, scripts). */
  dispatch?: (runId: number) => Promise<void>;
  clock?: () => number;
}

/**
 * Scheduled reports of an allotment: an ADMIN or MANAGER who sees the project (with its detections module)
 * lists, creates, changes and deletes them and sends one now; recipients are the project's active users with the
 * detections module. The due ones are turned into runs by `tick`, run by the report runner.
 */
export function createScheduledReportsService(deps: ScheduledReportsDeps) {
  const { repo } = deps;
  const now = () => new Date(deps.clock?.() ?? Date.now());

  async function reportProject(user: AuthUser, projectId: number) {
    const project = await deps.projects.assertAccess(user, projectId, 'detections');
    if (project.projectType !== 'ALLOTMENT') {
      throw unprocessable('NOT_ALLOTMENT', SCHEDULED_REPORT_MESSAGES.notAllotment);
    }
    assertMayScheduleReports(user);
    return project;
  }

  async function scheduleOf(user: AuthUser, projectId: number, scheduleId: number) {
    await reportProject(user, projectId);
    const row = await repo.find(scheduleId);
    if (!row || row.projectId !== projectId) {
      throw notFound(SCHEDULED_REPORT_MESSAGES.notFound, 'REPORT_SCHEDULE_NOT_FOUND');
    }
    return row;
  }

  async function checkedRecipients(projectId: number, userIds: number[]): Promise<number[]> {
    const candidates = new Set((await repo.candidates(projectId, REPORT_RECIPIENT_MODULE)).map((c) => c.id));
    const unique = [...new Set(userIds)];
    if (unique.some((id) => !candidates.has(id))) {
      throw unprocessable('REPORT_RECIPIENTS_INVALID', SCHEDULED_REPORT_MESSAGES.recipientsInvalid);
    }
    return unique;
  }

  async function view(scheduleId: number): Promise<ReportSchedule> {
    const row = await repo.find(scheduleId);
    if (!row) throw notFound(SCHEDULED_REPORT_MESSAGES.notFound, 'REPORT_SCHEDULE_NOT_FOUND');
    const [recipients, runs] = await Promise.all([repo.recipientsOf([row.id]), repo.lastRuns([row.id])]);
    return toSchedule(row, recipients, runs[0]);
  }

  async function dispatch(runId: number): Promise<void> {
    if (deps.dispatch) await deps.dispatch(runId);
    else await deps.runner.send(runId);
  }

  return {
    async list(user: AuthUser, projectId: number): Promise<ReportSchedules> {
      await reportProject(user, projectId);
      const rows = await repo.listOf(projectId);
      const ids = rows.map((row) => row.id);
      const [recipients, runs, candidates] = await Promise.all([
        repo.recipientsOf(ids),
        repo.lastRuns(ids),
        repo.candidates(projectId, REPORT_RECIPIENT_MODULE),
      ]);
      return {
        schedules: rows.map((row) =>
          toSchedule(
            row,
            recipients,
            runs.find((run) => run.scheduleId === row.id),
          ),
        ),
        candidates,
      };
    },

    async create(user: AuthUser, projectId: number, input: ReportScheduleInput): Promise<ReportSchedule> {
      await reportProject(user, projectId);
      const userIds = await checkedRecipients(projectId, input.user_ids);
      const id = await repo.create({
        projectId,
        frequency: input.frequency,
        day: input.day,
        createdBy: user.id,
        nextRunAt: nextRunAt(input.frequency, input.day, now()),
        userIds,
      });
      return view(id);
    },

    async update(
      user: AuthUser,
      projectId: number,
      scheduleId: number,
      input: ReportScheduleInput,
    ): Promise<ReportSchedule> {
      await scheduleOf(user, projectId, scheduleId);
      const userIds = await checkedRecipients(projectId, input.user_ids);
      await repo.update(scheduleId, {
        frequency: input.frequency,
        day: input.day,
        nextRunAt: nextRunAt(input.frequency, input.day, now()),
        userIds,
      });
      return view(scheduleId);
    },

    async remove(user: AuthUser, projectId: number, scheduleId: number): Promise<{ message: string }> {
      await scheduleOf(user, projectId, scheduleId);
      await repo.remove(scheduleId);
      return { message: SCHEDULED_REPORT_MESSAGES.deleted };
    },

    /** 'Enviar agora': a run of its own, sent to the schedule's recipients; the schedule's dates stay. */
    async sendNow(user: AuthUser, projectId: number, scheduleId: number): Promise<ReportRun> {
      await scheduleOf(user, projectId, scheduleId);
      const run = await repo.createRun(scheduleId, 'now', user.id);
      await dispatch(run.id);
      return toRun((await repo.findRun(run.id)) ?? run);
    },

    /** The scheduled housekeeping: due schedules become runs, and runs whose job was lost are sent again. */
    async tick(): Promise<number> {
      const created = await repo.claimDue(now(), (row) => nextRunAt(row.frequency, row.day, now()));
      const orphaned = await repo.orphanedRuns(ORPHANED_RUN_MINUTES);
      const runs = [...new Set([...created, ...orphaned])];
      for (const runId of runs) await dispatch(runId);
      return runs.length;
    },

    /** The e-mail's signed link: takes its recipient off that schedule (the other recipients keep it). */
    async unsubscribe(token: string): Promise<{ message: string; project_name: string }> {
      const target = deps.unsubscribe.verify(token);
      const schedule = target && (await repo.find(target.targetId));
      const project = schedule && (await repo.project(schedule.projectId));
      if (!target || !schedule || !project)
        throw notFound(SCHEDULED_REPORT_MESSAGES.unsubscribeInvalid, 'UNSUBSCRIBE_INVALID');
      await repo.removeRecipient(schedule.id, target.userId);
      return { message: SCHEDULED_REPORT_MESSAGES.unsubscribed(project.name), project_name: project.name };
    },
  };
}

export type ScheduledReportsService = ReturnType<typeof createScheduledReportsService>;
