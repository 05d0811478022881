import { Alert, Button, Popconfirm, Table } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { MAP_MESSAGES, OVERLAY_MESSAGES, type Overlay } from '@mirante/shared';
import { useCurrentProject } from '../../projects/ProjectContext';
import { useFeedback } from '../../../shared/feedback/useFeedback';
import { useDestroyOverlay, useOverlays } from '../api';
import { OverlayWizard } from '../components/OverlayWizard';
import '../overlays.css';

/** Sobreposições (module construction.overlays): code, name, remove; 'Criar sobreposição'. */
export default function OverlaysPage() {
  const project = useCurrentProject();
  const overlays = useOverlays(project.id);
  const destroy = useDestroyOverlay(project.id);
  const feedback = useFeedback();
  const [creating, setCreating] = useState(false);

  const remove = async (overlay: Overlay) => {
    try {
      await destroy.mutateAsync(overlay.id);
      feedback.success(OVERLAY_MESSAGES.removed);
    } catch (error) {
      feedback.error(`${OVERLAY_MESSAGES.removeFailed}: ${(error as Error).message}`);
    }
  };

  return (
    <div className="overlays-page" data-testid="overlays-page">
      <div className="overlays-page__header">
        <h1 className="overlays-page__title">Sobreposições</h1>
        <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setCreating(true)}>
          Criar sobreposição
        </Button>
      </div>
      {overlays.isError ? (
        <Alert type="error" showIcon message={OVERLAY_MESSAGES.listFailed} />
      ) : (
        <Table<Overlay>
          rowKey="id"
          size="middle"
          loading={overlays.isPending}
          dataSource={overlays.data ?? []}
          pagination={false}
          locale={{ emptyText: MAP_MESSAGES.noRecords }}
          columns={[
            { title: 'Código', dataIndex: 'id', width: 120 },
            { title: 'Nome', dataIndex: 'name' },
            {
              title: 'Ações',
              width: 120,
              render: (_, overlay) => (
                <Popconfirm
                  title={OVERLAY_MESSAGES.confirmRemove}
                  okText="Remover"
                  cancelText="Cancelar"
                  onConfirm={() => remove(overlay)}
                >
                  <Button
                    type="text"
                    danger
                    icon={<DeleteOutlined aria-hidden />}
                    aria-label={`Remover ${overlay.name}`}
                  />
                </Popconfirm>
              ),
            },
          ]}
        />
      )}
      {creating && <OverlayWizard projectId={project.id} onClose={() => setCreating(false)} />}
    </div>
  );
}
