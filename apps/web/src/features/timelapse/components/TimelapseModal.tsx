import { Alert, Modal, Spin } from 'antd';
import type { TimelapseBox } from '@mirante/shared';
import { useProjectScenes } from '../../map/api';
import { TimelapsePlayer } from './TimelapsePlayer';
import '../timelapse.css';

export interface TimelapseModalProps {
  open: boolean;
  onClose(): void;
  projectId: number;
  apiToken: string;
  /** 'Timelapse do lote 12' or 'Timelapse da área visível' */
  title: string;
  playerBox: TimelapseBox;
  exportBox: TimelapseBox;
  lotId: number | null;
}

/** The timelapse player in a dialog (from the lot popup or the map's tools). */
export function TimelapseModal({
  open,
  onClose,
  projectId,
  apiToken,
  title,
  playerBox,
  exportBox,
  lotId,
}: TimelapseModalProps) {
  const scenes = useProjectScenes(projectId);
  return (
    <Modal
      open={open}
      onCancel={onClose}
      footer={null}
      title={title}
      width={Math.max(640, Math.min(playerBox.width + 48, 1000))}
      styles={{ body: { maxHeight: 'calc(100vh - 120px)', overflowY: 'auto' } }}
      destroyOnHidden
      centered
    >
      {scenes.isPending && <Spin />}
      {scenes.isError && <Alert type="error" showIcon message={scenes.error.message} />}
      {scenes.data && (
        <TimelapsePlayer
          projectId={projectId}
          apiToken={apiToken}
          scenes={scenes.data}
          playerBox={playerBox}
          exportBox={exportBox}
          lotId={lotId}
        />
      )}
    </Modal>
  );
}
