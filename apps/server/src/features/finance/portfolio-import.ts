import {
  FINANCE_IMPORT_MESSAGES,
  NO_VALUE,
  normalizeForSearch,
  PORTFOLIO_EXAMPLE_KEY,
  PORTFOLIO_EXAMPLE_ROW_ERROR,
  type InformationUpdate,
  type PortfolioSheetColumn,
} from '@mirante/shared';
import {
  countCell,
  dateCell,
  documentCell,
  isBlank,
  moneyCell,
  textCell,
  yesNoCell,
  type CellResult,
} from './spreadsheet/cells';
import { columnLetter, headerProblem, matchHeaders } from './spreadsheet/header-match';
import type { RawCell, SheetGrid } from './spreadsheet/read-sheet';

/** A lot of the project as the spreadsheet names it. */
export interface ImportLot {
  layerId: number;
  stage: string | null;
  block: string | null;
  /** The lot number, as `lotOfName` reads it from the name. */
  lot: string;
  codigoLote: string | null;
}

export type SheetUpdate = Partial<Omit<InformationUpdate, 'layer_id'>>;

/** One data row of the sheet: the lot and its new values, or why it was refused. */
export interface ImportRowOutcome {
  /** Spreadsheet row number (1-based, as Excel shows it). */
  linha: number;
  /** How the row names its lot, for the e-mail ('Quadra 03, Lote 12'). */
  label: string;
  errors: string[];
  layerId: number | null;
  update: SheetUpdate;
}

export type SheetParse = { ok: false; message: string } | { ok: true; rows: ImportRowOutcome[] };

/** How many rows at the top may hold a title before the header row. */
const HEADER_SEARCH_ROWS = 10;

/**
 * Digits lose their leading zeros ('07' = '7', Excel drops them); the rest compares case/accent-blind; a blank
 * cell and S\N (what the export writes for a lot without block or lot) are the same "none".
 */
export function lotKeyPart(value: string | null | undefined): string {
  const trimmed = (value ?? '').trim();
  if (trimmed === NO_VALUE) return '';
  const text = normalizeForSearch(trimmed);
  return /^\d+$/.test(text) ? String(Number(text)) : text;
}

const lotKey = (stage: string | null, block: string | null, lot: string | null, withStage: boolean) =>
  [withStage ? lotKeyPart(stage) : '', lotKeyPart(block), lotKeyPart(lot)].join('\u0000');

function findHeaderRow(grid: SheetGrid, columns: readonly PortfolioSheetColumn[]): number {
  let firstFilled = -1;
  for (let index = 0; index < grid.rows.length && index < HEADER_SEARCH_ROWS; index += 1) {
    const row = grid.rows[index] ?? [];
    if (row.every(isBlank)) continue;
    if (firstFilled < 0) firstFilled = index;
    const match = matchHeaders(row, columns);
    if (columns.length - match.missing.length >= 3) return index;
  }
  return firstFilled;
}

function readCell(column: PortfolioSheetColumn, cell: RawCell, date1904: boolean): CellResult<unknown> {
  switch (column.kind) {
    case 'money':
      return moneyCell(cell);
    case 'count':
      return countCell(cell);
    case 'date':
      return dateCell(cell, date1904);
    case 'yesno':
      return yesNoCell(cell);
    case 'document':
      return documentCell(cell);
    default:
      return textCell(cell, column.max ?? 255);
  }
}

/**
 * Reads the portfolio sheet row by row: columns by header name, every cell under its column's
 * Brazilian rule, the lot found by Etapa (with stages) + Quadra + Lote, or by Código do lote. A row with any
 * bad cell, an unknown lot or a lot already given above is refused whole (nothing of it is written); blank
 * rows are skipped. A blank cell clears the value: the row is the lot's whole record, as exported.
 */
export function parsePortfolioSheet(
  grid: SheetGrid,
  columns: readonly PortfolioSheetColumn[],
  lots: readonly ImportLot[],
): SheetParse {
  if (grid.truncated)
    return { ok: false, message: FINANCE_IMPORT_MESSAGES.tooManyRows(grid.rows.length - 1) };
  const headerIndex = findHeaderRow(grid, columns);
  if (headerIndex < 0) return { ok: false, message: FINANCE_IMPORT_MESSAGES.emptySheet };
  const match = matchHeaders(grid.rows[headerIndex] ?? [], columns);
  const problem = headerProblem(match);
  if (problem) return { ok: false, message: problem };
  const withStage = columns.some((column) => column.key === 'stage');
  // null: more than one lot answers to that key (only the Código do lote can tell them apart).
  const byKey = new Map<string, ImportLot | null>();
  const byCode = new Map<string, ImportLot | null>();
  for (const lot of lots) {
    const key = lotKey(lot.stage, lot.block, lot.lot, withStage);
    byKey.set(key, byKey.has(key) ? null : lot);
    if (lot.codigoLote) {
      const code = lotKeyPart(lot.codigoLote);
      byCode.set(code, byCode.has(code) ? null : lot);
    }
  }
  const seen = new Map<number, number>();
  const rows: ImportRowOutcome[] = [];
  for (let index = headerIndex + 1; index < grid.rows.length; index += 1) {
    const cells = grid.rows[index] ?? [];
    const cellOf = (key: string): RawCell => {
      const at = match.indexes[key];
      return at === undefined ? null : (cells[at] ?? null);
    };
    if (columns.every((column) => isBlank(cellOf(column.key)))) continue;
    const linha = index + 1;
    const errors: string[] = [];
    const update: Record<string, unknown> = {};
    const keys: Record<string, string | null> = {};
    for (const column of columns) {
      if (column.kind === 'readonly') continue;
      // An optional column the sheet leaves out keeps the lots' stored values.
      if (column.optional && match.indexes[column.key] === undefined) continue;
      const result = readCell(column, cellOf(column.key), grid.date1904);
      if (!result.ok) {
        const letter = columnLetter(match.indexes[column.key] ?? 0);
        errors.push(`${column.header} (coluna ${letter}): ${result.error}`);
      } else if (column.kind === 'key') {
        keys[column.key] = result.value as string | null;
      } else {
        update[column.key] = result.value;
      }
    }
    const label = [
      withStage && keys.stage ? `Etapa ${keys.stage}` : null,
      `Quadra ${keys.block ?? '—'}`,
      `Lote ${keys.lot ?? '—'}`,
    ]
      .filter(Boolean)
      .join(', ');
    const example = lotKeyPart(PORTFOLIO_EXAMPLE_KEY);
    if (lotKeyPart(keys.block) === example && lotKeyPart(keys.lot) === example) {
      errors.push(PORTFOLIO_EXAMPLE_ROW_ERROR);
      rows.push({ linha, label, errors, layerId: null, update: {} });
      continue;
    }
    const byName = byKey.get(lotKey(keys.stage ?? null, keys.block ?? null, keys.lot ?? null, withStage));
    let lot = byName ?? undefined;
    const code = textCell(cellOf('codigo_lote'), 255);
    if (!lot && code.ok && code.value) lot = byCode.get(lotKeyPart(code.value)) ?? undefined;
    if (!lot && byName === null) {
      errors.push(
        'há mais de um lote com essa Quadra e esse Lote no projeto: informe o Código do lote para indicar qual',
      );
    } else if (!lot) {
      errors.push(
        withStage
          ? 'lote não encontrado no projeto (confira Etapa, Quadra e Lote: a etapa com o nome exato)'
          : 'lote não encontrado no projeto (confira Quadra e Lote)',
      );
    } else if (seen.has(lot.layerId)) {
      errors.push(`o mesmo lote já aparece na linha ${seen.get(lot.layerId)}`);
    } else {
      seen.set(lot.layerId, linha);
    }
    rows.push({
      linha,
      label,
      errors,
      layerId: errors.length === 0 && lot ? lot.layerId : null,
      update: errors.length === 0 ? (update as SheetUpdate) : {},
    });
  }
  if (rows.length === 0) return { ok: false, message: FINANCE_IMPORT_MESSAGES.emptySheet };
  return { ok: true, rows };
}
