import { Progress, Tag, type TableColumnsType } from 'antd';
import type { AdminScene } from '@mirante/shared';
import { useAdminScenes, useRemoveScenes } from '../api';
import { ADMIN_TEXTS } from '../messages';
import { RemovalTable } from './RemovalTable';

const STATUS_LABEL = {
  queued: 'Na fila',
  processing: 'Processando',
  ready: 'Pronta',
  failed: 'Falhou',
} as const;

const COLUMNS: TableColumnsType<AdminScene> = [
  { title: 'Id', dataIndex: 'id', width: 80 },
  { title: 'Projeto', dataIndex: 'project_name' },
  { title: 'Data da imagem', dataIndex: 'date_formatted', width: 150 },
  {
    title: 'Publicada',
    dataIndex: 'publishImage',
    width: 110,
    render: (value: boolean) => (value ? 'Sim' : 'Não'),
  },
  {
    title: 'Processamento',
    key: 'status',
    width: 200,
    render: (_value, scene) =>
      scene.status === 'processing' ? (
        <Progress percent={scene.progress} size="small" />
      ) : (
        <Tag color={scene.status === 'failed' ? 'error' : scene.status === 'ready' ? 'success' : 'default'}>
          {STATUS_LABEL[scene.status]}
        </Tag>
      ),
  },
];

/** 'Remover imagens': every scene, removed with its tiles, files and analysis after confirmation. */
export function RemoveScenesTab() {
  const scenes = useAdminScenes();
  const remove = useRemoveScenes();
  return (
    <RemovalTable<AdminScene>
      label="Imagens cadastradas"
      rows={scenes.data}
      loading={scenes.isLoading}
      failedToLoad={scenes.isError}
      onRetry={() => void scenes.refetch()}
      columns={COLUMNS}
      rowLabel={(scene) => `imagem ${scene.id} de ${scene.date_formatted} (${scene.project_name})`}
      texts={{
        empty: ADMIN_TEXTS.noScenes,
        loadFailed: ADMIN_TEXTS.scenesLoadFailed,
        confirm: ADMIN_TEXTS.removeScenesConfirm,
        failed: ADMIN_TEXTS.removeScenesFailed,
        removed: ADMIN_TEXTS.scenesRemoved,
      }}
      remove={(ids) => remove.mutateAsync(ids)}
      removing={remove.isPending}
    />
  );
}
