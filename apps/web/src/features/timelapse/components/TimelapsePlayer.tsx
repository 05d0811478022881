import {
  CaretRightOutlined,
  PauseOutlined,
  StepBackwardOutlined,
  StepForwardOutlined,
} from '@ant-design/icons';
import {
  Alert,
  Button,
  Checkbox,
  InputNumber,
  Segmented,
  Select,
  Slider,
  Space,
  Spin,
  Typography,
} from 'antd';
import { useCallback, useMemo, useState } from 'react';
import { keptTimelapseScenes, timelapseScenes, type Scene, type TimelapseBox } from '@mirante/shared';
import { useFramePreload } from '../model/useFramePreload';
import { usePlayback } from '../model/usePlayback';
import { frameUrl, SPEEDS } from '../model/timelapseUrls';
import { TimelapseExportButtons } from './TimelapseExportButtons';

export interface TimelapsePlayerProps {
  projectId: number;
  apiToken: string;
  scenes: readonly Scene[];
  /** The player's frames (sized for the dialog). */
  playerBox: TimelapseBox;
  /** The exported file's frames (the same area, at the view's own size). */
  exportBox: TimelapseBox;
  /** The lot followed (outlined and named on every frame), or null for a map view. */
  lotId: number | null;
}

const DEFAULT_MAX_CLOUD = 30;

/**
 * Plays the published scenes in date order over a lot or a view, each frame drawn by the server with its date
 * and the lots' statuses on it: play/pause, step, speed, a date range, and scenes with too many clouds skipped.
 */
export function TimelapsePlayer({
  projectId,
  apiToken,
  scenes,
  playerBox,
  exportBox,
  lotId,
}: TimelapsePlayerProps) {
  const all = useMemo(() => timelapseScenes(scenes), [scenes]);
  const [from, setFrom] = useState<string | undefined>(undefined);
  const [to, setTo] = useState<string | undefined>(undefined);
  const [skipCloudy, setSkipCloudy] = useState(false);
  const [maxCloud, setMaxCloud] = useState<number>(DEFAULT_MAX_CLOUD);
  const [speed, setSpeed] = useState<string>(SPEEDS[1].label);
  const frameMs = SPEEDS.find((option) => option.label === speed)?.frameMs ?? SPEEDS[1].frameMs;
  const maxCloudApplied = skipCloudy ? maxCloud : undefined;
  const kept = useMemo(
    () => keptTimelapseScenes(all, { from, to, max_cloud: maxCloudApplied }),
    [all, from, to, maxCloudApplied],
  );
  const urls = useMemo(
    () => kept.map((scene) => frameUrl(projectId, scene.id, playerBox, lotId, apiToken)),
    [kept, projectId, playerBox, lotId, apiToken],
  );
  const { loaded, failed } = useFramePreload(urls);
  const ready = useCallback((index: number) => loaded.has(urls[index] ?? ''), [loaded, urls]);
  const playback = usePlayback(urls.join('\n'), kept.length, frameMs, ready);
  const scene = kept[playback.index];
  const url = urls[playback.index];
  const withoutCloud = all.filter((item) => item.cloud === null).length;
  const dateOptions = all.map((item) => ({ value: item.isoDate, label: item.dateFormatted }));

  return (
    <div className="timelapse-player" data-testid="timelapse-player">
      <div
        className="timelapse-frame"
        style={{ aspectRatio: `${playerBox.width} / ${playerBox.height}` }}
        data-testid="timelapse-frame"
        data-date={scene?.dateFormatted ?? ''}
        data-loaded={url !== undefined && loaded.has(url) ? 'true' : 'false'}
      >
        {url && <img src={url} alt={`Imagem de ${scene?.dateFormatted ?? ''}`} />}
        {url && !loaded.has(url) && !failed.has(url) && <Spin className="timelapse-frame-spin" />}
        {kept.length === 0 && (
          <Alert
            type="info"
            showIcon
            message="Nenhuma imagem publicada atende aos filtros escolhidos (período e nuvens)."
          />
        )}
      </div>
      {url && failed.has(url) && (
        <Alert type="error" showIcon message="Não foi possível carregar este quadro. Tente novamente." />
      )}
      <div className="timelapse-controls">
        <Space.Compact>
          <Button
            aria-label="Quadro anterior"
            icon={<StepBackwardOutlined aria-hidden />}
            onClick={() => playback.step(-1)}
            disabled={kept.length < 2}
          />
          <Button
            type="primary"
            aria-label={playback.playing ? 'Pausar' : 'Reproduzir'}
            icon={playback.playing ? <PauseOutlined aria-hidden /> : <CaretRightOutlined aria-hidden />}
            onClick={playback.toggle}
            disabled={kept.length < 2}
          >
            {playback.playing ? 'Pausar' : 'Reproduzir'}
          </Button>
          <Button
            aria-label="Próximo quadro"
            icon={<StepForwardOutlined aria-hidden />}
            onClick={() => playback.step(1)}
            disabled={kept.length < 2}
          />
        </Space.Compact>
        <Slider
          className="timelapse-slider"
          min={0}
          max={Math.max(0, kept.length - 1)}
          value={playback.index}
          onChange={(value) => {
            playback.pause();
            playback.go(value);
          }}
          tooltip={{ formatter: (value) => kept[value ?? 0]?.dateFormatted }}
          disabled={kept.length < 2}
          aria-label="Quadro"
        />
        <Typography.Text data-testid="timelapse-position">
          {kept.length === 0 ? '0 / 0' : `${playback.index + 1} / ${kept.length}`} ·{' '}
          {loaded.size < urls.length ? `carregando ${loaded.size}/${urls.length}` : 'carregado'}
        </Typography.Text>
      </div>
      <div className="timelapse-filters">
        <Space wrap size="middle">
          <span>
            Velocidade:{' '}
            <Segmented
              size="small"
              options={SPEEDS.map((option) => option.label)}
              value={speed}
              onChange={(value) => setSpeed(String(value))}
              aria-label="Velocidade"
            />
          </span>
          <span>
            De{' '}
            <Select
              size="small"
              aria-label="Data inicial"
              style={{ width: 120 }}
              allowClear
              placeholder="primeira"
              options={dateOptions}
              value={from}
              onChange={(value?: string) => setFrom(value)}
            />{' '}
            até{' '}
            <Select
              size="small"
              aria-label="Data final"
              style={{ width: 120 }}
              allowClear
              placeholder="última"
              options={dateOptions}
              value={to}
              onChange={(value?: string) => setTo(value)}
            />
          </span>
          <span>
            <Checkbox checked={skipCloudy} onChange={(event) => setSkipCloudy(event.target.checked)}>
              Pular imagens com nuvens acima de
            </Checkbox>
            <InputNumber
              size="small"
              min={0}
              max={100}
              value={maxCloud}
              onChange={(value) => setMaxCloud(value ?? 0)}
              suffix="%"
              aria-label="Nuvens até"
              style={{ width: 80 }}
            />
          </span>
        </Space>
        <Typography.Paragraph type="secondary" className="timelapse-note">
          {kept.length} de {all.length} imagem(ns) publicada(s)
          {from && to && from > to ? ' · a data inicial é posterior à final' : ''}
          {skipCloudy && withoutCloud > 0
            ? ` · ${withoutCloud} sem cobertura de nuvens informada (mantidas)`
            : ''}
        </Typography.Paragraph>
      </div>
      <TimelapseExportButtons
        projectId={projectId}
        apiToken={apiToken}
        request={
          kept.length === 0
            ? null
            : {
                ...exportBox,
                lot_id: lotId ?? undefined,
                from,
                to,
                max_cloud: maxCloudApplied,
                frame_ms: frameMs,
              }
        }
      />
    </div>
  );
}
