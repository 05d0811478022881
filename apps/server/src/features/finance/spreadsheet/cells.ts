import { isCalendarDate, isValidBuyerDocument, stripBuyerDocument } from '@mirante/shared';
import type { RawCell } from './read-sheet';

/** A cell read under a column's rule: its value, or the pt-BR reason it could not be read. */
export type CellResult<T> = { ok: true; value: T } | { ok: false; error: string };

const ok = <T>(value: T): CellResult<T> => ({ ok: true, value });
const fail = <T>(error: string): CellResult<T> => ({ ok: false, error });

/** A cell with nothing in it: no value, or only spaces. */
export const isBlank = (cell: RawCell): boolean =>
  cell === null || (typeof cell === 'string' && cell.trim() === '');

/** Our exports prefix a text that looks like a formula with a quote (spreadsheetText); re-imports drop it. */
const FORMULA_GUARD = /^'(?=[=+\-@\t\r])/;

/** Text as typed; numbers written without exponent or float noise (123 → '123', 1e21 stays readable). */
export function textCell(cell: RawCell, max: number): CellResult<string | null> {
  if (isBlank(cell)) return ok(null);
  let value: string;
  if (typeof cell === 'number') {
    value = Number.isInteger(cell) ? cell.toFixed(0) : String(cell);
  } else if (typeof cell === 'boolean') {
    value = cell ? 'Sim' : 'Não';
  } else {
    value = String(cell).trim().replace(FORMULA_GUARD, '');
  }
  if (value.includes('\u0000')) return fail('o texto contém o caractere NUL');
  if (value.length > max) return fail(`no máximo ${max} caracteres (tem ${value.length})`);
  return ok(value);
}

const pad = (value: number, size = 2) => String(value).padStart(size, '0');

/** Days from the Unix epoch to Excel's day 0 (1899-12-30, which absorbs the 1900 leap-year bug). */
const EXCEL_EPOCH_1900 = Date.UTC(1899, 11, 30);
const EXCEL_EPOCH_1904 = Date.UTC(1904, 0, 1);
const DAY_MS = 86_400_000;

/**
 * An Excel date serial as the calendar date the sheet shows, computed in UTC so that no time zone moves it
 * a day (a time of day in the serial's fraction is dropped). Serial 60 is Excel's fictitious 1900-02-29.
 */
export function excelSerialToDate(serial: number, date1904 = false): string | null {
  if (!Number.isFinite(serial)) return null;
  const day = Math.floor(serial);
  if (!date1904 && day === 60) return null;
  // Before the fictitious 29 February, Excel's days are one ahead of the real calendar.
  const shift = !date1904 && day < 60 ? 1 : 0;
  const date = new Date((date1904 ? EXCEL_EPOCH_1904 : EXCEL_EPOCH_1900) + (day + shift) * DAY_MS);
  const iso = `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
  return isCalendarDate(iso) ? iso : null;
}

const BR_DATE = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{2}|\d{4})(?:\s+\d{1,2}:\d{2}(?::\d{2})?)?$/;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:[T\s].*)?$/;

const DATE_ERROR = 'data inválida: use DD/MM/AAAA';

/** A date typed DD/MM/YYYY (or DD/MM/YY, with - or .), a YYYY-MM-DD, or an Excel date serial → YYYY-MM-DD. */
export function dateCell(cell: RawCell, date1904 = false): CellResult<string | null> {
  if (isBlank(cell)) return ok(null);
  if (typeof cell === 'number') {
    const iso = cell >= 1 && cell < 2_958_466 ? excelSerialToDate(cell, date1904) : null;
    return iso ? ok(iso) : fail(DATE_ERROR);
  }
  const value = String(cell).trim();
  const iso = ISO_DATE.exec(value);
  if (iso) {
    const date = `${iso[1]}-${iso[2]}-${iso[3]}`;
    return isCalendarDate(date) ? ok(date) : fail(DATE_ERROR);
  }
  const br = BR_DATE.exec(value);
  if (br) {
    const yearText = br[3] ?? '';
    const year = yearText.length === 2 ? 2000 + Number(yearText) : Number(yearText);
    const date = `${pad(year, 4)}-${pad(Number(br[2]))}-${pad(Number(br[1]))}`;
    return isCalendarDate(date) ? ok(date) : fail(DATE_ERROR);
  }
  if (/^\d+(?:[.,]\d+)?$/.test(value)) return dateCell(Number(value.replace(',', '.')), date1904);
  return fail(DATE_ERROR);
}

/** Largest amount accepted (numeric(14,2) holds up to 10^12 reais). */
const MAX_MONEY = 999_999_999_999.99;
const MONEY_ERROR = 'valor inválido: use um número como 1234,56 ou R$ 1.234,56';

/** Reads '1.234,56', 'R$ 1.234,56', '1234.56', '1.234' (thousands) or '-12,5' as a number. */
export function parseBrazilianNumber(text: string): number | null {
  let value = text.replace(/[\s\u00a0]/g, '');
  let negative = false;
  if (/^\(.*\)$/.test(value)) {
    negative = true;
    value = value.slice(1, -1);
  }
  value = value.replace(/^R\$/i, '');
  if (value.startsWith('-')) {
    negative = !negative;
    value = value.slice(1).replace(/^R\$/i, '');
  }
  let normalised: string;
  if (/^\d{1,3}(\.\d{3})*(,\d+)?$/.test(value) || /^\d+,\d+$/.test(value)) {
    normalised = value.replace(/\./g, '').replace(',', '.');
  } else if (/^\d{1,3}(,\d{3})+(\.\d+)?$/.test(value)) {
    normalised = value.replace(/,/g, '');
  } else if (/^\d+(\.\d+)?$/.test(value)) {
    normalised = value;
  } else {
    return null;
  }
  const number = Number(normalised);
  if (!Number.isFinite(number)) return null;
  return negative ? -number : number;
}

/** Money: a number cell, or text as Brazilians type it; never negative; rounded to cents. */
export function moneyCell(cell: RawCell): CellResult<number | null> {
  if (isBlank(cell)) return ok(null);
  const number = typeof cell === 'number' ? cell : parseBrazilianNumber(String(cell));
  if (number === null || !Number.isFinite(number)) return fail(MONEY_ERROR);
  if (number < 0) return fail('o valor não pode ser negativo');
  if (number > MAX_MONEY) return fail('valor acima do limite');
  return ok(Math.round(number * 100) / 100);
}

/** A count (overdue instalments): a whole number from 0 to 10,000. */
export function countCell(cell: RawCell): CellResult<number | null> {
  if (isBlank(cell)) return ok(null);
  const number = typeof cell === 'number' ? cell : parseBrazilianNumber(String(cell));
  if (number === null || !Number.isInteger(number)) return fail('use um número inteiro');
  if (number < 0 || number > 10_000) return fail('use um número inteiro de 0 a 10000');
  return ok(number);
}

const YES = new Set(['sim', 's', 'true', 'verdadeiro', '1', 'x', 'yes']);
const NO = new Set(['não', 'nao', 'n', 'false', 'falso', '0', 'no']);

/** Sim/Não (also S/N, 1/0, VERDADEIRO/FALSO and spreadsheet booleans). */
export function yesNoCell(cell: RawCell): CellResult<boolean | null> {
  if (isBlank(cell)) return ok(null);
  if (typeof cell === 'boolean') return ok(cell);
  const value = String(cell).trim().toLowerCase();
  if (YES.has(value)) return ok(true);
  if (NO.has(value)) return ok(false);
  return fail("use 'Sim' ou 'Não'");
}

const DOCUMENT_ERROR = 'CPF/CNPJ inválido (confira os números e os dígitos verificadores)';

/**
 * A CPF or CNPJ. Typed as a number, a spreadsheet drops its leading zeros (012.345.678-90 becomes
 * 1234567890): digits are padded back to 11 (CPF) or, when that is no valid CPF, to 14 (a CNPJ beginning with
 * zeros). Punctuated forms and the alphanumeric CNPJ are read too; the check digits must match. The value is
 * kept without its mask, upper case.
 */
export function documentCell(cell: RawCell): CellResult<string | null> {
  if (isBlank(cell)) return ok(null);
  const raw =
    typeof cell === 'number' ? (Number.isInteger(cell) ? cell.toFixed(0) : '') : String(cell).trim();
  if (!/^[0-9A-Za-z.\-/\s]+$/.test(raw)) return fail(DOCUMENT_ERROR);
  const document = stripBuyerDocument(raw);
  const candidates = /^\d+$/.test(document)
    ? [document.padStart(11, '0'), document.padStart(14, '0')]
    : [document];
  const valid = candidates.find((candidate) => candidate.length <= 14 && isValidBuyerDocument(candidate));
  return valid ? ok(valid) : fail(DOCUMENT_ERROR);
}
