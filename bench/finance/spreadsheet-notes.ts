// The exported portfolio workbook edited as a user would before importing it back (finance and event-loop benches).
import * as XLSX from '@e965/xlsx';

/** The exported portfolio workbook with every data row's 'Notas' set to `note` (an import that writes each row). */
export function editSpreadsheetNotes(xlsx: Buffer, note: string): Buffer {
  const book = XLSX.read(xlsx, { type: 'buffer' });
  const sheet = book.Sheets[book.SheetNames[0] ?? '']!;
  const rows = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: true });
  const notes = (rows[0] ?? []).indexOf('Notas');
  for (const row of rows.slice(1)) row[notes] = note;
  const edited = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(edited, XLSX.utils.aoa_to_sheet(rows), 'Carteira');
  return Buffer.from(XLSX.write(edited, { type: 'buffer', bookType: 'xlsx' }) as Uint8Array);
}
