import { buffer } from 'node:stream/consumers';
import type { MessagePort } from 'node:worker_threads';
import { portfolioSheetColumns, type InformationFilters } from '@mirante/shared';
import { informationList, type PortfolioRows } from './information-list';
import { parsePortfolioSheet, type ImportLot, type ImportRowOutcome } from './portfolio-import';
import { portfolioCsv, portfolioXlsx } from './portfolio-sheets';
import { readFirstSheet, type SheetReadResult } from './spreadsheet/read-sheet';

export interface ReadPortfolioInput {
  /** The uploaded file (moved into the thread, not copied). */
  bytes: Uint8Array;
  hasStage: boolean;
  lots: ImportLot[];
}

/**
 * The sheet refused before parsing (type, bomb…) or as a whole (its header), or every row read and checked
 * against the lots: the rows were posted on the task's port, `ROWS_PER_MESSAGE` at a time, in order.
 */
export type PortfolioFileRead =
  | { ok: false; reason: Extract<SheetReadResult, { ok: false }>['reason'] }
  | { ok: true; parsed: { ok: false; message: string } | { ok: true; rows: number } };

/**
 * Rows per message: each message is copied into the event loop's thread on its own, so 10,000 rows never
 * block it at once (a single answer of 10,000 rows took it 40–80 ms).
 */
export const ROWS_PER_MESSAGE = 500;

/** The portfolio import's CPU work (guards, SheetJS, the rows' rules), on a CPU pool thread. */
export const portfolioTasks = {
  async readPortfolioFile(input: ReadPortfolioInput, port: MessagePort): Promise<PortfolioFileRead> {
    const read = readFirstSheet(
      Buffer.from(input.bytes.buffer, input.bytes.byteOffset, input.bytes.byteLength),
    );
    if (!read.ok) return { ok: false, reason: read.reason };
    const parsed = parsePortfolioSheet(read.grid, portfolioSheetColumns(input.hasStage), input.lots);
    if (!parsed.ok) return { ok: true, parsed };
    for (let start = 0; start < parsed.rows.length; start += ROWS_PER_MESSAGE) {
      const batch: ImportRowOutcome[] = parsed.rows.slice(start, start + ROWS_PER_MESSAGE);
      port.postMessage(batch);
    }
    return { ok: true, parsed: { ok: true, rows: parsed.rows.length } };
  },

  /**
   * The portfolio export's file (CSV or .xlsx), written whole on a CPU pool thread from the stored rows: the
   * list (alerts, filters, natural order) is built here too.
   */
  async writePortfolioFile(input: {
    format: 'csv' | 'xlsx';
    portfolio: PortfolioRows;
    filters: InformationFilters;
  }): Promise<Uint8Array> {
    const list = informationList(input.portfolio, input.filters);
    const columns = portfolioSheetColumns(list.hasStage);
    const body =
      input.format === 'csv' ? portfolioCsv(columns, list.list) : portfolioXlsx(columns, list.list);
    return buffer(body);
  },
};
