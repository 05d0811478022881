import {
  dateCellKey,
  dateNameKey,
  type DetectionRow,
  type DetectionsExportQuery,
  type DetectionsHistory,
  spreadsheetText,
} from '@mirante/shared';
import type { Readable } from 'node:stream';
import { csvStream } from '../../spreadsheets/csv';
import { xlsxStream } from '../../spreadsheets/xlsx';

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
 * The export's rows and columns: the report's table, narrowed by status_type (summary tags)
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

/** A real .xlsx workbook, one sheet 'Detecções', every cell a text safe from formulas. */
export function toXlsx(table: ExportTable): Readable {
  return xlsxStream(
    'Detecções',
    table.columns.map((column) => ({ header: spreadsheetText(column.header), width: column.width })),
    table.rows,
    (row) => table.columns.map((column) => spreadsheetText(column.value(row))),
  );
}
