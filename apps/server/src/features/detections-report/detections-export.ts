import {
  dateCellKey,
  dateNameKey,
  type DetectionRow,
  type DetectionsExportQuery,
  type DetectionsHistory,
  spreadsheetText,
} from '@mirante/shared';
import { PassThrough, type Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { csvStream } from '../../spreadsheets/csv';

export interface ExportColumn {
  header: string;
  value: (row: DetectionRow) => string;
  width: number;
}

export interface ExportTable {
  columns: ExportColumn[];
  rows: DetectionRow[];
}

const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));

/**
 * The export's rows and columns (spec 2.6 and 7): the report's table, narrowed by status_type (summary tags)
 * or specific_status on specific_date (side tables); only_last_date keeps the end date's column alone.
 * Date headers are YYYY-MM-DD.
 */
export function exportTable(
  history: DetectionsHistory,
  query: DetectionsExportQuery,
  hasStage: boolean,
): ExportTable {
  const dates = history.uniqueDates;
  let rows = history.tableRows;
  if (query.status_type) rows = rows.filter((row) => row.status === query.status_type);
  if (query.specific_status && query.specific_date) {
    const index = dates.indexOf(query.specific_date);
    rows = index < 0 ? [] : rows.filter((row) => row[dateCellKey(index)] === query.specific_status);
  }
  const indexes = query.only_last_date ? [dates.length - 1] : dates.map((_date, index) => index);
  const columns: ExportColumn[] = [];
  if (hasStage) columns.push({ header: 'Etapa', value: (row) => text(row.stage), width: 14 });
  columns.push(
    { header: 'Código', value: (row) => text(row.customer_code), width: 14 },
    { header: 'Quadra', value: (row) => text(row.block), width: 10 },
    { header: 'Lote', value: (row) => text(row.tag_value), width: 8 },
  );
  for (const index of indexes) {
    columns.push({ header: dates[index] ?? '', value: (row) => text(row[dateNameKey(index)]), width: 22 });
  }
  if (history.dateType === 'and' && dates.length === 2 && !query.only_last_date) {
    columns.push({ header: 'Status', value: (row) => row.status, width: 12 });
  }
  columns.push({ header: 'Observação', value: (row) => text(row.obs), width: 40 });
  return { columns, rows };
}

/** CSV for pt-BR spreadsheet programs (every field a text, safe from formulas); streamed in chunks. */
export function toCsv(table: ExportTable): Readable {
  return csvStream(
    table.columns.map((column) => spreadsheetText(column.header)),
    table.rows,
    (row) => table.columns.map((column) => spreadsheetText(column.value(row))),
  );
}

const PLAIN: Partial<ExcelJS.Style> = {};

/**
 * A real .xlsx workbook (one sheet 'Detecções', bold frozen header, autofilter), written by exceljs's
 * streaming writer into the returned stream: rows are committed as they go and only the header row carries
 * a style (no per-cell style model, no whole workbook in memory).
 */
export function toXlsx(table: ExportTable): Readable {
  const output = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: output,
    useStyles: true,
    useSharedStrings: false,
  });
  workbook.creator = 'Mirante';
  const write = async () => {
    const sheet = workbook.addWorksheet('Detecções', { views: [{ state: 'frozen', ySplit: 1 }] });
    sheet.columns = table.columns.map((column) => ({
      header: spreadsheetText(column.header),
      width: column.width,
    }));
    const header = sheet.getRow(1);
    header.font = { bold: true };
    header.commit();
    for (const row of table.rows) {
      const added = sheet.addRow(table.columns.map((column) => spreadsheetText(column.value(row))));
      // one shared (empty) style object: exceljs resolves it once, not a fresh style model per cell
      added.eachCell((cell) => {
        cell.style = PLAIN;
      });
      added.commit();
    }
    sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: table.columns.length } };
    sheet.commit();
    await workbook.commit();
  };
  write().catch((error: unknown) =>
    output.destroy(error instanceof Error ? error : new Error(String(error))),
  );
  return output;
}
