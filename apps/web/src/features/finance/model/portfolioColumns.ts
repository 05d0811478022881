import { detectionName, lotOfName, type InformationRow } from '@mirante/shared';
import { formatDate, formatMoney, formatYesNo, orDash } from './format';

type SortCell = string | number | boolean | null;

/** One column of the portfolio table: title, width, the shown text and the value it sorts by. */
export interface PortfolioColumn {
  key: string;
  title: string;
  width: number;
  align?: 'right';
  text(row: InformationRow): string;
  sortValue(row: InformationRow): SortCell;
}

const column = (
  key: string,
  title: string,
  width: number,
  value: (row: InformationRow) => SortCell,
  text: (row: InformationRow) => string = (row) => orDash(value(row) as string | number | null),
  align?: 'right',
): PortfolioColumn => ({ key, title, width, text, sortValue: value, align });

/** The 21 columns of the finance page (Etapa only when the project has stages), in the spec's order. */
export function portfolioColumns(hasStage: boolean): PortfolioColumn[] {
  const columns: PortfolioColumn[] = [
    column('stage', 'Etapa', 110, (row) => row.stage),
    column('codigo_lote', 'Código do lote', 150, (row) => row.codigo_lote),
    column('block', 'Quadra', 80, (row) => row.block),
    column('lot', 'Lote', 70, (row) => lotOfName(row.name)),
    column('codigo_comprador', 'Código do comprador', 160, (row) => row.codigo_comprador),
    column('nome_comprador', 'Comprador', 220, (row) => row.nome_comprador),
    column('status_unidade', 'Status da unidade', 140, (row) => row.status_unidade),
    column('status', 'Status financeiro', 130, (row) => row.status),
    column('ult_deteccao', 'Última detecção', 160, (row) =>
      row.ult_deteccao ? detectionName(row.ult_deteccao) : null,
    ),
    column(
      'valor_venda',
      'Valor de venda',
      140,
      (row) => row.valor_venda,
      (row) => formatMoney(row.valor_venda),
      'right',
    ),
    column(
      'valor_inadimplencia',
      'Valor inadimplência',
      140,
      (row) => row.valor_inadimplencia,
      (row) => formatMoney(row.valor_inadimplencia),
      'right',
    ),
    column(
      'qtde_parcelas_vencidas',
      'Parcelas vencidas',
      110,
      (row) => row.qtde_parcelas_vencidas,
      undefined,
      'right',
    ),
    column('codigo_venda', 'Código da venda', 120, (row) => row.codigo_venda),
    column(
      'data_venda',
      'Data da venda',
      110,
      (row) => row.data_venda,
      (row) => formatDate(row.data_venda),
    ),
    column('inscricao_iptu', 'Inscrição IPTU', 160, (row) => row.inscricao_iptu),
    column(
      'termo_posse',
      'Posse',
      70,
      (row) => yesNoSort(row.termo_posse),
      (row) => formatYesNo(row.termo_posse),
    ),
    column(
      'escritura',
      'Escritura',
      80,
      (row) => yesNoSort(row.escritura),
      (row) => formatYesNo(row.escritura),
    ),
    column(
      'registro',
      'Registro',
      80,
      (row) => yesNoSort(row.registro),
      (row) => formatYesNo(row.registro),
    ),
    column('status_construcao', 'Status da construção', 150, (row) => row.status_construcao),
    column('status_escritura', 'Status da escritura', 160, (row) => row.status_escritura),
    column('notas', 'Notas', 260, (row) => row.notas),
  ];
  return hasStage ? columns : columns.filter((item) => item.key !== 'stage');
}

/** Yes/no sorts as text ('Não' before 'Sim'), empty last. */
const yesNoSort = (value: boolean | null) => (value === null ? null : value ? 'Sim' : 'Não');
