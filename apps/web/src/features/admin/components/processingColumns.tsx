import { WarningOutlined } from '@ant-design/icons';
import { Progress, Tag, Tooltip, type TableColumnsType } from 'antd';
import { AI_REVIEW_BELOW, AI_REVIEW_LABEL, type SceneWithAnalysis } from '@mirante/shared';

function ProcessingCell({ row }: { row: SceneWithAnalysis }) {
  switch (row.processing_state) {
    case 'queued':
      return <Tag>Na fila</Tag>;
    case 'processing':
      return <Progress percent={row.progress} size="small" />;
    case 'done':
      return <Tag color="success">Concluído</Tag>;
    case 'failed':
      return (
        <Tooltip title={row.error_message}>
          <Tag color="error">Falhou: {row.error_message}</Tag>
        </Tooltip>
      );
    default:
      return <span>—</span>;
  }
}

/** Columns of the 'Processamento I.A' table. */
export const PROCESSING_COLUMNS: TableColumnsType<SceneWithAnalysis> = [
  { title: 'Análise', dataIndex: 'detect_id', width: 80 },
  { title: 'Projeto', dataIndex: 'project_name' },
  { title: 'Data da imagem', dataIndex: 'date_formatted', width: 110 },
  { title: 'Criada em', dataIndex: 'created_at', width: 100 },
  { title: 'I.A', dataIndex: 'analysis_ai', width: 50 },
  {
    title: 'Aprovação',
    dataIndex: 'approval_status',
    width: 100,
    render: (value: SceneWithAnalysis['approval_status']) => (
      <Tag color={value === 'Aprovado' ? 'success' : 'warning'}>{value}</Tag>
    ),
  },
  {
    title: AI_REVIEW_LABEL,
    dataIndex: 'review_count',
    width: 100,
    // The reason (a whole sentence) lives in the tooltip and the icon's name: as column text it widened the column.
    render: (value: number, row) =>
      value > 0 ? (
        <Tooltip
          title={
            row.review_reason ??
            `Lotes lidos pela I.A com confiança abaixo de ${Math.round(AI_REVIEW_BELOW * 100)}%`
          }
        >
          <Tag
            color="orange"
            icon={row.review_reason ? <WarningOutlined aria-label={row.review_reason} /> : undefined}
          >
            {value === 1 ? '1 lote' : `${value} lotes`}
          </Tag>
        </Tooltip>
      ) : (
        <span>—</span>
      ),
  },
  {
    title: 'Processamento',
    key: 'processing',
    width: 200,
    render: (_value, row) => <ProcessingCell row={row} />,
  },
];
