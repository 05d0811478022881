import { buffer } from 'node:stream/consumers';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { xlsxStream } from './xlsx';

async function readBack(stream: NodeJS.ReadableStream) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(new Uint8Array(await buffer(stream)).buffer);
  return workbook;
}

describe('xlsxStream', () => {
  const columns = [
    { header: 'Lote', width: 10 },
    { header: 'Valor', width: 14, style: { numFmt: '#,##0.00' } },
  ];

  it('writes one named sheet: bold frozen header, autofilter over it, the rows as given', async () => {
    const rows = [
      { lot: 'L01', value: 1234.5 },
      { lot: 'L02', value: null },
    ];
    const workbook = await readBack(xlsxStream('Carteira', columns, rows, (row) => [row.lot, row.value]));
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['Carteira']);
    const sheet = workbook.getWorksheet('Carteira')!;
    expect(sheet.getRow(1).values).toEqual([undefined, 'Lote', 'Valor']);
    expect(sheet.getCell('A1').font?.bold).toBe(true);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.autoFilter).toBe('A1:B1');
    expect(sheet.getCell('A2').value).toBe('L01');
    expect(sheet.getCell('B2').value).toBe(1234.5);
    expect(sheet.getCell('A3').value).toBe('L02');
    expect(sheet.getCell('B3').value).toBeNull();
    expect(sheet.rowCount).toBe(3);
  });

  it("gives every cell its column's style", async () => {
    const workbook = await readBack(xlsxStream('S', columns, [1, 2], (n) => [`L${n}`, n * 10]));
    const sheet = workbook.getWorksheet('S')!;
    expect(sheet.getCell('B2').numFmt).toBe('#,##0.00');
    expect(sheet.getCell('B3').numFmt).toBe('#,##0.00');
    expect(sheet.getCell('A2').numFmt).toBeUndefined();
  });
});
