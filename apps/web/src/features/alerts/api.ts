import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { alertsApi, type AlertPreferenceBody } from '@mirante/shared';
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

export function useUnsubscribe() {
  return useMutation({
    mutationFn: (token: string) => callApi(alertsApi.unsubscribeAlerts, { query: { token } }),
  });
}
