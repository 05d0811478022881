import { useState, type Key } from 'react';
import { Button, Table, type TableColumnsType } from 'antd';
import { ANALYSIS_MESSAGES, type SceneWithoutDetect } from '@mirante/shared';
import { useAdminScenes, useCreateAiAnalyses, useScenesWithoutDetect } from '../api';
import { ADMIN_TEXTS } from '../messages';
import { useLoadErrorNotice } from '../useLoadErrorNotice';
import { MonthFilter } from './MonthFilter';
import { openingMonth } from './openingMonth';
import { useFeedback } from '../../../shared/feedback/useFeedback';
import { selectionLabels } from '../../../shared/ui/selectionLabels';

const COLUMNS: TableColumnsType<SceneWithoutDetect> = [
  { title: 'Id', dataIndex: 'id', width: 80 },
  { title: 'Projeto', dataIndex: 'project_name' },
  { title: 'Data da imagem', dataIndex: 'date_formatted', width: 160 },
];

/**
 * 'Análise I.A': scenes of a month without analysis, turned into analyses. It opens on the month of the newest
 * ready image still without analysis (an image of 2024 is found at once), else on the previous month.
 */
export function AiAnalysisTab() {
  const message = useFeedback();
  const pending = useAdminScenes(true);
  const [chosenMonth, setMonth] = useState<string | null>(null);
  const month = pending.isPending ? null : (chosenMonth ?? openingMonth(pending.data ?? []));
  const [selected, setSelected] = useState<Key[]>([]);
  const scenes = useScenesWithoutDetect(month);
  const create = useCreateAiAnalyses();
  useLoadErrorNotice(scenes.error);

  const changeMonth = (next: string) => {
    setMonth(next);
    setSelected([]);
  };

  const submit = () =>
    create.mutate(selected.map(Number), {
      onSuccess: (result) => {
        setSelected([]);
        void message.success(result.message);
      },
      onError: () => void message.error(ANALYSIS_MESSAGES.createAnalysesFailed),
    });

  return (
    <div className="admin-tab">
      <div className="admin-tab__toolbar">
        {month !== null && <MonthFilter value={month} onChange={changeMonth} />}
        <Button type="primary" disabled={selected.length === 0} loading={create.isPending} onClick={submit}>
          Criar análises ({selected.length})
        </Button>
      </div>
      <Table<SceneWithoutDetect>
        rowKey="id"
        size="middle"
        loading={month === null || scenes.isLoading}
        dataSource={scenes.data ?? []}
        columns={COLUMNS}
        rowSelection={{
          selectedRowKeys: selected,
          onChange: setSelected,
          ...selectionLabels((scene) => `imagem de ${scene.date_formatted} (${scene.project_name})`),
        }}
        pagination={false}
        scroll={{ y: 420 }}
        locale={{ emptyText: ADMIN_TEXTS.noScenesWithoutAnalysis }}
        aria-label="Imagens sem análise"
      />
    </div>
  );
}
