import { PassThrough, type Readable } from 'node:stream';
import ExcelJS from 'exceljs';

/**
 * A one-sheet .xlsx (bold frozen header, autofilter), written by exceljs's streaming writer into the returned
 * stream: rows are committed as they go, never the whole workbook in memory. A column's `style` (a number
 * format, say) is every cell's of that column; cells are given as the caller wants them written.
 */
export function xlsxStream<Row>(
  sheetName: string,
  columns: readonly Partial<ExcelJS.Column>[],
  rows: readonly Row[],
  cellsOf: (row: Row) => ExcelJS.CellValue[],
): Readable {
  const output = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: output,
    useStyles: true,
    useSharedStrings: false,
  });
  workbook.creator = 'Mirante';
  const write = async () => {
    const sheet = workbook.addWorksheet(sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
    sheet.columns = [...columns];
    const header = sheet.getRow(1);
    header.font = { bold: true };
    header.commit();
    // One style object per column, shared by its cells: exceljs caches a style's id by object identity, while
    // the copy it makes for every new cell is registered (rendered to XML and looked up) cell by cell.
    const styles = columns.map((_, index) => sheet.getColumn(index + 1).style);
    for (const row of rows) {
      const written = sheet.addRow(cellsOf(row));
      written.eachCell({ includeEmpty: true }, (cell, index) => {
        cell.style = styles[index - 1] ?? cell.style;
      });
      written.commit();
    }
    sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: columns.length } };
    sheet.commit();
    await workbook.commit();
  };
  write().catch((error: unknown) =>
    output.destroy(error instanceof Error ? error : new Error(String(error))),
  );
  return output;
}
