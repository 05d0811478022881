import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { scheduledReportsApi, type ReportScheduleInput } from '@mirante/shared';
import { callApi } from '../../shared/api/callApi';

const schedulesKey = (projectId: number) => ['report-schedules', projectId] as const;

export function useReportSchedules(projectId: number, enabled: boolean) {
  return useQuery({
    queryKey: schedulesKey(projectId),
    queryFn: () => callApi(scheduledReportsApi.listReportSchedules, { params: { id: projectId } }),
    enabled,
    // While a report is being sent, its outcome is read again every 2 s.
    refetchInterval: (query) =>
      query.state.data?.schedules.some(
        (s) => s.last_run?.state === 'queued' || s.last_run?.state === 'sending',
      )
        ? 2000
        : false,
  });
}

function useRefresh(projectId: number) {
  const client = useQueryClient();
  return () => void client.invalidateQueries({ queryKey: schedulesKey(projectId) });
}

export function useSaveReportSchedule(projectId: number) {
  const refresh = useRefresh(projectId);
  return useMutation({
    mutationFn: ({ scheduleId, body }: { scheduleId: number | null; body: ReportScheduleInput }) =>
      scheduleId === null
        ? callApi(scheduledReportsApi.createReportSchedule, { params: { id: projectId }, body })
        : callApi(scheduledReportsApi.updateReportSchedule, { params: { id: projectId, scheduleId }, body }),
    onSuccess: refresh,
  });
}

export function useDeleteReportSchedule(projectId: number) {
  const refresh = useRefresh(projectId);
  return useMutation({
    mutationFn: (scheduleId: number) =>
      callApi(scheduledReportsApi.deleteReportSchedule, { params: { id: projectId, scheduleId } }),
    onSuccess: refresh,
  });
}

export function useSendReportNow(projectId: number) {
  const refresh = useRefresh(projectId);
  return useMutation({
    mutationFn: (scheduleId: number) =>
      callApi(scheduledReportsApi.sendReportNow, { params: { id: projectId, scheduleId } }),
    onSuccess: refresh,
  });
}
