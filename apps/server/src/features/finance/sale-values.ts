import {
  INFORMATION_EDITABLE_FIELDS,
  type InformationEditableField,
  type InformationUpdate,
} from '@mirante/shared';
import type { NewChange, SaleValues } from './finance.repo';

/** The column (camelCase) of each editable field. */
const COLUMN: Record<InformationEditableField, keyof SaleValues> = {
  codigo_comprador: 'codigoComprador',
  nome_comprador: 'nomeComprador',
  cpf_cnpj_comprador: 'cpfCnpjComprador',
  status_unidade: 'statusUnidade',
  status: 'status',
  valor_venda: 'valorVenda',
  valor_inadimplencia: 'valorInadimplencia',
  qtde_parcelas_vencidas: 'qtdeParcelasVencidas',
  codigo_venda: 'codigoVenda',
  data_venda: 'dataVenda',
  inscricao_iptu: 'inscricaoIptu',
  termo_posse: 'termoPosse',
  escritura: 'escritura',
  registro: 'registro',
  status_construcao: 'statusConstrucao',
  status_escritura: 'statusEscritura',
  notas: 'notas',
};

export const EMPTY_SALE_VALUES: SaleValues = {
  codigoComprador: null,
  nomeComprador: null,
  cpfCnpjComprador: null,
  statusUnidade: null,
  status: null,
  valorVenda: null,
  valorInadimplencia: null,
  qtdeParcelasVencidas: null,
  codigoVenda: null,
  dataVenda: null,
  inscricaoIptu: null,
  termoPosse: null,
  escritura: null,
  registro: null,
  statusConstrucao: null,
  statusEscritura: null,
  notas: null,
};

type Value = SaleValues[keyof SaleValues];

/** Texts trimmed (blank = empty), money to cents. */
function canonical(value: Value | undefined): Value {
  if (value === undefined || value === null) return null;
  if (typeof value === 'string') return value.trim() === '' ? null : value.trim();
  if (typeof value === 'number' && !Number.isInteger(value)) return Math.round(value * 100) / 100;
  return value;
}

/** How a value is written in the history (numbers plain, yes/no as 'true'/'false', dates YYYY-MM-DD). */
const historyText = (value: Value): string | null => (value === null ? null : String(value));

/**
 * The lot's values after an update: fields left out keep their stored value. Returns the new values and one
 * change per field that really changed.
 */
export function mergeSaleValues(
  stored: SaleValues,
  update: Partial<Omit<InformationUpdate, 'layer_id'>>,
): { values: SaleValues; changes: NewChange[] } {
  const values: SaleValues = { ...stored };
  const changes: NewChange[] = [];
  for (const field of INFORMATION_EDITABLE_FIELDS) {
    if (!(field in update) || update[field] === undefined) continue;
    const column = COLUMN[field];
    const next = canonical(update[field] as Value);
    const before = canonical(stored[column]);
    if (next === before) continue;
    (values as Record<keyof SaleValues, Value>)[column] = next;
    changes.push({ field, oldValue: historyText(before), newValue: historyText(next) });
  }
  return { values, changes };
}
