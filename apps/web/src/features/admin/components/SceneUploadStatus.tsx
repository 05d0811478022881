import { useEffect, useRef } from 'react';
import { Alert, Button, Progress } from 'antd';
import { useProjects } from '../../projects/api';
import { useSceneIngest } from '../api';
import { ImageAiPanel, IMAGE_AI_TEXTS } from '../first-steps/ImageAiPanel';
import { useOpenProjectMap } from '../first-steps/useOpenProjectMap';

export interface UploadState {
  /** 0–100 while the file travels. */
  percent: number;
  projectId: number | null;
  sceneId: number | null;
  /** ★ The elevation model sent after the scene, when one was chosen. */
  dsm: { percent: number; error: string | null } | null;
}

const STATUS_TEXT = {
  queued: 'Na fila de processamento…',
  processing: 'Processando a imagem (tiles)…',
  ready: 'Imagem processada e pronta.',
  failed: 'Falha no processamento da imagem',
} as const;

/**
 * The upload's progress, then the ingest's state and progress polled until ready or failed; a ready image of an
 * allotment goes on to the AI from here, any other to its map.
 */
export function SceneUploadStatus({ state }: { state: UploadState }) {
  const ingest = useSceneIngest(state.projectId, state.sceneId);
  const scene = ingest.data;
  const project = useProjects().data?.find((item) => item.id === state.projectId) ?? null;
  const openMap = useOpenProjectMap();
  const root = useRef<HTMLDivElement>(null);
  const phase = `${state.sceneId ?? ''}:${scene?.status ?? ''}:${state.dsm ? 'dsm' : ''}`;
  // The status sits below the form: brought into view as it starts and as it grows, even on a 768 px screen.
  useEffect(() => {
    root.current?.scrollIntoView?.({ block: 'nearest' });
  }, [phase]);

  return (
    <div className="admin-upload-status" aria-live="polite" ref={root}>
      <div className="admin-upload-status__label">Envio do arquivo</div>
      <Progress percent={state.percent} aria-label="Envio do arquivo" />
      {state.dsm && (
        <>
          <div className="admin-upload-status__label">Envio do modelo de elevação</div>
          <Progress
            percent={state.dsm.percent}
            status={state.dsm.error ? 'exception' : undefined}
            aria-label="Envio do modelo de elevação"
          />
          {state.dsm.error && <Alert type="error" showIcon title={state.dsm.error} />}
        </>
      )}
      {state.sceneId !== null && (
        <>
          <div className="admin-upload-status__label" data-testid="scene-ingest-status">
            {scene ? STATUS_TEXT[scene.status] : 'Consultando o processamento…'}
          </div>
          <Progress
            percent={scene?.progress ?? 0}
            status={
              scene?.status === 'failed' ? 'exception' : scene?.status === 'ready' ? 'success' : 'active'
            }
            aria-label="Processamento da imagem"
          />
          {scene?.status === 'failed' && (
            <Alert type="error" showIcon title={`${STATUS_TEXT.failed}: ${scene.errorMessage ?? ''}`} />
          )}
          {scene?.status === 'ready' &&
            project &&
            (project.projectType === 'ALLOTMENT' ? (
              <ImageAiPanel project={project} sceneId={scene.id} />
            ) : (
              <Button type="primary" onClick={() => openMap(project)}>
                {IMAGE_AI_TEXTS.openImageMap}
              </Button>
            ))}
        </>
      )}
    </div>
  );
}
