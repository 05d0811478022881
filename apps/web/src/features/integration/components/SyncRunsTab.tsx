import { Table, Tag } from 'antd';
import {
  ERP_NAMES,
  INTEGRATION_MESSAGES,
  SYNC_STATUS_LABELS,
  type SyncRun,
  type SyncStatus,
} from '@mirante/shared';
import { useSyncRuns } from '../api';
import { reasonOf } from '../model/reasonOf';
import { SYNC_TRIGGER_LABELS, dateTimeText } from '../model/syncRuns';
import { LoadFailure } from './LoadFailure';

const STATUS_COLORS: Record<SyncStatus, string> = {
  queued: 'default',
  running: 'processing',
  succeeded: 'success',
  partial: 'warning',
  failed: 'error',
};

function RunErrors({ run }: { run: SyncRun }) {
  return (
    <ul className="integration-run-errors">
      {run.errors.map((error, index) => (
        <li key={index}>
          {[error.project_name, error.customer_code && `Carteira ${error.customer_code}`]
            .filter(Boolean)
            .join(' / ')}
          {error.project_name || error.customer_code ? ': ' : ''}
          {error.message}
        </li>
      ))}
    </ul>
  );
}

/** The log of the synchronisations: when each ran, units read and changed, and its errors. */
export function SyncRunsTab() {
  const runs = useSyncRuns();
  if (runs.isError)
    return (
      <LoadFailure
        text={`${INTEGRATION_MESSAGES.customerLoadFailed} ${reasonOf(runs.error)}`}
        onRetry={() => void runs.refetch()}
      />
    );
  return (
    <section className="integration-runs" aria-label="Sincronizações">
      <p className="integration-step__intro">
        Cada sincronização lê as unidades das carteiras vinculadas e atualiza a carteira financeira dos
        loteamentos. {INTEGRATION_MESSAGES.takesUpTo24h}
      </p>
      <Table<SyncRun>
        rowKey="id"
        size="small"
        loading={runs.isLoading}
        dataSource={runs.data?.runs ?? []}
        pagination={false}
        scroll={{ y: 420 }}
        aria-label="Registro das sincronizações"
        locale={{ emptyText: 'Nenhuma sincronização realizada.' }}
        expandable={{
          rowExpandable: (run) => run.errors.length > 0,
          expandedRowRender: (run) => <RunErrors run={run} />,
        }}
        columns={[
          { title: 'ERP', dataIndex: 'erp', width: 70, render: (erp: SyncRun['erp']) => ERP_NAMES[erp] },
          {
            title: 'Origem',
            dataIndex: 'trigger',
            width: 100,
            render: (trigger: SyncRun['trigger']) => SYNC_TRIGGER_LABELS[trigger],
          },
          {
            title: 'Situação',
            dataIndex: 'status',
            width: 150,
            render: (status: SyncStatus) => (
              <Tag color={STATUS_COLORS[status]}>{SYNC_STATUS_LABELS[status]}</Tag>
            ),
          },
          { title: 'Início', dataIndex: 'started_at', width: 150, render: dateTimeText },
          { title: 'Fim', dataIndex: 'finished_at', width: 150, render: dateTimeText },
          { title: 'Unidades lidas', dataIndex: 'units_read', align: 'right', width: 120 },
          { title: 'Unidades alteradas', dataIndex: 'units_changed', align: 'right', width: 150 },
          { title: 'Sem lote', dataIndex: 'units_unmatched', align: 'right', width: 90 },
          {
            title: 'Erros',
            key: 'errors',
            align: 'right',
            width: 60,
            render: (_value, run) => run.errors.length,
          },
        ]}
      />
    </section>
  );
}
