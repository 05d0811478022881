import type { Readable } from 'node:stream';
import {
  detectionTypeOf,
  formatBuyerDocument,
  lotOfName,
  spreadsheetText,
  YES_NO_VALUES,
  type InformationRow,
  type PortfolioSheetColumn,
} from '@mirante/shared';
import ExcelJS from 'exceljs';
import { csvStream } from '../../spreadsheets/csv';
import { xlsxStream } from '../../spreadsheets/xlsx';

export type SheetValue = string | number | boolean | null;

/** A row's value for a column, as stored (numbers stay numbers, dates YYYY-MM-DD, yes/no booleans). */
export function portfolioValue(row: InformationRow, column: PortfolioSheetColumn): SheetValue {
  if (column.key === 'lot') return lotOfName(row.name);
  if (column.key === 'ult_deteccao') {
    return row.ult_deteccao ? (detectionTypeOf(row.ult_deteccao)?.name ?? row.ult_deteccao) : null;
  }
  const value = (row as unknown as Record<string, SheetValue | undefined>)[column.key];
  if (column.kind === 'document' && typeof value === 'string') return formatBuyerDocument(value);
  return value === undefined ? null : value;
}

const yesNo = (value: SheetValue) => (value === null ? '' : value ? YES_NO_VALUES[0] : YES_NO_VALUES[1]);
const centsText = (value: number) => value.toFixed(2).replace('.', ',');

/** A CSV field's text: formula starts neutralised (a money value, written with its decimal comma, is a number). */
function csvText(value: SheetValue, column: PortfolioSheetColumn): string {
  if (value === null) return '';
  if (column.kind === 'yesno') return yesNo(value);
  if (column.kind === 'money' && typeof value === 'number') return centsText(value);
  return spreadsheetText(String(value));
}

/**
 * The portfolio as CSV for pt-BR spreadsheet programs: UTF-8 with BOM, ';' separator, CRLF, money with a
 * decimal comma, dates YYYY-MM-DD, Sim/Não; streamed in chunks.
 */
export function portfolioCsv(
  columns: readonly PortfolioSheetColumn[],
  rows: readonly InformationRow[],
): Readable {
  return csvStream(
    columns.map((column) => spreadsheetText(column.header)),
    rows,
    (row) => columns.map((column) => csvText(portfolioValue(row, column), column)),
  );
}

/** A YYYY-MM-DD as the midnight-UTC Date exceljs writes as that very day's serial (no time zone shift). */
const utcDate = (iso: string) => new Date(Date.parse(`${iso}T00:00:00Z`));

/** A value as an .xlsx cell: numbers as numbers, dates as real dates, texts safe from formula injection. */
function xlsxCell(value: SheetValue, column: PortfolioSheetColumn): ExcelJS.CellValue {
  if (value === null) return null;
  if (column.kind === 'yesno') return yesNo(value);
  if (column.kind === 'date' && typeof value === 'string') return utcDate(value);
  if (typeof value === 'number') return value;
  return spreadsheetText(String(value));
}

const NUMBER_FORMATS: Partial<Record<PortfolioSheetColumn['kind'], string>> = {
  money: '#,##0.00',
  date: 'dd/mm/yyyy',
  count: '0',
};

function sheetColumns(columns: readonly PortfolioSheetColumn[]): Partial<ExcelJS.Column>[] {
  return columns.map((column) => {
    const numFmt = NUMBER_FORMATS[column.kind];
    return {
      header: column.header,
      key: column.key,
      width: column.width,
      // Text columns typed as text: a CPF or code keeps its leading zeros when someone edits the file.
      style: { numFmt: numFmt ?? '@' },
    };
  });
}

/**
 * The portfolio as a real .xlsx, sheet 'Carteira', streamed: the template's columns and number formats, so the
 * file can be edited and imported again.
 */
export function portfolioXlsx(
  columns: readonly PortfolioSheetColumn[],
  rows: readonly InformationRow[],
): Readable {
  return xlsxStream('Carteira', sheetColumns(columns), rows, (row) =>
    columns.map((column) => xlsxCell(portfolioValue(row, column), column)),
  );
}

/** Rows of the template that carry the data-validation lists. */
const VALIDATED_ROWS = 20_000;

interface SheetWithValidations {
  // exceljs keeps range validations on the worksheet but leaves the property out of its typings
  dataValidations: { add(range: string, validation: ExcelJS.DataValidation): void };
}

function listValidation(formula: string, header: string): ExcelJS.DataValidation {
  return {
    type: 'list',
    allowBlank: true,
    formulae: [formula],
    showErrorMessage: true,
    errorStyle: 'stop',
    errorTitle: header,
    error: `Escolha um valor da lista da coluna '${header}'.`,
  };
}

/**
 * The import template: the project's columns (Etapa first when it has stages), one example row and
 * drop-down lists where a column takes fixed values (Etapa: the project's stage names, exactly; the yes/no
 * columns: Sim/Não). The stage names live on a hidden sheet the lists point at; the import reads only the first.
 */
export async function portfolioTemplate(
  columns: readonly PortfolioSheetColumn[],
  example: readonly SheetValue[],
  stages: readonly string[],
): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Mirante';
  const sheet = workbook.addWorksheet('Carteira', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = sheetColumns(columns);
  sheet.getRow(1).font = { bold: true };
  sheet.addRow(columns.map((column, index) => xlsxCell(example[index] ?? null, column)));
  const validations = (sheet as unknown as SheetWithValidations).dataValidations;
  columns.forEach((column, index) => {
    const letter = sheet.getColumn(index + 1).letter;
    const range = `${letter}2:${letter}${VALIDATED_ROWS}`;
    if (column.kind === 'yesno') {
      validations.add(range, listValidation(`"${YES_NO_VALUES.join(',')}"`, column.header));
    } else if (column.key === 'stage' && stages.length > 0) {
      validations.add(range, listValidation(`Listas!$A$1:$A$${stages.length}`, column.header));
    }
  });
  if (stages.length > 0) {
    const lists = workbook.addWorksheet('Listas', { state: 'hidden' });
    stages.forEach((stage) => lists.addRow([stage]));
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
