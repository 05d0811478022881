/** The scheduled reports feature's public entry. */
export type { ScheduledReportsService } from './scheduled-reports.service';
export type { ReportRunner } from './report-runner';
export { registerScheduledReportRoutes } from './scheduled-reports.routes';
export { scheduledReportJobs } from './scheduled-reports.jobs';
