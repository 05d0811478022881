import { MessageChannel, type MessagePort } from 'node:worker_threads';
import * as XLSX from '@e965/xlsx';
import { portfolioSheetColumns } from '@mirante/shared';
import { describe, expect, it } from 'vitest';
import type { ImportLot, ImportRowOutcome } from './portfolio-import';
import { portfolioTasks, ROWS_PER_MESSAGE } from './portfolio-tasks';

const HEADERS = portfolioSheetColumns(false).map((column) => column.header);
const LOTS = 2 * ROWS_PER_MESSAGE + 7;

function sheetOf(rows: (string | null)[][]): Uint8Array {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([HEADERS, ...rows]), 'Carteira');
  return new Uint8Array(XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Uint8Array);
}

const rowOf = (values: Record<string, string>) => HEADERS.map((header) => values[header] ?? null);

/** Runs the task with one end of a channel and collects what it posts on it, in order. */
async function read(bytes: Uint8Array, lots: ImportLot[]) {
  const { port1, port2 } = new MessageChannel();
  const messages: ImportRowOutcome[][] = [];
  const ended = new Promise<void>((resolve) =>
    port1.on('message', (message: ImportRowOutcome[] | 'end') =>
      message === 'end' ? resolve() : messages.push(message),
    ),
  );
  const result = await portfolioTasks.readPortfolioFile(
    { bytes, hasStage: false, lots },
    port2 as MessagePort,
  );
  // Messages arrive in the order posted: once this one is read, every batch the task posted has been.
  port2.postMessage('end');
  await ended;
  port1.close();
  return { result, messages };
}

describe('readPortfolioFile (CPU pool task)', () => {
  it('posts every row of a large sheet in batches of ROWS_PER_MESSAGE, in sheet order, and answers the count', async () => {
    const lots: ImportLot[] = Array.from({ length: LOTS }, (_, index) => ({
      layerId: index + 1,
      stage: null,
      block: 'A',
      lot: String(index + 1),
      codigoLote: null,
    }));
    const rows = lots.map((lot) => rowOf({ Quadra: 'A', Lote: lot.lot, Notas: `nota ${lot.lot}` }));
    const { result, messages } = await read(sheetOf(rows), lots);

    expect(result).toEqual({ ok: true, parsed: { ok: true, rows: LOTS } });
    expect(messages.map((batch) => batch.length)).toEqual([ROWS_PER_MESSAGE, ROWS_PER_MESSAGE, 7]);
    const posted = messages.flat();
    expect(posted.map((row) => row.linha)).toEqual(lots.map((_, index) => index + 2));
    expect(posted.map((row) => row.layerId)).toEqual(lots.map((lot) => lot.layerId));
    expect(posted.every((row) => row.errors.length === 0)).toBe(true);
    expect(posted.at(-1)?.update.notas).toBe(`nota ${LOTS}`);
  });

  it('posts no row when the sheet is refused as a whole', async () => {
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([['Coluna qualquer'], ['x']]), 'Plan1');
    const bytes = new Uint8Array(XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Uint8Array);
    const { result, messages } = await read(bytes, []);

    expect(result).toMatchObject({ ok: true, parsed: { ok: false } });
    expect(messages).toEqual([]);
  });
});
