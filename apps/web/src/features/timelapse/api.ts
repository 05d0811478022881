import { useMutation, useQuery } from '@tanstack/react-query';
import { timelapseApi, type TimelapseExport, type TimelapseExportBody } from '@mirante/shared';
import { callApi } from '../../shared/api/callApi';
import { JOB_PROGRESS_POLL_MS } from '../../shared/api/jobProgress';

/** The formats the server writes now (MP4 only where it has ffmpeg), and why one is not offered. */
export function useTimelapseFormats() {
  return useQuery({
    queryKey: ['timelapse', 'formats'],
    queryFn: () => callApi(timelapseApi.formats, {}),
    staleTime: Infinity,
  });
}

/** Asks the server for an animated WebP/GIF or an MP4 of the timelapse. */
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
