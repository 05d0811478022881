import { useState } from 'react';
import { Button, Popconfirm, Table, Tag, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import type { AccessTokenSummary, CreatedAccessToken } from '@mirante/shared';
import { ListError } from '../../security/components/ListError';
import { serverReason } from '../messages';
import { useAccessLinks, useRevokeAccessLink } from './api';
import { CreateAccessLinkForm } from './CreateAccessLinkForm';
import { CreatedLinkModal } from './CreatedLinkModal';
import { accessLinkStatus, type AccessLinkStatus } from './linkStatus';
import { ACCESS_LINK_TEXTS } from './texts';
import { useFeedback } from '../../../shared/feedback/useFeedback';

const STATUS_COLOR: Record<AccessLinkStatus, string> = {
  Ativo: 'success',
  Expirado: 'default',
  Revogado: 'error',
};

const displayDay = (iso: string) => dayjs(iso).format('DD/MM/YYYY');

/** 'Links de acesso': the sign-in links ("entrar por token"), a form to create one and 'Revogar'. */
export function AccessLinksTab() {
  const message = useFeedback();
  const links = useAccessLinks();
  const revoke = useRevokeAccessLink();
  const [created, setCreated] = useState<CreatedAccessToken | null>(null);

  const confirmRevoke = async (id: number) => {
    try {
      await revoke.mutateAsync(id);
      void message.success(ACCESS_LINK_TEXTS.revoked);
    } catch (error) {
      void message.error(`${ACCESS_LINK_TEXTS.revokeFailed} ${serverReason(error)}`);
    }
  };

  const columns: TableColumnsType<AccessTokenSummary> = [
    { title: 'Descrição', dataIndex: 'description' },
    {
      title: 'Usuário',
      key: 'user',
      render: (_value, link) => (
        <span title={link.user_email}>
          {link.user_name} <span className="admin-muted">({link.user_email})</span>
        </span>
      ),
    },
    { title: 'Criado em', dataIndex: 'created_at', width: 110, render: displayDay },
    { title: 'Expira em', dataIndex: 'expires_at', width: 110, render: displayDay },
    {
      title: 'Situação',
      key: 'status',
      width: 110,
      render: (_value, link) => {
        const status = accessLinkStatus(link);
        return <Tag color={STATUS_COLOR[status]}>{status}</Tag>;
      },
    },
    {
      title: '',
      key: 'actions',
      width: 100,
      render: (_value, link) =>
        accessLinkStatus(link) === 'Ativo' && (
          <Popconfirm
            title={ACCESS_LINK_TEXTS.revokeConfirm}
            okText="Revogar"
            cancelText="Cancelar"
            okButtonProps={{ danger: true }}
            onConfirm={() => confirmRevoke(link.id)}
          >
            <Button size="small" danger aria-label={`Revogar ${link.description}`}>
              Revogar
            </Button>
          </Popconfirm>
        ),
    },
  ];

  return (
    <div className="admin-tab">
      <CreateAccessLinkForm onCreated={setCreated} />
      <h2 className="admin-tab__heading">Links criados</h2>
      {links.isError ? (
        <ListError text={ACCESS_LINK_TEXTS.loadFailed} onRetry={() => void links.refetch()} />
      ) : (
        <Table<AccessTokenSummary>
          rowKey="id"
          size="middle"
          loading={links.isLoading}
          dataSource={links.data ?? []}
          columns={columns}
          pagination={false}
          scroll={{ y: 420 }}
          locale={{ emptyText: ACCESS_LINK_TEXTS.empty }}
          aria-label="Links de acesso"
        />
      )}
      <CreatedLinkModal link={created} onClose={() => setCreated(null)} />
    </div>
  );
}
