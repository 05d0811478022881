import { describe, expect, it } from 'vitest';
import { formatBuyerDocument, isValidBuyerDocument, stripBuyerDocument } from './buyer-document';

describe('isValidBuyerDocument', () => {
  it('accepts a CPF with its check digits, masked or not', () => {
    expect(isValidBuyerDocument('529.982.247-25')).toBe(true);
    expect(isValidBuyerDocument('52998224725')).toBe(true);
  });
  it('refuses a CPF whose check digits do not match', () => {
    expect(isValidBuyerDocument('529.982.247-26')).toBe(false);
  });
  it('refuses a CPF of one repeated digit', () => expect(isValidBuyerDocument('111.111.111-11')).toBe(false));
  it('accepts a numeric CNPJ and an alphanumeric one (from July 2026)', () => {
    expect(isValidBuyerDocument('11.222.333/0001-81')).toBe(true);
    expect(isValidBuyerDocument('12.abc.345/01de-35')).toBe(true);
  });
  it('refuses a CNPJ whose check digits do not match', () => {
    expect(isValidBuyerDocument('11.222.333/0001-82')).toBe(false);
  });
  it('refuses lengths that are neither CPF nor CNPJ', () => {
    expect(isValidBuyerDocument('1234567890')).toBe(false);
    expect(isValidBuyerDocument('123456789012')).toBe(false);
  });
});

describe('formatBuyerDocument', () => {
  it('masks a CPF', () => expect(formatBuyerDocument('52998224725')).toBe('529.982.247-25'));
  it('masks a CNPJ, alphanumeric in upper case', () => {
    expect(formatBuyerDocument('11222333000181')).toBe('11.222.333/0001-81');
    expect(formatBuyerDocument('12abc34501de35')).toBe('12.ABC.345/01DE-35');
  });
  it('masks a CPF being typed', () => expect(formatBuyerDocument('529982')).toBe('529.982'));
  it('switches to the CNPJ mask past 11 digits', () =>
    expect(formatBuyerDocument('112223330001')).toBe('11.222.333/0001'));
  it('stays empty for an empty value', () => expect(formatBuyerDocument(' ')).toBe(''));
});

describe('stripBuyerDocument', () => {
  it('drops the mask and upper-cases', () =>
    expect(stripBuyerDocument('12.abc.345/01de-35')).toBe('12ABC34501DE35'));
});
