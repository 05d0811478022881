import * as XLSX from '@e965/xlsx';
import { FINANCE_IMPORT_LIMITS } from '@mirante/shared';
import { checkMarkup, checkZipPackage, type GuardRefusal } from './bomb-guard';
import { sniffSpreadsheet } from './sniff';

/** A cell as the workbook stores it: numbers stay numbers (dates are serials), text stays text. */
export type RawCell = string | number | boolean | null;

export interface SheetGrid {
  /** Rows of the first sheet, header first; every row cut at `maxColumns`. */
  rows: RawCell[][];
  /** The workbook counts its date serials from 1904 (old Mac Excel). */
  date1904: boolean;
  /** More data rows than `FINANCE_IMPORT_LIMITS.maxRows`. */
  truncated: boolean;
}

export type SheetReadResult = { ok: true; grid: SheetGrid } | { ok: false; reason: GuardRefusal | 'type' };

export interface ReadOptions {
  maxRows?: number;
  /** Columns read per row: a sheet claiming 16,384 columns is not walked past these. */
  maxColumns?: number;
}

interface DenseSheet {
  '!data'?: ({ v?: unknown } | undefined)[][];
}

function cellValue(cell: { v?: unknown } | undefined): RawCell {
  const value = cell?.v;
  if (value === undefined || value === null) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  if (value instanceof Date) return value.toISOString();
  return String(value);
}

/**
 * Reads the first sheet of an upload after sniffing what it is and guarding it (zip/XML bombs are refused
 * before SheetJS parses anything). Text formats (HTML "fake .xls") are read raw, so '01/02/2024' and
 * '1.234,56' reach the Brazilian cell rules as typed instead of being guessed as US dates or numbers.
 */
export function readFirstSheet(bytes: Buffer, options: ReadOptions = {}): SheetReadResult {
  const maxRows = options.maxRows ?? FINANCE_IMPORT_LIMITS.maxRows;
  const maxColumns = options.maxColumns ?? 64;
  const kind = sniffSpreadsheet(bytes);
  if (!kind) return { ok: false, reason: 'type' };
  const refusal = kind === 'zip' ? checkZipPackage(bytes) : kind === 'markup' ? checkMarkup(bytes) : null;
  if (refusal) return { ok: false, reason: refusal };
  let workbook: XLSX.WorkBook;
  try {
    workbook = XLSX.read(bytes, {
      type: 'buffer',
      dense: true,
      raw: true,
      cellDates: false,
      cellFormula: false,
      cellHTML: false,
      cellStyles: false,
      cellText: false,
      sheetRows: maxRows + 2,
      sheets: 0,
    });
  } catch {
    return { ok: false, reason: 'malformed' };
  }
  const name = workbook.SheetNames[0];
  const sheet = name ? (workbook.Sheets[name] as DenseSheet | undefined) : undefined;
  if (!sheet) return { ok: false, reason: 'malformed' };
  const data = sheet['!data'] ?? [];
  const rows: RawCell[][] = [];
  for (let index = 0; index < data.length && index < maxRows + 1; index += 1) {
    const row = data[index] ?? [];
    const cells: RawCell[] = [];
    for (let column = 0; column < row.length && column < maxColumns; column += 1) {
      cells.push(cellValue(row[column]));
    }
    rows.push(cells);
  }
  return {
    ok: true,
    grid: {
      rows,
      date1904: Boolean(workbook.Workbook?.WBProps?.date1904),
      truncated: data.length > maxRows + 1,
    },
  };
}
