import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { Button, Popconfirm, Space, Tooltip } from 'antd';
import { INSPECTION_MESSAGES, type Inspection } from '@mirante/shared';
import { useFeedback } from '../../../shared/feedback/useFeedback';
import { useDestroyInspection } from '../api';

/** Edit and remove (after the construction pages confirmation) for one inspection. */
export function InspectionActions({
  projectId,
  inspection,
  onEdit,
}: {
  projectId: number;
  inspection: Inspection;
  onEdit(inspection: Inspection): void;
}) {
  const message = useFeedback();
  const destroy = useDestroyInspection(projectId);
  const remove = () =>
    destroy.mutate(inspection.id, {
      onSuccess: () => void message.success(INSPECTION_MESSAGES.removed),
      onError: () => void message.error(INSPECTION_MESSAGES.removeFailed),
    });
  return (
    <Space size={4}>
      <Tooltip title="Editar">
        <Button
          type="text"
          icon={<EditOutlined aria-hidden />}
          aria-label="Editar vistoria"
          onClick={() => onEdit(inspection)}
        />
      </Tooltip>
      <Popconfirm
        title={INSPECTION_MESSAGES.removeConfirm}
        okText="Remover"
        cancelText="Cancelar"
        okButtonProps={{ danger: true }}
        onConfirm={remove}
      >
        <Button
          type="text"
          danger
          icon={<DeleteOutlined aria-hidden />}
          aria-label="Remover vistoria"
          loading={destroy.isPending}
        />
      </Popconfirm>
    </Space>
  );
}
