import { displayDate } from '@mirante/shared';

const currency = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });
const integer = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 0 });

/** Brazilian real, '—' when empty. */
export const formatMoney = (value: number | null | undefined) =>
  value === null || value === undefined ? '—' : currency.format(value);

export const formatCount = (value: number) => integer.format(value);

export const formatDate = (value: string | null | undefined) => (value ? displayDate(value) : '—');

export const formatYesNo = (value: boolean | null | undefined) =>
  value === null || value === undefined ? '—' : value ? 'Sim' : 'Não';

export const orDash = (value: string | number | null | undefined) =>
  value === null || value === undefined || value === '' ? '—' : String(value);

const moneyInput = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** A money field's text once typed: '142.200,00' (the field shows 'R$' before it). */
export const formatMoneyInput = (value: number | string | undefined) =>
  value === undefined || value === '' ? '' : moneyInput.format(Number(value));

/** What a person types in a money field, '142.200,5' or '142200,50', as the number's text '142200.5'. */
export const parseMoneyInput = (text: string | undefined) =>
  (text ?? '').replace(/[^\d,-]/g, '').replace(',', '.');
