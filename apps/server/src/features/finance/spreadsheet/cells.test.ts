import { describe, expect, it } from 'vitest';
import {
  countCell,
  dateCell,
  documentCell,
  excelSerialToDate,
  moneyCell,
  parseBrazilianNumber,
  textCell,
  yesNoCell,
} from './cells';

describe('dates', () => {
  it('reads DD/MM/YYYY as typed in Brazil, not as a US date', () => {
    expect(dateCell('01/02/2024')).toEqual({ ok: true, value: '2024-02-01' });
    expect(dateCell('5/3/24')).toEqual({ ok: true, value: '2024-03-05' });
    expect(dateCell('2024-02-29')).toEqual({ ok: true, value: '2024-02-29' });
    expect(dateCell('31/02/2024').ok).toBe(false);
    expect(dateCell('amanhã').ok).toBe(false);
    expect(dateCell('')).toEqual({ ok: true, value: null });
  });

  it('reads Excel serials as calendar dates whatever the time zone', () => {
    expect(excelSerialToDate(45292)).toBe('2024-01-01');
    expect(excelSerialToDate(45292.99)).toBe('2024-01-01');
    expect(excelSerialToDate(1)).toBe('1900-01-01');
    expect(excelSerialToDate(61)).toBe('1900-03-01');
    expect(excelSerialToDate(60)).toBeNull();
    expect(excelSerialToDate(0, true)).toBe('1904-01-01');
    expect(dateCell(45351)).toEqual({ ok: true, value: '2024-02-29' });
    expect(dateCell(-3).ok).toBe(false);
  });
});

describe('money', () => {
  it('reads numbers and R$ texts', () => {
    expect(moneyCell(1234.567)).toEqual({ ok: true, value: 1234.57 });
    expect(moneyCell('R$ 1.234,56')).toEqual({ ok: true, value: 1234.56 });
    expect(moneyCell('R$\u00a01.234.567,8')).toEqual({ ok: true, value: 1234567.8 });
    expect(moneyCell('1234,5')).toEqual({ ok: true, value: 1234.5 });
    expect(moneyCell('1234.5')).toEqual({ ok: true, value: 1234.5 });
    expect(moneyCell('1.234')).toEqual({ ok: true, value: 1234 });
    expect(moneyCell('1,234.50')).toEqual({ ok: true, value: 1234.5 });
    expect(moneyCell(null)).toEqual({ ok: true, value: null });
  });

  it('refuses what is not money', () => {
    expect(moneyCell('mil reais').ok).toBe(false);
    expect(moneyCell('-10').ok).toBe(false);
    expect(moneyCell('1.23.4').ok).toBe(false);
    expect(parseBrazilianNumber('(R$ 10,00)')).toBe(-10);
  });
});

describe('other cells', () => {
  it('counts are whole numbers', () => {
    expect(countCell(3)).toEqual({ ok: true, value: 3 });
    expect(countCell('12')).toEqual({ ok: true, value: 12 });
    expect(countCell(2.5).ok).toBe(false);
    expect(countCell('dois').ok).toBe(false);
  });

  it('yes/no', () => {
    expect(yesNoCell('Sim')).toEqual({ ok: true, value: true });
    expect(yesNoCell('NÃO')).toEqual({ ok: true, value: false });
    expect(yesNoCell(true)).toEqual({ ok: true, value: true });
    expect(yesNoCell('talvez').ok).toBe(false);
  });

  it('CPF/CNPJ typed as numbers get their leading zeros back', () => {
    expect(documentCell(1234567890)).toEqual({ ok: true, value: '01234567890' });
    expect(documentCell(1234567000195)).toEqual({ ok: true, value: '01234567000195' });
    expect(documentCell('012.345.678-90')).toEqual({ ok: true, value: '01234567890' });
  });

  it('a CNPJ that lost three leading zeros (11 digits left) is read as the CNPJ, not as a CPF', () => {
    expect(documentCell(12345000165)).toEqual({ ok: true, value: '00012345000165' });
  });

  it('reads the alphanumeric CNPJ, upper case, without its mask', () => {
    expect(documentCell('12.abc.345/01de-35')).toEqual({ ok: true, value: '12ABC34501DE35' });
  });

  it('refuses wrong check digits, letters in a CPF and other lengths', () => {
    expect(documentCell('012.345.678-91').ok).toBe(false);
    expect(documentCell('abc').ok).toBe(false);
    expect(documentCell(123456789012345).ok).toBe(false);
    expect(documentCell(12.5).ok).toBe(false);
  });

  it('texts: numbers without float noise, the export formula guard removed, limits kept', () => {
    expect(textCell(123, 10)).toEqual({ ok: true, value: '123' });
    expect(textCell("'=SOMA(A1)", 50)).toEqual({ ok: true, value: '=SOMA(A1)' });
    expect(textCell("'Ana", 50)).toEqual({ ok: true, value: "'Ana" });
    expect(textCell('x'.repeat(11), 10).ok).toBe(false);
  });
});
