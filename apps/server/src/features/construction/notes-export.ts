import * as XLSX from '@e965/xlsx';
import { NOTE_TYPE_LABELS, spreadsheetText, type Note } from '@mirante/shared';
import { csvBuffer } from '../../spreadsheets/csv';

type Cell = string | number | null;

interface Column {
  header: string;
  width: number;
  value(note: Note): Cell;
}

/** The columns of anotacoes.{ext}: the notes table of the construction pages, dates YYYY-MM-DD. */
const COLUMNS: readonly Column[] = [
  { header: 'Código', width: 10, value: (note) => note.id },
  { header: 'Nome', width: 30, value: (note) => note.name },
  { header: 'Data', width: 12, value: (note) => note.date },
  { header: 'Descrição', width: 50, value: (note) => note.description },
  { header: 'Categoria', width: 20, value: (note) => note.category_name },
  { header: 'Tipo', width: 12, value: (note) => NOTE_TYPE_LABELS[note.note_type] },
  { header: 'Área (m²)', width: 14, value: (note) => (note.note_type === 'polygon' ? note.area : null) },
  { header: 'Comprimento (m)', width: 16, value: (note) => (note.note_type === 'line' ? note.area : null) },
  { header: 'Volume (m³)', width: 14, value: (note) => (note.volume > 0 ? note.volume : null) },
];

const csvText = (value: Cell): string => {
  if (value === null) return '';
  if (typeof value === 'number')
    return Number.isInteger(value) ? String(value) : value.toFixed(2).replace('.', ',');
  return spreadsheetText(value);
};

/** CSV for pt-BR spreadsheet programs, numbers with a decimal comma. */
export function notesCsv(notes: readonly Note[]): Buffer {
  return csvBuffer(
    COLUMNS.map((column) => csvText(column.header)),
    notes,
    (note) => COLUMNS.map((column) => csvText(column.value(note))),
  );
}

const DATE_COLUMN = COLUMNS.findIndex((column) => column.header === 'Data');
const DAY_MS = 86_400_000;
/** Excel's day 0 (1899-12-30, the 1900 system with its leap-year bug), in UTC: no time zone shifts the day. */
const EXCEL_EPOCH_MS = Date.UTC(1899, 11, 30);

/** A calendar date YYYY-MM-DD as an Excel date serial (whole days), or null when it is not one. */
export function excelDateSerial(isoDate: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  if (!match) return null;
  const ms = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return Number.isNaN(ms) ? null : Math.round((ms - EXCEL_EPOCH_MS) / DAY_MS);
}

/**
 * A real Excel 97-2003 workbook (BIFF8, what `.xls` names), sheet 'Anotações': numbers typed, the note's date a
 * date cell shown as YYYY-MM-DD (sortable and filterable as a date in Excel).
 */
export function notesXls(notes: readonly Note[]): Buffer {
  const rows: Cell[][] = [COLUMNS.map((column) => column.header)];
  for (const note of notes) {
    rows.push(
      COLUMNS.map((column) => {
        const value = column.value(note);
        return typeof value === 'string' ? spreadsheetText(value) : value;
      }),
    );
  }
  const sheet = XLSX.utils.aoa_to_sheet(rows);
  notes.forEach((note, index) => {
    const serial = excelDateSerial(note.date);
    if (serial === null) return;
    sheet[XLSX.utils.encode_cell({ r: index + 1, c: DATE_COLUMN })] = { t: 'n', v: serial, z: 'yyyy-mm-dd' };
  });
  sheet['!cols'] = COLUMNS.map((column) => ({ wch: column.width }));
  const workbook = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(workbook, sheet, 'Anotações');
  return XLSX.write(workbook, { bookType: 'biff8', type: 'buffer' }) as Buffer;
}
