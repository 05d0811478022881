import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { alertsApi, scheduledReportsApi, type AlertPreferenceBody } from '@mirante/shared';
import { callApi } from '../../shared/api/callApi';

const ALERTS_KEY = ['alerts'] as const;
const PREFERENCES_KEY = ['alerts', 'preferences'] as const;
/** The bell looks for new alerts this often while the app is open. */
const BELL_REFRESH_MS = 60_000;

export function useAlerts() {
  return useQuery({
    queryKey: ALERTS_KEY,
    queryFn: () => callApi(alertsApi.listAlerts),
    refetchInterval: BELL_REFRESH_MS,
  });
}

export function useReadAlerts() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (ids?: number[]) => callApi(alertsApi.readAlerts, { body: ids ? { ids } : {} }),
    onSuccess: () => void client.invalidateQueries({ queryKey: ALERTS_KEY, exact: true }),
  });
}

export function useAlertPreferences() {
  return useQuery({ queryKey: PREFERENCES_KEY, queryFn: () => callApi(alertsApi.listAlertPreferences) });
}

export function useSaveAlertPreference() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ projectId, body }: { projectId: number; body: AlertPreferenceBody }) =>
      callApi(alertsApi.saveAlertPreference, { params: { project_id: projectId }, body }),
    onSuccess: () => void client.invalidateQueries({ queryKey: PREFERENCES_KEY }),
  });
}

/** The e-mails a signed unsubscribe link stops: a project's alerts, or one scheduled report. */
export type UnsubscribeKind = 'alerts' | 'report';

const UNSUBSCRIBE_ENDPOINTS = {
  alerts: alertsApi.unsubscribeAlerts,
  report: scheduledReportsApi.unsubscribeReport,
} as const;

export function useUnsubscribe(kind: UnsubscribeKind) {
  return useMutation({
    mutationFn: (token: string) => callApi(UNSUBSCRIBE_ENDPOINTS[kind], { query: { token } }),
  });
}
