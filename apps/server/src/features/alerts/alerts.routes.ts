import { alertsApi } from '@mirante/shared';
import type { Router } from '../../http/route';
import type { AlertsService } from './alerts.service';

export function registerAlertRoutes(route: Router, alerts: AlertsService): void {
  route(alertsApi.listAlerts, async ({ user }) => alerts.list(user));
  route(alertsApi.readAlerts, async ({ user, body }) => alerts.markRead(user, body.ids));
  route(alertsApi.listAlertPreferences, async ({ user }) => alerts.preferences(user));
  route(alertsApi.saveAlertPreference, async ({ user, params, body }) =>
    alerts.savePreference(user, params.project_id, body),
  );
  route(alertsApi.unsubscribeAlerts, async ({ query }) => alerts.unsubscribe(query.token));
}
