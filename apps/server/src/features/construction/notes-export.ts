import * as XLSX from '@e965/xlsx';
import { NOTE_TYPE_LABELS, spreadsheetText, type Note } from '@mirante/shared';
import { csvBuffer } from '../../spreadsheets/csv';

type Cell = string | number | null;

interface Column {
  header: string;
  width: number;
  value(note: Note): Cell;
}

/** The columns of anotacoes.{ext}: the notes table of spec 2.10, dates YYYY-MM-DD (spec 9). */
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

/** A real Excel 97-2003 workbook (BIFF8, what `.xls` names), sheet 'Anotações': numbers typed, dates as text. */
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
  sheet['!cols'] = COLUMNS.map((column) => ({ wch: column.width }));
  const workbook = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(workbook, sheet, 'Anotações');
  return XLSX.write(workbook, { bookType: 'biff8', type: 'buffer' }) as Buffer;
}
