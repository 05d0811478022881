import { Empty, Table } from 'antd';
import {
  formatBuyerDocument,
  INFORMATION_FIELD_LABELS,
  type InformationChange,
  type InformationEditableField,
} from '@mirante/shared';
import { formatDate, formatMoney } from '../model/format';

const SOURCES: Record<InformationChange['source'], string> = {
  manual: 'Edição',
  import: 'Planilha',
  integration: 'Integração',
  demo: 'Carga inicial',
};

/** A history value as the dialog shows it: money in reais, dates DD/MM/YYYY, CPF/CNPJ masked, yes/no, '—' when empty. */
function shown(field: string, value: string | null): string {
  if (value === null || value === '') return '—';
  if (field === 'valor_venda' || field === 'valor_inadimplencia') return formatMoney(Number(value));
  if (field === 'data_venda') return formatDate(value);
  if (field === 'cpf_cnpj_comprador') return formatBuyerDocument(value);
  if (value === 'true') return 'Sim';
  if (value === 'false') return 'Não';
  return value;
}

const dateTime = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeStyle: 'short' });

/** Who changed what, when, old → new (newest first). */
export function InformationHistory({ history }: { history: readonly InformationChange[] }) {
  if (history.length === 0) return <Empty description="Nenhuma alteração registrada." />;
  return (
    <Table<InformationChange>
      size="small"
      data-testid="information-history"
      rowKey={(change, index) => `${change.changed_at}-${change.field}-${index ?? 0}`}
      dataSource={[...history]}
      pagination={false}
      scroll={{ y: 300 }}
      columns={[
        {
          key: 'when',
          title: 'Quando',
          width: 130,
          render: (_, change) => dateTime.format(new Date(change.changed_at)),
        },
        {
          key: 'who',
          title: 'Quem',
          width: 160,
          render: (_, change) => `${change.changed_by_name ?? '—'} (${SOURCES[change.source]})`,
        },
        {
          key: 'field',
          title: 'Campo',
          width: 160,
          render: (_, change) =>
            INFORMATION_FIELD_LABELS[change.field as InformationEditableField] ?? change.field,
        },
        {
          key: 'change',
          title: 'Alteração',
          render: (_, change) =>
            `${shown(change.field, change.old_value)} → ${shown(change.field, change.new_value)}`,
        },
      ]}
    />
  );
}
