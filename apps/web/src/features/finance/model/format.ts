import { displayDate } from '@mirante/shared';

const currency = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });
const integer = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 0 });

/** Brazilian real (spec 9), '—' when empty. */
export const formatMoney = (value: number | null | undefined) =>
  value === null || value === undefined ? '—' : currency.format(value);

export const formatCount = (value: number) => integer.format(value);

export const formatDate = (value: string | null | undefined) => (value ? displayDate(value) : '—');

export const formatYesNo = (value: boolean | null | undefined) =>
  value === null || value === undefined ? '—' : value ? 'Sim' : 'Não';

export const orDash = (value: string | number | null | undefined) =>
  value === null || value === undefined || value === '' ? '—' : String(value);
