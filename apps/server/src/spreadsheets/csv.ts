import { Readable } from 'node:stream';

/** A field quoted when it holds the separator, a quote or a line break (its quotes doubled). */
const quoted = (text: string) => (/[";\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);

const line = (fields: readonly string[]) => `${fields.map(quoted).join(';')}\r\n`;

const CHUNK_ROWS = 500;

/**
 * The chunks of a CSV for pt-BR spreadsheet programs: UTF-8 BOM, ';' separator, CRLF after every line.
 * The fields come as the texts to show (made safe from formulas by the caller, who knows which are numbers);
 * only quoting is done here.
 */
function* csvChunks<Row>(
  header: readonly string[],
  rows: readonly Row[],
  fieldsOf: (row: Row) => readonly string[],
): Generator<string> {
  yield `\uFEFF${line(header)}`;
  for (let start = 0; start < rows.length; start += CHUNK_ROWS) {
    let chunk = '';
    for (const row of rows.slice(start, start + CHUNK_ROWS)) chunk += line(fieldsOf(row));
    yield chunk;
  }
}

/** The CSV streamed in chunks of rows (a large export is never one string in memory). */
export function csvStream<Row>(
  header: readonly string[],
  rows: readonly Row[],
  fieldsOf: (row: Row) => readonly string[],
): Readable {
  return Readable.from(csvChunks(header, rows, fieldsOf), { objectMode: false });
}

/** The CSV as one buffer, for small files. */
export function csvBuffer<Row>(
  header: readonly string[],
  rows: readonly Row[],
  fieldsOf: (row: Row) => readonly string[],
): Buffer {
  return Buffer.from([...csvChunks(header, rows, fieldsOf)].join(''), 'utf8');
}
