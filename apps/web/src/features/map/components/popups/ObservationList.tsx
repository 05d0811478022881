import { DeleteOutlined } from '@ant-design/icons';
import { Button, Collapse, Image, List, Popconfirm, notification } from 'antd';
import { displayDate, MAP_MESSAGES, type Observation } from '@mirante/shared';
import { ApiError } from '../../../../shared/api/ApiError';
import { useDeleteObservation } from '../../api';
import { ObservationForm } from './ObservationForm';

export interface ObservationListProps {
  layerId: number;
  observations: readonly Observation[];
  apiToken: string;
}

/** Observations with photos; the form is collapsible and always open while the list is empty. */
export function ObservationList({ layerId, observations, apiToken }: ObservationListProps) {
  const remove = useDeleteObservation(layerId);
  const onDelete = async (id: number) => {
    try {
      await remove.mutateAsync(id);
      notification.success({ message: MAP_MESSAGES.obsRemoved });
    } catch (error) {
      notification.error({
        message: MAP_MESSAGES.obsDeleteFailed,
        description: error instanceof ApiError ? error.message : MAP_MESSAGES.requestFailed,
      });
    }
  };
  const form = <ObservationForm layerId={layerId} onSaved={() => undefined} />;
  return (
    <div data-testid="observations">
      {observations.length === 0 ? (
        form
      ) : (
        <>
          <List
            size="small"
            dataSource={[...observations]}
            renderItem={(item) => (
              <List.Item
                data-testid="observation"
                actions={
                  item.created_by_me
                    ? [
                        <Popconfirm
                          key="delete"
                          title="Remover esta observação?"
                          okText="Remover"
                          cancelText="Cancelar"
                          onConfirm={() => void onDelete(item.id)}
                        >
                          <Button
                            size="small"
                            danger
                            icon={<DeleteOutlined aria-hidden />}
                            aria-label="Remover observação"
                          />
                        </Popconfirm>,
                      ]
                    : []
                }
              >
                <List.Item.Meta
                  title={`${displayDate(item.date)} — ${item.created_by ?? 'Usuário removido'}`}
                  description={item.description}
                />
                <Image.PreviewGroup>
                  {item.photos.map((url) => (
                    <Image
                      key={url}
                      width={48}
                      height={48}
                      src={`${url}?api_token=${encodeURIComponent(apiToken)}`}
                    />
                  ))}
                </Image.PreviewGroup>
              </List.Item>
            )}
          />
          <Collapse size="small" items={[{ key: 'new', label: 'Nova observação', children: form }]} />
        </>
      )}
    </div>
  );
}
