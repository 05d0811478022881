import { buffer } from 'node:stream/consumers';
import { portfolioSheetColumns, type InformationRow } from '@mirante/shared';
import { parsePortfolioSheet, type ImportLot, type SheetParse } from './portfolio-import';
import { portfolioCsv, portfolioXlsx } from './portfolio-sheets';
import { readFirstSheet, type SheetReadResult } from './spreadsheet/read-sheet';

export interface ReadPortfolioInput {
  /** The uploaded file (moved into the thread, not copied). */
  bytes: Uint8Array;
  hasStage: boolean;
  lots: ImportLot[];
}

/** The sheet refused before parsing (type, bomb…), or every row read and checked against the lots. */
export type PortfolioFileRead =
  { ok: false; reason: Extract<SheetReadResult, { ok: false }>['reason'] } | { ok: true; parsed: SheetParse };

/** The portfolio import's CPU work (guards, SheetJS, the rows' rules), on a CPU pool thread. */
export const portfolioTasks = {
  async readPortfolioFile(input: ReadPortfolioInput): Promise<PortfolioFileRead> {
    const read = readFirstSheet(
      Buffer.from(input.bytes.buffer, input.bytes.byteOffset, input.bytes.byteLength),
    );
    if (!read.ok) return { ok: false, reason: read.reason };
    return {
      ok: true,
      parsed: parsePortfolioSheet(read.grid, portfolioSheetColumns(input.hasStage), input.lots),
    };
  },

  /** The portfolio export's file (CSV or .xlsx), written whole on a CPU pool thread. */
  async writePortfolioFile(input: {
    format: 'csv' | 'xlsx';
    hasStage: boolean;
    rows: InformationRow[];
  }): Promise<Uint8Array> {
    const columns = portfolioSheetColumns(input.hasStage);
    const body =
      input.format === 'csv' ? portfolioCsv(columns, input.rows) : portfolioXlsx(columns, input.rows);
    return buffer(body);
  },
};
