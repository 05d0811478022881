import { MinusOutlined, PauseOutlined, PlusOutlined, ReloadOutlined, SyncOutlined } from '@ant-design/icons';
import { Alert, Button, Progress, Space, Tooltip } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { MODEL_3D } from '../../model3d/limits';
import { createModelStage, type ModelStage } from '../../model3d/modelStage';

export const MODEL_3D_MESSAGES = {
  loading: 'Carregando mapa 3d...',
  failed: 'Ops, ocorreu algum erro ao carregar o mapa',
} as const;

type LoadState = { kind: 'loading'; percent: number | null } | { kind: 'ready' } | { kind: 'error' };

/** The three.js model viewer (lazy chunk): loading percentage, error, rotation and zoom controls. */
export default function Model3dViewer({ url }: { url: string }) {
  const container = useRef<HTMLDivElement>(null);
  const stage = useRef<ModelStage | null>(null);
  const [state, setState] = useState<LoadState>({ kind: 'loading', percent: 0 });
  const [rotating, setRotating] = useState(true);

  useEffect(() => {
    if (!container.current) return;
    stage.current = createModelStage(container.current, url, {
      onProgress: (percent) =>
        setState((now) => (now.kind === 'loading' ? { kind: 'loading', percent } : now)),
      onLoaded: () => setState({ kind: 'ready' }),
      onError: () => setState({ kind: 'error' }),
    });
    return () => {
      stage.current?.dispose();
      stage.current = null;
    };
  }, [url]);

  const toggleRotation = () => {
    stage.current?.setAutoRotate(!rotating);
    setRotating(!rotating);
  };

  return (
    <div className="model3d" data-testid="model3d">
      <div ref={container} className="model3d__canvas" data-testid="model3d-canvas" data-state={state.kind} />
      {state.kind === 'loading' && (
        <div className="model3d__overlay" data-testid="model3d-loading">
          <span>{MODEL_3D_MESSAGES.loading}</span>
          <Progress
            type="circle"
            size={72}
            percent={state.percent ?? 0}
            format={(percent) => (state.percent === null ? '…' : `${percent ?? 0}%`)}
          />
        </div>
      )}
      {state.kind === 'error' && (
        <div className="model3d__overlay">
          <Alert type="error" showIcon message={MODEL_3D_MESSAGES.failed} />
        </div>
      )}
      {state.kind !== 'error' && (
        <Space className="model3d__controls" size={4}>
          <Tooltip title={rotating ? 'Parar rotação' : 'Girar'}>
            <Button
              aria-label={rotating ? 'Parar rotação' : 'Girar'}
              icon={rotating ? <PauseOutlined aria-hidden /> : <SyncOutlined aria-hidden />}
              onClick={toggleRotation}
            />
          </Tooltip>
          <Tooltip title="Aproximar">
            <Button
              aria-label="Aproximar modelo"
              icon={<PlusOutlined aria-hidden />}
              onClick={() => stage.current?.zoom(1 / MODEL_3D.zoomStep)}
            />
          </Tooltip>
          <Tooltip title="Afastar">
            <Button
              aria-label="Afastar modelo"
              icon={<MinusOutlined aria-hidden />}
              onClick={() => stage.current?.zoom(MODEL_3D.zoomStep)}
            />
          </Tooltip>
          <Tooltip title="Restaurar vista">
            <Button
              aria-label="Restaurar vista"
              icon={<ReloadOutlined aria-hidden />}
              onClick={() => stage.current?.reset()}
            />
          </Tooltip>
        </Space>
      )}
    </div>
  );
}
