export { createAlertsRepo } from './alerts.repo';
export { createAlertSourcesRepo } from './alert-sources.repo';
export { createAlertsService, type AlertsTransaction } from './alerts.service';
export { registerAlertRoutes } from './alerts.routes';
export { alertsJobs, transactionalMail } from './alerts.jobs';
export { createUnsubscribeTokens } from './unsubscribe-token';
