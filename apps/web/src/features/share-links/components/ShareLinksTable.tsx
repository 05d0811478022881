import { Alert, Button, Popconfirm, Table, Tag, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import type { ShareLink } from '@mirante/shared';
import { useFeedback } from '../../../shared/feedback/useFeedback';
import { serverReason } from '../../admin/messages';
import { useRevokeShareLink, useShareLinks } from '../api';
import { shareLinkState, shareLinkSummary, type ShareLinkState } from '../shareSummary';
import { SHARE_TEXTS } from '../texts';

const STATE_COLOR: Record<ShareLinkState, string> = {
  Ativo: 'success',
  Expirado: 'default',
  Revogado: 'error',
};
const day = (iso: string) => dayjs(iso).format('DD/MM/YYYY');

/** The project's links with what each shows, its views and state, and 'Revogar' for the active ones. */
export function ShareLinksTable({ projectId }: { projectId: number }) {
  const message = useFeedback();
  const links = useShareLinks(projectId);
  const revoke = useRevokeShareLink(projectId);

  const confirmRevoke = async (id: number) => {
    try {
      await revoke.mutateAsync(id);
      void message.success(SHARE_TEXTS.revoked);
    } catch (error) {
      void message.error(`${SHARE_TEXTS.revokeFailed} ${serverReason(error)}`);
    }
  };

  if (links.isError) return <Alert type="error" showIcon message={SHARE_TEXTS.loadFailed} />;

  const columns: TableColumnsType<ShareLink> = [
    {
      title: 'Visualização',
      key: 'summary',
      render: (_value, link) => (
        <>
          {shareLinkSummary(link)}
          {link.has_password && <Tag className="share-table__tag">Com senha</Tag>}
          {link.show_observations && <Tag className="share-table__tag">Com observações</Tag>}
        </>
      ),
    },
    {
      title: 'Criado por',
      dataIndex: 'created_by',
      width: 130,
      render: (name: string | null) => name ?? '—',
    },
    { title: 'Criado em', dataIndex: 'created_at', width: 100, render: day },
    { title: 'Expira em', dataIndex: 'expires_at', width: 100, render: day },
    { title: 'Visualizações', dataIndex: 'views', width: 110, align: 'right' },
    {
      title: 'Situação',
      key: 'state',
      width: 100,
      render: (_value, link) => {
        const state = shareLinkState(link);
        return <Tag color={STATE_COLOR[state]}>{state}</Tag>;
      },
    },
    {
      title: '',
      key: 'actions',
      width: 90,
      render: (_value, link) =>
        shareLinkState(link) === 'Ativo' && (
          <Popconfirm
            title={SHARE_TEXTS.revokeConfirm}
            okText="Revogar"
            cancelText="Cancelar"
            okButtonProps={{ danger: true }}
            onConfirm={() => confirmRevoke(link.id)}
          >
            <Button danger size="small">
              Revogar
            </Button>
          </Popconfirm>
        ),
    },
  ];

  return (
    <Table<ShareLink>
      rowKey="id"
      size="small"
      loading={links.isPending}
      columns={columns}
      dataSource={links.data ?? []}
      pagination={{ pageSize: 6, hideOnSinglePage: true }}
      locale={{ emptyText: SHARE_TEXTS.empty }}
      aria-label={SHARE_TEXTS.listTab}
    />
  );
}
