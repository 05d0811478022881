import { Descriptions } from 'antd';
import {
  formatBuyerDocument,
  INFORMATION_FIELD_LABELS as LABELS,
  type InformationRow,
} from '@mirante/shared';
import { formatDate, formatMoney, formatYesNo, orDash } from '../model/format';

/**
 * The lot's sale information, read-only. The sale, the buyer, the payments and the values are the finance module's:
 * shown only to its holders (`withValues`); the server sends them to no one else.
 */
export function SaleInformationDetails({ row, withValues }: { row: InformationRow; withValues: boolean }) {
  const finance = withValues
    ? [
        { key: 'nome_comprador', label: LABELS.nome_comprador, children: orDash(row.nome_comprador) },
        { key: 'codigo_comprador', label: LABELS.codigo_comprador, children: orDash(row.codigo_comprador) },
        { key: 'codigo_venda', label: LABELS.codigo_venda, children: orDash(row.codigo_venda) },
        { key: 'data_venda', label: LABELS.data_venda, children: formatDate(row.data_venda) },
        {
          key: 'cpf_cnpj_comprador',
          label: LABELS.cpf_cnpj_comprador,
          children: row.cpf_cnpj_comprador ? formatBuyerDocument(row.cpf_cnpj_comprador) : '—',
        },
        { key: 'valor_venda', label: LABELS.valor_venda, children: formatMoney(row.valor_venda) },
        {
          key: 'valor_inadimplencia',
          label: LABELS.valor_inadimplencia,
          children: formatMoney(row.valor_inadimplencia),
        },
        {
          key: 'qtde_parcelas_vencidas',
          label: LABELS.qtde_parcelas_vencidas,
          children: orDash(row.qtde_parcelas_vencidas),
        },
      ]
    : [];
  const building = {
    key: 'status_construcao',
    label: LABELS.status_construcao,
    children: orDash(row.status_construcao),
  };
  const items = [
    ...(withValues
      ? [{ key: 'status_unidade', label: LABELS.status_unidade, children: orDash(row.status_unidade) }]
      : []),
    building,
    ...finance,
    { key: 'inscricao_iptu', label: LABELS.inscricao_iptu, children: orDash(row.inscricao_iptu) },
    { key: 'termo_posse', label: LABELS.termo_posse, children: formatYesNo(row.termo_posse) },
    { key: 'escritura', label: LABELS.escritura, children: formatYesNo(row.escritura) },
    { key: 'registro', label: LABELS.registro, children: formatYesNo(row.registro) },
    { key: 'notas', label: LABELS.notas, span: 2, children: orDash(row.notas) },
  ];
  return <Descriptions size="small" column={2} items={items} data-testid="sale-information" />;
}
