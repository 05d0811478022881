import { scheduledReportsApi } from '@mirante/shared';
import type { Router } from '../../http/route';
import type { ScheduledReportsService } from './scheduled-reports.service';

export function registerScheduledReportRoutes(route: Router, reports: ScheduledReportsService): void {
  route(scheduledReportsApi.listReportSchedules, ({ user, params }) => reports.list(user, params.id));
  route(scheduledReportsApi.createReportSchedule, ({ user, params, body }) =>
    reports.create(user, params.id, body),
  );
  route(scheduledReportsApi.updateReportSchedule, ({ user, params, body }) =>
    reports.update(user, params.id, params.scheduleId, body),
  );
  route(scheduledReportsApi.deleteReportSchedule, ({ user, params }) =>
    reports.remove(user, params.id, params.scheduleId),
  );
  route(scheduledReportsApi.sendReportNow, ({ user, params }) =>
    reports.sendNow(user, params.id, params.scheduleId),
  );
  route(scheduledReportsApi.unsubscribeReport, ({ query }) => reports.unsubscribe(query.token));
}
