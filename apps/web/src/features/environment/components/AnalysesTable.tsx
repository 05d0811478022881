import { Progress, Switch, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { ENVIRONMENT_MESSAGES, MAP_MESSAGES, type EnvironmentAnalysis } from '@mirante/shared';
import { useFeedback } from '../../../shared/feedback/useFeedback';
import { usePublishAnalysis } from '../api';

const STATE_TEXT: Record<EnvironmentAnalysis['processingState'], string> = {
  idle: 'Aguardando',
  queued: 'Na fila',
  processing: 'Processando',
  done: 'Concluída',
  failed: 'Falhou',
};

export interface AnalysesTableProps {
  projectId: number;
  analyses: EnvironmentAnalysis[];
  loading: boolean;
  isAdmin: boolean;
  selectedId: number | null;
  onSelect(detectId: number): void;
}

/** The project's environment analyses: dates, detector progress, detections, and (ADMIN) the publish switch. */
export function AnalysesTable({
  projectId,
  analyses,
  loading,
  isAdmin,
  selectedId,
  onSelect,
}: AnalysesTableProps) {
  const publish = usePublishAnalysis(projectId);
  const feedback = useFeedback();

  const toggle = async (analysis: EnvironmentAnalysis, published: boolean) => {
    try {
      await publish.mutateAsync({ detectId: analysis.detectId, published });
      feedback.success(published ? 'Análise publicada' : 'Análise desativada');
    } catch {
      feedback.error(published ? ENVIRONMENT_MESSAGES.publishFailed : ENVIRONMENT_MESSAGES.unpublishFailed);
    }
  };

  const columns: ColumnsType<EnvironmentAnalysis> = [
    { title: 'Antes', dataIndex: 'beforeDate', key: 'before' },
    { title: 'Depois', dataIndex: 'afterDate', key: 'after' },
    {
      title: 'Detector',
      key: 'state',
      render: (_v, a) =>
        a.processingState === 'processing' || a.processingState === 'queued' ? (
          <Progress percent={a.progress} size="small" status="active" />
        ) : (
          <span title={a.errorMessage ?? undefined}>
            {STATE_TEXT[a.processingState]}
            {a.errorMessage ? `: ${a.errorMessage}` : ''}
          </span>
        ),
    },
    { title: 'Detecções', dataIndex: 'featuresAmount', key: 'features', width: 100 },
    ...(isAdmin
      ? [
          {
            title: 'Pendentes',
            key: 'pending',
            width: 100,
            render: (_v: unknown, a: EnvironmentAnalysis) =>
              a.pendingAmount > 0 ? <Tag color="gold">{a.pendingAmount}</Tag> : 0,
          },
          {
            title: 'Publicada',
            key: 'published',
            width: 100,
            render: (_v: unknown, a: EnvironmentAnalysis) => (
              <Switch
                size="small"
                checked={a.approvalStatus}
                aria-label={`Publicar análise ${a.afterDate}`}
                onClick={(_checked, event) => event.stopPropagation()}
                onChange={(checked) => void toggle(a, checked)}
              />
            ),
          },
        ]
      : []),
  ];

  return (
    <Table<EnvironmentAnalysis>
      rowKey="detectId"
      size="small"
      loading={loading}
      dataSource={analyses}
      columns={columns}
      pagination={false}
      locale={{ emptyText: MAP_MESSAGES.noRecords }}
      onRow={(a) => ({ onClick: () => onSelect(a.detectId), style: { cursor: 'pointer' } })}
      rowClassName={(a) => (a.detectId === selectedId ? 'environment-row--selected' : '')}
      aria-label="Análises"
    />
  );
}
