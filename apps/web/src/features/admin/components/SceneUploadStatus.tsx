import { Alert, Progress } from 'antd';
import { useSceneIngest } from '../api';

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

/** The upload's progress, then the ingest's state and progress polled until ready or failed. */
export function SceneUploadStatus({ state }: { state: UploadState }) {
  const ingest = useSceneIngest(state.projectId, state.sceneId);
  const scene = ingest.data;

  return (
    <div className="admin-upload-status" aria-live="polite">
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
        </>
      )}
    </div>
  );
}
