import * as XLSX from '@e965/xlsx';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { buildZip, deflatedEntry } from '../../../../test/zip-fixtures';
import { dateCell } from './cells';
import { readFirstSheet } from './read-sheet';

async function excelJsWorkbook(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Carteira');
  sheet.addRow(['Quadra', 'Lote', 'Data da venda', 'Valor da venda']);
  sheet.addRow(['A', 1, new Date(Date.UTC(2024, 0, 15)), 1234.56]);
  sheet.getCell('C2').numFmt = 'dd/mm/yyyy';
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

function dateOf(bytes: Buffer, row = 1, column = 2) {
  const read = readFirstSheet(bytes);
  if (!read.ok) throw new Error(read.reason);
  return dateCell(read.grid.rows[row]?.[column] ?? null, read.grid.date1904);
}

describe('readFirstSheet', () => {
  it('reads .xlsx with dates as serials that stay on their calendar day', async () => {
    const read = readFirstSheet(await excelJsWorkbook());
    expect(read.ok && read.grid.rows).toEqual([
      ['Quadra', 'Lote', 'Data da venda', 'Valor da venda'],
      ['A', 1, 45306, 1234.56],
    ]);
    expect(dateOf(await excelJsWorkbook())).toEqual({ ok: true, value: '2024-01-15' });
  });

  it('reads binary .xls (BIFF8)', () => {
    const sheet = XLSX.utils.aoa_to_sheet([
      ['Quadra', 'Lote', 'Data da venda'],
      ['B', '02', 45306],
    ]);
    const workbook = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(workbook, sheet, 'Planilha1');
    const bytes = Buffer.from(XLSX.write(workbook, { type: 'buffer', bookType: 'biff8' }) as Uint8Array);
    const read = readFirstSheet(bytes);
    expect(read.ok && read.grid.rows[1]).toEqual(['B', '02', 45306]);
  });

  it('reads the HTML an ERP saves as .xls, cells as typed', () => {
    const html =
      '<html><head><meta charset="utf-8"></head><body><table>' +
      '<tr><th>Quadra</th><th>Lote</th><th>Data da venda</th><th>Valor da venda</th></tr>' +
      '<tr><td>C</td><td>3</td><td>01/02/2024</td><td>R$ 1.234,56</td></tr></table></body></html>';
    const read = readFirstSheet(Buffer.from(html));
    expect(read.ok && read.grid.rows[1]).toEqual(['C', '3', '01/02/2024', 'R$ 1.234,56']);
    expect(dateOf(Buffer.from(html))).toEqual({ ok: true, value: '2024-02-01' });
  });

  it('reads SpreadsheetML 2003 XML with a DateTime cell on its day', () => {
    const xml =
      '<?xml version="1.0"?><Workbook xmlns="urn:schemas-microsoft-com:office:spreadsheet" ' +
      'xmlns:ss="urn:schemas-microsoft-com:office:spreadsheet"><Worksheet ss:Name="Plan1"><Table>' +
      '<Row><Cell><Data ss:Type="String">Quadra</Data></Cell><Cell><Data ss:Type="String">Lote</Data></Cell>' +
      '<Cell><Data ss:Type="String">Data da venda</Data></Cell></Row>' +
      '<Row><Cell><Data ss:Type="String">D</Data></Cell><Cell><Data ss:Type="Number">4</Data></Cell>' +
      '<Cell><Data ss:Type="DateTime">2024-03-10T00:00:00.000</Data></Cell></Row></Table></Worksheet></Workbook>';
    expect(dateOf(Buffer.from(xml))).toEqual({ ok: true, value: '2024-03-10' });
  });

  it('refuses what is not a spreadsheet, a broken package and a bomb before parsing', () => {
    expect(readFirstSheet(Buffer.from('%PDF-1.7 ...'))).toEqual({ ok: false, reason: 'type' });
    expect(readFirstSheet(Buffer.from('PK\u0003\u0004garbage'))).toEqual({ ok: false, reason: 'malformed' });
    const notAWorkbook = buildZip([deflatedEntry('hello.txt', 'oi')]);
    expect(readFirstSheet(notAWorkbook).ok).toBe(false);
  });

  it('stops reading past the row limit and says so', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('x');
    for (let index = 0; index < 30; index += 1) sheet.addRow([index]);
    const read = readFirstSheet(Buffer.from(await workbook.xlsx.writeBuffer()), { maxRows: 10 });
    expect(read.ok && read.grid.truncated).toBe(true);
    expect(read.ok && read.grid.rows.length).toBe(11);
  });
});
