import type { TableColumnsType } from 'antd';
import type { AdminAnalysis } from '@mirante/shared';
import { useAnalyses, useRemoveAnalyses } from '../api';
import { ADMIN_TEXTS } from '../messages';
import { RemovalTable } from './RemovalTable';

const COLUMNS: TableColumnsType<AdminAnalysis> = [
  { title: 'Id', dataIndex: 'id', width: 80 },
  { title: 'Projeto', dataIndex: 'projectName' },
  { title: 'Imagem', dataIndex: 'sceneName', width: 140 },
  { title: 'Criada em', dataIndex: 'createdAt', width: 130 },
  {
    title: 'Aprovação',
    dataIndex: 'approvalStatus',
    width: 120,
    render: (value: boolean) => (value ? 'Aprovado' : 'Pendente'),
  },
];

/** 'Remover análises': every analysis, removed after confirmation. */
export function RemoveAnalysesTab() {
  const analyses = useAnalyses();
  const remove = useRemoveAnalyses();
  return (
    <RemovalTable<AdminAnalysis>
      label="Análises cadastradas"
      rows={analyses.data}
      loading={analyses.isLoading}
      failedToLoad={analyses.isError}
      onRetry={() => void analyses.refetch()}
      columns={COLUMNS}
      rowLabel={(analysis) => `análise ${analysis.id} de ${analysis.sceneName} (${analysis.projectName})`}
      texts={{
        empty: ADMIN_TEXTS.noAnalyses,
        loadFailed: ADMIN_TEXTS.analysesLoadFailed,
        confirm: ADMIN_TEXTS.removeAnalysesConfirm,
        failed: ADMIN_TEXTS.removeAnalysesFailed,
        removed: ADMIN_TEXTS.analysesRemoved,
      }}
      remove={(ids) => remove.mutateAsync(ids)}
      removing={remove.isPending}
    />
  );
}
