/** The scheduled reports feature's public entry. */
export { registerScheduledReportRoutes } from './scheduled-reports.routes';
export { scheduledReportJobs } from './scheduled-reports.jobs';
