import { useMutation, useQuery } from '@tanstack/react-query';
import { timelapseApi, type TimelapseExport, type TimelapseExportBody } from '@mirante/shared';
import { callApi } from '../../shared/api/callApi';
import { JOB_PROGRESS_POLL_MS } from '../../shared/api/jobProgress';

/** Asks the server for an animated WebP/GIF of the timelapse. */
export function useStartTimelapseExport(projectId: number) {
  return useMutation({
    mutationFn: (body: TimelapseExportBody) =>
      callApi(timelapseApi.startExport, { params: { projectId }, body }),
  });
}

const running = (item: TimelapseExport | undefined) =>
  item !== undefined && (item.status === 'queued' || item.status === 'processing');

/** An export's progress, read again every second while it runs. */
export function useTimelapseExport(exportId: number | null) {
  return useQuery({
    queryKey: ['timelapse', 'export', exportId],
    queryFn: () => callApi(timelapseApi.exportStatus, { params: { id: exportId ?? 0 } }),
    enabled: exportId !== null,
    refetchInterval: (query) => (running(query.state.data) ? JOB_PROGRESS_POLL_MS : false),
  });
}
