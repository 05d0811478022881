import { useEffect, useRef } from 'react';
import { Alert, Button, Progress, Space } from 'antd';
import type { ProjectType } from '@mirante/shared';
import { useAllotmentAnalyses } from '../../allotment-analysis/api';
import { serverReason } from '../messages';
import { useStartAi } from './api';
import { useOpenProjectMap } from './useOpenProjectMap';

export const IMAGE_AI_TEXTS = {
  start: 'Analisar esta imagem com I.A',
  running: 'A I.A está lendo os lotes desta imagem…',
  done: (lots: number) =>
    `Análise concluída: ${lots.toLocaleString('pt-BR')} lotes lidos. As cores já estão no mapa.`,
  failed: 'A análise da I.A falhou. Confira a imagem e tente de novo.',
  startFailed: 'Não foi possível iniciar a análise da I.A:',
  openMap: 'Ver os lotes no mapa',
  openImageMap: 'Ver a imagem no mapa',
} as const;

interface Props {
  project: { id: number; projectType: ProjectType };
  sceneId: number;
}

/**
 * The AI started from the image itself: one click makes the image's analysis (published) and sends it to the
 * AI, then its progress, its end and the way to the coloured map. Allotments only (the AI reads lots).
 */
export function ImageAiPanel({ project, sceneId }: Props) {
  const analyses = useAllotmentAnalyses(project.id);
  const start = useStartAi();
  const openMap = useOpenProjectMap();
  const analysis = analyses.data?.find((row) => row.sceneId === sceneId) ?? null;
  const state = analysis?.processingState ?? 'idle';
  const running = start.isPending || state === 'queued' || state === 'processing';
  const root = useRef<HTMLDivElement>(null);
  // Each new phase (running, done, failed) is brought into view: the panel sits at the foot of long forms.
  useEffect(() => {
    root.current?.scrollIntoView?.({ block: 'nearest' });
  }, [state, running]);

  return (
    <div className="admin-image-ai" data-testid="image-ai" aria-live="polite" ref={root}>
      {state === 'done' ? (
        <Alert
          type="success"
          showIcon
          title={IMAGE_AI_TEXTS.done(analysis?.lotsAnalysed ?? 0)}
          action={
            <Button type="primary" onClick={() => openMap(project)}>
              {IMAGE_AI_TEXTS.openMap}
            </Button>
          }
        />
      ) : running ? (
        <Space direction="vertical" style={{ width: '100%' }}>
          <span>{IMAGE_AI_TEXTS.running}</span>
          <Progress percent={analysis?.progress ?? 0} status="active" aria-label="Análise da I.A" />
        </Space>
      ) : (
        <Space direction="vertical">
          {state === 'failed' && <Alert type="error" showIcon title={IMAGE_AI_TEXTS.failed} />}
          {start.isError && (
            <Alert
              type="error"
              showIcon
              title={`${IMAGE_AI_TEXTS.startFailed} ${serverReason(start.error)}`}
            />
          )}
          <Button
            type="primary"
            onClick={() =>
              start.mutate({ projectId: project.id, sceneId, detectId: analysis?.detectId ?? null })
            }
          >
            {IMAGE_AI_TEXTS.start}
          </Button>
        </Space>
      )}
    </div>
  );
}
