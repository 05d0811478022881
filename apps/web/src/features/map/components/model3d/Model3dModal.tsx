import { Modal, Spin } from 'antd';
import { Suspense, lazy } from 'react';
import type { Scene } from '@mirante/shared';
import { model3dUrl } from '../../model3d/limits';
import '../../detections-3d.css';

// three.js is a large chunk: loaded only when a model is opened (never on the login page).
const Model3dViewer = lazy(() => import('./Model3dViewer'));

export interface Model3dModalProps {
  scene: Scene & { map3dUrl: string };
  apiToken: string;
  onClose(): void;
}

/** The 3D model viewer of the shown scene, in a modal. */
export function Model3dModal({ scene, apiToken, onClose }: Model3dModalProps) {
  return (
    <Modal
      open
      title={`Modelo 3D — ${scene.dateFormatted}`}
      width={1000}
      footer={null}
      onCancel={onClose}
      destroyOnHidden
      centered
    >
      <Suspense fallback={<Spin className="model3d__suspense" tip="Carregando mapa 3d..." />}>
        <Model3dViewer url={model3dUrl(scene.map3dUrl, apiToken, window.location.origin)} />
      </Suspense>
    </Modal>
  );
}
