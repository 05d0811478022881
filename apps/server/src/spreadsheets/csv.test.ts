import { buffer } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { csvBuffer, csvStream } from './csv';

const header = ['Nome', 'Valor'];
const fields = (row: [string, string]) => row;

describe('csv', () => {
  it('writes a BOM, ";" between fields and CRLF after every line, the last one too', () => {
    const csv = csvBuffer(header, [['Lote 1', '10,50']] as [string, string][], fields).toString('utf8');
    expect(csv).toBe('\uFEFFNome;Valor\r\nLote 1;10,50\r\n');
  });

  it('quotes a field holding the separator, a quote or a line break, doubling its quotes', () => {
    const rows: [string, string][] = [
      ['a;b', 'diz "oi"'],
      ['linha\nnova', 'cr\r'],
    ];
    expect(csvBuffer(header, rows, fields).toString('utf8')).toBe(
      '\uFEFFNome;Valor\r\n"a;b";"diz ""oi"""\r\n"linha\nnova";"cr\r"\r\n',
    );
  });

  it('leaves formula starts to the caller (it alone knows which fields are numbers)', () => {
    const csv = csvBuffer(header, [['-5', '=1+1']] as [string, string][], fields).toString('utf8');
    expect(csv).toBe('\uFEFFNome;Valor\r\n-5;=1+1\r\n');
  });

  it('streams the same bytes as the buffer, also past one chunk of rows', async () => {
    const rows = Array.from({ length: 1234 }, (_, index): [string, string] => [`L${index}`, `${index}`]);
    const streamed = (await buffer(csvStream(header, rows, fields))).toString('utf8');
    expect(streamed).toBe(csvBuffer(header, rows, fields).toString('utf8'));
    expect(streamed.split('\r\n')).toHaveLength(1 + 1234 + 1);
    expect(streamed.endsWith('L1233;1233\r\n')).toBe(true);
  });

  it('writes only the header for no rows', () => {
    expect(csvBuffer(header, [], fields).toString('utf8')).toBe('\uFEFFNome;Valor\r\n');
  });
});
