import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importResultSchema, portfolioSheetColumns, type ImportResult } from '@mirante/shared';
import { factories } from '../../../test/factories';
import { multipartBody } from '../../../test/multipart';
import { bearer, createTestContext, type TestContext } from '../../../test/test-app';

/*
 * An allotment onboarded from a surveyor's file with no 'lote'/'quadra' columns: the lot import names each lot by
 * its number ('1', '2', …) and gives it no block. Its portfolio spreadsheet must still find every lot.
 */

let ctx: TestContext;
let token = '';
let projectId = 0;
const lots = new Map<string, number>();
const HEADERS = portfolioSheetColumns(false).map((column) => column.header);

const square = (west: number) => ({
  type: 'Polygon' as const,
  coordinates: [
    [
      [west, -23.42],
      [west + 0.0002, -23.42],
      [west + 0.0002, -23.4198],
      [west, -23.4198],
      [west, -23.42],
    ],
  ],
});

async function workbook(rows: ExcelJS.CellValue[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Planilha1');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

const rowOf = (cells: Record<string, ExcelJS.CellValue>) => HEADERS.map((header) => cells[header] ?? null);

async function importSheet(content: Buffer): Promise<ImportResult> {
  const body = multipartBody({}, [{ name: 'file', filename: 'carteira.xlsx', content }]);
  const response = await ctx.app.inject({
    method: 'POST',
    url: `/api/v1/project/${projectId}/informations/import`,
    headers: { ...bearer(token), ...body.headers },
    payload: body.payload,
  });
  expect(response.statusCode, response.body).toBe(200);
  return importResultSchema.parse(response.json());
}

const buyerOf = async (name: string) =>
  (
    await ctx.db
      .selectFrom('lotInformations')
      .select('nomeComprador')
      .where('layerId', '=', lots.get(name) ?? 0)
      .executeTakeFirst()
  )?.nomeComprador ?? null;

beforeAll(async () => {
  ctx = await createTestContext();
  const make = factories(ctx);
  const customer = await make.buildCustomer();
  const project = await make.buildProject({ customerId: customer.id });
  expect(project.hasStage).toBe(false);
  projectId = project.id;
  // As the lot import stores a file without lote/quadra columns: the number is the name, no block, no code.
  const ids = await ctx.services.layerImport.importLayers(
    projectId,
    ['1', '2', '3', '4', '5', '5'].map((name, index) => ({
      type: 'LOT',
      name,
      block: null,
      stage: null,
      customerCode: null,
      tagValue: null,
      sourceKey: `f${index}`,
      geometry: square(-51.95 + index * 0.0003),
    })),
  );
  for (const [key, id] of ids) {
    const index = Number(key.slice(1));
    if (index < 4) lots.set(String(index + 1), id);
  }
  const finance = await make.buildUser('MANAGER', ['allotment.map', 'allotment.finance'], {
    customerId: customer.id,
    projectIds: [projectId],
  });
  token = await make.signIn(finance);
}, 60_000);

afterAll(() => ctx?.close());

describe('the portfolio of lots named by their number', () => {
  it('matches every row by its lot number, with the Quadra left blank or written S\\N', async () => {
    const result = await importSheet(
      await workbook([
        HEADERS,
        rowOf({ Lote: 1, Comprador: 'Ana Souza' }),
        rowOf({ Lote: '02', Comprador: 'Bruno Lima' }),
        rowOf({ Quadra: 'S\\N', Lote: '3', Comprador: 'Carla Dias' }),
        rowOf({ Lote: 4, Comprador: 'Davi Rocha' }),
      ]),
    );
    expect(result.list.map((row) => row.sucesso)).toEqual([true, true, true, true]);
    expect(await buyerOf('1')).toBe('Ana Souza');
    expect(await buyerOf('2')).toBe('Bruno Lima');
    expect(await buyerOf('3')).toBe('Carla Dias');
    expect(await buyerOf('4')).toBe('Davi Rocha');
  });

  it('refuses a row two lots answer to, saying to give the Código do lote, and writes nothing of it', async () => {
    const before = await ctx.db.selectFrom('lotInformationChanges').select('id').execute();
    const result = await importSheet(await workbook([HEADERS, rowOf({ Lote: 5, Comprador: 'Quem?' })]));
    expect(result.list).toHaveLength(1);
    expect(result.list[0]!.sucesso).toBe(false);
    expect(result.list[0]!.erros.join(' ')).toContain(
      'há mais de um lote com essa Quadra e esse Lote no projeto: informe o Código do lote',
    );
    expect(await ctx.db.selectFrom('lotInformationChanges').select('id').execute()).toEqual(before);
  });

  it('lists the lots under their number in the portfolio, not under S\\N', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/project/${projectId}/informations`,
      headers: bearer(token),
      payload: {},
    });
    expect(response.statusCode, response.body).toBe(200);
    const { lotsAvailable } = response.json<{ lotsAvailable: string[] }>();
    expect(lotsAvailable).toEqual(['1', '2', '3', '4', '5']);
  });
});
