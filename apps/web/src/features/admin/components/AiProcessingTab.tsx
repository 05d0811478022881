import { useState, type Key } from 'react';
import { Button, Select, Table } from 'antd';
import { AI_REVIEW_LABEL, ANALYSIS_MESSAGES, type SceneWithAnalysis } from '@mirante/shared';
import { useApproveAnalyses, useProcessAnalyses, useScenesWithAnalysis } from '../api';
import { ADMIN_TEXTS, serverReason } from '../messages';
import { useLoadErrorNotice } from '../useLoadErrorNotice';
import { MonthFilter, monthFromNow } from './MonthFilter';
import { PROCESSING_COLUMNS } from './processingColumns';
import { useFeedback } from '../../../shared/feedback/useFeedback';
import { selectionLabels } from '../../../shared/ui/selectionLabels';

type YesNo = '' | '1' | '2';

const APPROVAL_OPTIONS = [
  { value: '', label: 'Todas' },
  { value: '1', label: 'Aprovado' },
  { value: '2', label: 'Pendente' },
];
const AI_OPTIONS = [
  { value: '', label: 'Todas' },
  { value: '1', label: 'Sim' },
  { value: '2', label: 'Não' },
];
const REVIEW_OPTIONS = [
  { value: '', label: 'Todas' },
  { value: '1', label: 'Com lotes a revisar' },
  { value: '2', label: 'Sem lotes a revisar' },
];

/**
 * 'Processamento I.A': analyses of a month (default: current) sent to the AI queue and approved, and how many of
 * each analysis's lots the AI read with low confidence ('A revisar'), so an ADMIN reviews those first.
 */
export function AiProcessingTab() {
  const message = useFeedback();
  const [month, setMonth] = useState(() => monthFromNow(0));
  const [approval, setApproval] = useState<YesNo>('');
  const [ai, setAi] = useState<YesNo>('');
  const [review, setReview] = useState<YesNo>('');
  const [selected, setSelected] = useState<Key[]>([]);
  const rows = useScenesWithAnalysis({ month, approval_status: approval, process_ia: ai, review });
  const process = useProcessAnalyses();
  const approve = useApproveAnalyses();
  useLoadErrorNotice(rows.error);

  const filter =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setSelected([]);
    };
  const ids = selected.map(Number);
  const act = (mutation: typeof process, failure: string) =>
    mutation.mutate(ids, {
      onSuccess: (result) => {
        setSelected([]);
        void message.success(result.message);
      },
      onError: (error) => void message.error(`${failure} ${serverReason(error)}`),
    });

  return (
    <div className="admin-tab">
      <div className="admin-tab__toolbar">
        <MonthFilter value={month} onChange={filter(setMonth)} />
        <label className="admin-filter">
          <span>Aprovação</span>
          <Select<YesNo>
            value={approval}
            onChange={filter(setApproval)}
            options={APPROVAL_OPTIONS}
            aria-label="Aprovação"
          />
        </label>
        <label className="admin-filter">
          <span>Enviada à I.A</span>
          <Select<YesNo>
            value={ai}
            onChange={filter(setAi)}
            options={AI_OPTIONS}
            aria-label="Enviada à I.A"
          />
        </label>
        <label className="admin-filter">
          <span>{AI_REVIEW_LABEL}</span>
          <Select<YesNo>
            value={review}
            onChange={filter(setReview)}
            options={REVIEW_OPTIONS}
            aria-label={AI_REVIEW_LABEL}
          />
        </label>
        <Button
          disabled={ids.length === 0}
          loading={process.isPending}
          onClick={() => act(process, ANALYSIS_MESSAGES.queueFailed)}
        >
          Enviar para processamento
        </Button>
        <Button
          type="primary"
          disabled={ids.length === 0}
          loading={approve.isPending}
          onClick={() => act(approve, ANALYSIS_MESSAGES.approveFailed)}
        >
          Aprovar
        </Button>
      </div>
      <Table<SceneWithAnalysis>
        rowKey="detect_id"
        size="middle"
        loading={rows.isLoading}
        dataSource={rows.data ?? []}
        columns={PROCESSING_COLUMNS}
        rowSelection={{
          selectedRowKeys: selected,
          onChange: setSelected,
          ...selectionLabels((row) => `análise de ${row.date_formatted} (${row.project_name})`),
        }}
        pagination={false}
        scroll={{ y: 420 }}
        locale={{ emptyText: ADMIN_TEXTS.noScenesWithAnalysis }}
        aria-label="Análises para processamento"
      />
    </div>
  );
}
