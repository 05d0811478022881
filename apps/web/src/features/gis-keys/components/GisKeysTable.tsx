import { Button, Popconfirm, Table, Tag, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import type { GisKey } from '@mirante/shared';
import { useFeedback } from '../../../shared/feedback/useFeedback';
import { ListError } from '../../security/components/ListError';
import { serverReason } from '../../admin/messages';
import { useGisKeys, useRevokeGisKey } from '../api';
import { gisKeyStatus, type GisKeyStatus } from '../keyStatus';
import { GIS_KEY_TEXTS } from '../texts';

const STATUS_COLOR: Record<GisKeyStatus, string> = {
  Ativa: 'success',
  Expirada: 'default',
  Revogada: 'error',
};
const day = (iso: string) => dayjs(iso).format('DD/MM/YYYY');
const moment = (iso: string | null) => (iso ? dayjs(iso).format('DD/MM/YYYY HH:mm') : 'Nunca usada');

/** The user's keys with their last use, and 'Revogar' for the active ones. */
export function GisKeysTable() {
  const message = useFeedback();
  const keys = useGisKeys();
  const revoke = useRevokeGisKey();

  const confirmRevoke = async (id: number) => {
    try {
      await revoke.mutateAsync(id);
      void message.success(GIS_KEY_TEXTS.revoked);
    } catch (error) {
      void message.error(`${GIS_KEY_TEXTS.revokeFailed} ${serverReason(error)}`);
    }
  };

  const columns: TableColumnsType<GisKey> = [
    { title: 'Nome', dataIndex: 'name' },
    { title: 'Chave', dataIndex: 'prefix', width: 150, render: (prefix: string) => <code>{prefix}…</code> },
    { title: 'Criada em', dataIndex: 'created_at', width: 110, render: day },
    { title: 'Expira em', dataIndex: 'expires_at', width: 110, render: day },
    { title: 'Último uso', dataIndex: 'last_used_at', width: 150, render: moment },
    {
      title: 'Situação',
      key: 'status',
      width: 100,
      render: (_value, key) => {
        const status = gisKeyStatus(key);
        return <Tag color={STATUS_COLOR[status]}>{status}</Tag>;
      },
    },
    {
      title: '',
      key: 'actions',
      width: 100,
      render: (_value, key) =>
        gisKeyStatus(key) === 'Ativa' && (
          <Popconfirm
            title={GIS_KEY_TEXTS.revokeConfirm}
            okText="Revogar"
            cancelText="Cancelar"
            okButtonProps={{ danger: true }}
            onConfirm={() => confirmRevoke(key.id)}
          >
            <Button size="small" danger aria-label={`Revogar ${key.name}`}>
              Revogar
            </Button>
          </Popconfirm>
        ),
    },
  ];

  if (keys.isError) return <ListError text={GIS_KEY_TEXTS.loadFailed} onRetry={() => void keys.refetch()} />;
  return (
    <Table<GisKey>
      rowKey="id"
      size="middle"
      loading={keys.isLoading}
      dataSource={keys.data ?? []}
      columns={columns}
      pagination={false}
      locale={{ emptyText: GIS_KEY_TEXTS.empty }}
      aria-label="Chaves de acesso GIS"
    />
  );
}
