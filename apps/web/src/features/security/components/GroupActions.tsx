import { Button, Popconfirm, Space, Tooltip } from 'antd';
import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { SECURITY_MESSAGES, type Group } from '@mirante/shared';
import { useDeleteGroup } from '../api';
import { errorText } from '../errorText';
import { useFeedback } from '../../../shared/feedback/useFeedback';

/** Edit and delete (after an irreversible-action confirmation) for one row of the groups table. */
export function GroupActions({ group, onEdit }: { group: Group; onEdit(group: Group): void }) {
  const message = useFeedback();
  const remove = useDeleteGroup();

  const confirmDelete = () =>
    remove.mutate(group.id, {
      onSuccess: () => void message.success('Grupo removido com sucesso'),
      onError: (error) => void message.error(errorText(error, SECURITY_MESSAGES.groupDeleteFailed)),
    });

  return (
    <Space size={4}>
      <Tooltip title="Editar">
        <Button
          type="text"
          icon={<EditOutlined aria-hidden />}
          aria-label="Editar grupo"
          onClick={() => onEdit(group)}
        />
      </Tooltip>
      <Popconfirm
        title="Remover grupo"
        description="Tem certeza que deseja remover este grupo? Esta ação não pode ser desfeita."
        okText="Remover"
        cancelText="Cancelar"
        okButtonProps={{ danger: true }}
        onConfirm={confirmDelete}
      >
        <Button
          type="text"
          danger
          icon={<DeleteOutlined aria-hidden />}
          aria-label="Remover grupo"
          loading={remove.isPending}
        />
      </Popconfirm>
    </Space>
  );
}
