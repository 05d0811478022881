import { DownloadOutlined } from '@ant-design/icons';
import { Alert, Button, Progress, Space, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { TIMELAPSE_FORMATS, type TimelapseExportBody, type TimelapseFormat } from '@mirante/shared';
import { downloadAttachment } from '../../../shared/download/download';
import { useStartTimelapseExport, useTimelapseExport, useTimelapseFormats } from '../api';
import { exportFileUrl } from '../model/timelapseUrls';

export interface TimelapseExportButtonsProps {
  projectId: number;
  apiToken: string;
  /** The request without its format (view, lot, range, clouds, frame time); null: nothing to export. */
  request: Omit<TimelapseExportBody, 'format'> | null;
}

const FAILED_DOWNLOAD = 'Não foi possível baixar o arquivo. Tente novamente.';

/**
 * 'WebP animado' / 'GIF animado' / 'Vídeo MP4' (when the server can write it; else disabled, with the server's
 * reason beside it): asks the server for the file, shows its progress and downloads it when ready. */
export function TimelapseExportButtons({ projectId, apiToken, request }: TimelapseExportButtonsProps) {
  const start = useStartTimelapseExport(projectId);
  const formats = useTimelapseFormats();
  // Until the server says, only the formats sharp always writes are offered.
  const availability = (format: TimelapseFormat) =>
    formats.data?.find((item) => item.format === format) ??
    (format === 'mp4' ? { available: false, reason: null } : { available: true, reason: null });
  const reasons = (Object.keys(TIMELAPSE_FORMATS) as TimelapseFormat[]).flatMap(
    (format) => availability(format).reason ?? [],
  );
  const [exportId, setExportId] = useState<number | null>(null);
  const status = useTimelapseExport(exportId);
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const downloaded = useRef<number | null>(null);
  const item = status.data;

  const download = (id: number) => {
    setDownloadError(null);
    downloadAttachment(exportFileUrl(id, apiToken)).catch((error: unknown) =>
      setDownloadError((error instanceof Error && error.message) || FAILED_DOWNLOAD),
    );
  };

  useEffect(() => {
    if (item?.status === 'ready' && downloaded.current !== item.id) {
      downloaded.current = item.id;
      download(item.id);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- download() only reads the token, which does not change while the dialog is open
  }, [item?.status, item?.id]);

  const running = start.isPending || item?.status === 'queued' || item?.status === 'processing';
  const ask = (format: TimelapseFormat) => {
    if (!request) return;
    setExportId(null);
    setDownloadError(null);
    start.mutate({ ...request, format }, { onSuccess: (created) => setExportId(created.id) });
  };

  return (
    <div className="timelapse-export" data-testid="timelapse-export">
      {/* The label on its own line: beside it the three buttons did not fit the dialog's width at 1366 × 768. */}
      <Typography.Text strong className="timelapse-export-label">
        Exportar animação:
      </Typography.Text>
      <Space wrap>
        {(Object.keys(TIMELAPSE_FORMATS) as TimelapseFormat[]).map((format) => (
          <Button
            key={format}
            icon={<DownloadOutlined aria-hidden />}
            disabled={!request || running || !availability(format).available}
            onClick={() => ask(format)}
          >
            {TIMELAPSE_FORMATS[format].label}
          </Button>
        ))}
      </Space>
      {reasons.map((reason) => (
        <Typography.Paragraph key={reason} type="secondary" className="timelapse-export-unavailable">
          {reason}
        </Typography.Paragraph>
      ))}
      {item && (
        <div
          className="timelapse-export-status"
          data-testid="timelapse-export-status"
          data-status={item.status}
        >
          {item.status !== 'failed' && (
            <Progress
              percent={item.progress}
              size="small"
              status={item.status === 'ready' ? 'success' : 'active'}
              aria-label="Progresso da exportação"
            />
          )}
          <Typography.Text type="secondary">
            {item.status === 'queued' && `Na fila: ${item.frames} quadro(s)…`}
            {item.status === 'processing' && `Gerando ${item.frames} quadro(s)…`}
            {item.status === 'ready' && (
              <>
                Pronto: {item.file_name}{' '}
                <Button type="link" size="small" onClick={() => download(item.id)}>
                  Baixar novamente
                </Button>
              </>
            )}
          </Typography.Text>
          {item.status === 'failed' && <Alert type="error" showIcon message={item.error} />}
        </div>
      )}
      {start.isError && <Alert type="error" showIcon message={start.error.message} />}
      {status.isError && <Alert type="error" showIcon message={status.error.message} />}
      {downloadError && <Alert type="error" showIcon message={downloadError} />}
    </div>
  );
}
